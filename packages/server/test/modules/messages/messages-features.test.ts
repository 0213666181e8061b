import { DAY_MS, REACTIONS_PER_MESSAGE_MAX, type TChatEvent, type TMessage } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planPush } from "../../../src/modules/push/plan";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { openSocket } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type Messages = { messages: TMessage[]; hasMore: boolean };
type Events = { events: TChatEvent[] };

/** An app with a channel kim owns and lee joined, a message of kim's in it, and a stranger outside it. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const sent = await kim.api.post<{ message: TMessage }>(`/channels/${channel.id}/messages`, { text: "hello" });
  const base = `/channels/${channel.id}/messages`;
  const history = async (who = lee) => (await who.api.get<Messages>(base)).body.messages;
  const events = async (who = lee) => (await who.api.get<Events>("/events")).body.events;
  return { app, kim, lee, park, id: channel.id, message: sent.body.message, base, history, events };
}

/** Another app's channel with a message in it, to address with the first app's credentials. */
async function foreignMessage() {
  const other = await room();
  return { path: `${other.base}/${other.message.id}`, base: other.base, messageId: other.message.id };
}

const today = () => t.clock.now().toISOString().slice(0, 10);
const tomorrow = () => new Date(t.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);

describe("reactions", () => {
  it("adds a reaction once per member, with counts for all and each reader's own reactions", async () => {
    const { kim, lee, base, message, history, events } = await room();
    const path = `${base}/${message.id}/reactions`;
    const first = await lee.api.post<{ message: TMessage }>(path, { reaction: "👍" });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ id: message.id, reactions: { "👍": 1 }, myReactions: ["👍"] });
    const again = await lee.api.post<{ message: TMessage }>(path, { reaction: "👍" });
    expect(again.body.message).toMatchObject({ reactions: { "👍": 1 }, myReactions: ["👍"] });
    await kim.api.post(path, { reaction: "👍" });
    t.clock.advance(1000);
    await kim.api.post(path, { reaction: "like" });
    expect((await history(lee))[0]).toMatchObject({ reactions: { "👍": 2, like: 1 }, myReactions: ["👍"] });
    expect((await history(kim))[0]).toMatchObject({ reactions: { "👍": 2, like: 1 }, myReactions: ["👍", "like"] });
    const added = (await events()).filter((e) => e.type === "reaction.added");
    expect(added.map((e) => [e.userId, e.reaction, e.reactions])).toEqual([
      ["lee", "👍", { "👍": 1 }],
      ["kim", "👍", { "👍": 2 }],
      ["kim", "like", { "👍": 2, like: 1 }],
    ]);
    expect(added.every((e) => e.messageId === message.id && e.message === undefined)).toBe(true);
  });

  it("removes a reaction, dropping a count that reaches zero, and ignores removing one never added", async () => {
    const { kim, lee, base, message, history, events } = await room();
    const path = `${base}/${message.id}/reactions`;
    await lee.api.post(path, { reaction: "like" });
    await kim.api.post(path, { reaction: "like" });
    await kim.api.post(path, { reaction: "👀" });
    const removed = await kim.api.delete<{ message: TMessage }>(`${path}/${encodeURIComponent("👀")}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toMatchObject({ reactions: { like: 2 }, myReactions: ["like"] });
    expect((await kim.api.delete<{ message: TMessage }>(`${path}/like`)).body.message).toMatchObject({
      reactions: { like: 1 },
      myReactions: [],
    });
    const noop = await kim.api.delete<{ message: TMessage }>(`${path}/like`);
    expect(noop.status).toBe(200);
    expect(noop.body.message.reactions).toEqual({ like: 1 });
    expect((await history())[0]?.reactions).toEqual({ like: 1 });
    const gone = (await events()).filter((e) => e.type === "reaction.removed");
    expect(gone.map((e) => [e.userId, e.reaction, e.reactions])).toEqual([
      ["kim", "👀", { like: 2 }],
      ["kim", "like", { like: 1 }],
    ]);
  });

  it("refuses an empty reaction, one over 32 characters and one with whitespace or control characters with 300", async () => {
    const { lee, base, message, history } = await room();
    const path = `${base}/${message.id}/reactions`;
    for (const reaction of ["", "x".repeat(33), "thumbs up", "tab\there", "bell\u0007", 5]) {
      expect((await lee.api.post(path, { reaction })).body.code).toBe("300");
    }
    expect((await lee.api.post(path, {})).body.code).toMatch(/^30[01]$/);
    expect((await lee.api.delete(`${path}/${encodeURIComponent("a b")}`)).body.code).toBe("300");
    expect((await lee.api.post(path, { reaction: "x".repeat(32) })).status).toBe(200);
    expect((await lee.api.post(path, { reaction: "👨‍👩‍👧" })).status).toBe(200);
    expect(Object.keys((await history())[0]?.reactions ?? {}).sort()).toEqual(["x".repeat(32), "👨‍👩‍👧"].sort());
  });

  it(`refuses a ${REACTIONS_PER_MESSAGE_MAX + 1}st distinct reaction with 3066 but still counts existing ones`, async () => {
    const { kim, lee, base, message } = await room();
    const path = `${base}/${message.id}/reactions`;
    for (let i = 0; i < REACTIONS_PER_MESSAGE_MAX; i++) {
      expect((await lee.api.post(path, { reaction: `r${i}` })).status).toBe(200);
    }
    const over = await kim.api.post(path, { reaction: "one-more" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("3066");
    const existing = await kim.api.post<{ message: TMessage }>(path, { reaction: "r0" });
    expect(existing.body.message.reactions?.r0).toBe(2);
    expect(Object.keys(existing.body.message.reactions ?? {})).toHaveLength(REACTIONS_PER_MESSAGE_MAX);
  });

  it("answers 3020 to a non-member, 3026 for a deleted message, 3007 for another app's channel and 1023 to a key", async () => {
    const { app, kim, park, base, message } = await room();
    const path = `${base}/${message.id}/reactions`;
    expect((await park.api.post(path, { reaction: "like" })).body.code).toBe("3020");
    expect((await park.api.delete(`${path}/like`)).body.code).toBe("3020");
    expect((await app.server.post(path, { reaction: "like" })).body.code).toBe("1023");
    const foreign = await foreignMessage();
    expect((await kim.api.post(`${foreign.path}/reactions`, { reaction: "like" })).body.code).toBe("3007");
    expect((await kim.api.delete(`${foreign.path}/reactions/like`)).body.code).toBe("3007");
    await kim.api.delete(`${base}/${message.id}`);
    expect((await kim.api.post(path, { reaction: "like" })).body.code).toBe("3026");
    expect((await kim.api.delete(`${path}/like`)).body.code).toBe("3026");
    const unknown = `${base}/00000000-0000-4000-8000-000000000000/reactions`;
    expect((await kim.api.post(unknown, { reaction: "like" })).body.code).toBe("3026");
  });

  it("tells connected members of a reaction over the WebSocket, without anyone's own reactions", async () => {
    const { kim, lee, base, message } = await room();
    const socket = await openSocket(wsUrl, { token: kim.sessionToken });
    await socket.next((f) => f.type === "ready");
    await lee.api.post(`${base}/${message.id}/reactions`, { reaction: "🎉" });
    const event = await socket.event("reaction.added");
    expect(event).toMatchObject({ messageId: message.id, userId: "lee", reaction: "🎉", reactions: { "🎉": 1 } });
    await lee.api.delete(`${base}/${message.id}/reactions/${encodeURIComponent("🎉")}`);
    expect(await socket.event("reaction.removed")).toMatchObject({ reaction: "🎉", reactions: {} });
    socket.ws.close();
  });

  it("counts reactions added per day apart from messages", async () => {
    const { app, kim, lee, base, message } = await room();
    const path = `${base}/${message.id}/reactions`;
    await lee.api.post(path, { reaction: "like" });
    await lee.api.post(path, { reaction: "like" });
    await kim.api.post(path, { reaction: "like" });
    await kim.api.delete(`${path}/like`);
    const [day] = await t.services.metrics.daily(app.appId, today(), tomorrow());
    expect(day).toMatchObject({ messageCount: 1, reactionCount: 2, replyCount: 0 });
  });
});

describe("edits", () => {
  it("lets the sender edit text and metadata, marks editedAt and tells members with message.updated", async () => {
    const { kim, base, message, history, events } = await room();
    t.clock.advance(1000);
    const edited = await kim.api.patch<{ message: TMessage }>(`${base}/${message.id}`, {
      text: "hello, edited",
      metadata: { mood: "fine" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({
      id: message.id,
      seq: message.seq,
      text: "hello, edited",
      metadata: { mood: "fine" },
      editedAt: t.clock.now().toISOString(),
      myReactions: [],
    });
    const onlyMetadata = await kim.api.patch<{ message: TMessage }>(`${base}/${message.id}`, { metadata: {} });
    expect(onlyMetadata.body.message).toMatchObject({ text: "hello, edited", metadata: {} });
    expect((await history())[0]).toMatchObject({ text: "hello, edited", metadata: {} });
    const updated = (await events()).filter((e) => e.type === "message.updated");
    expect(updated.map((e) => [e.message?.id, e.message?.text, e.message?.metadata])).toEqual([
      [message.id, "hello, edited", { mood: "fine" }],
      [message.id, "hello, edited", {}],
    ]);
  });

  it("runs the profanity filter again: a blocked edit answers 3035 and a replaced one is masked", async () => {
    const { app, kim, base, message, history } = await room();
    const dashboard = client(t.server);
    const filter = (method: "block" | "replace") => ({
      method,
      matchMode: "contains",
      channelTypes: ["public", "private", "private_invite", "supergroup"],
      keywords: ["darn"],
      regexes: [],
    });
    await dashboard.put(`/apps/${app.appId}/profanity/filter`, filter("block"), app.owner.token);
    await dashboard.put(`/apps/${app.appId}/profanity/filter/enabled`, { enabled: true }, app.owner.token);
    const blocked = await kim.api.patch(`${base}/${message.id}`, { text: "oh darn" });
    expect(blocked.body.code).toBe("3035");
    expect((await history())[0]?.text).toBe("hello");
    await dashboard.put(`/apps/${app.appId}/profanity/filter`, filter("replace"), app.owner.token);
    const masked = await kim.api.patch<{ message: TMessage }>(`${base}/${message.id}`, { text: "oh darn" });
    expect(masked.body.message.text).toBe("oh ****");
    expect((await history())[0]?.text).toBe("oh ****");
  });

  it("refuses an empty edit with 3070, empty text with 3012, too long text with 3013 and bad metadata with 300", async () => {
    const { kim, base, message } = await room();
    const path = `${base}/${message.id}`;
    expect((await kim.api.patch(path, {})).body.code).toBe("3070");
    expect((await kim.api.patch(path, { text: "  " })).body.code).toBe("3012");
    expect((await kim.api.patch(path, { text: "x".repeat(5001) })).body.code).toBe("3013");
    expect((await kim.api.patch(path, { metadata: { k: 1 } })).body.code).toBe("300");
  });

  it("answers 3067 for someone else's message, 3020 to a non-member, 3026 when deleted and 3007 in another app", async () => {
    const { lee, kim, park, base, message } = await room();
    const path = `${base}/${message.id}`;
    expect((await lee.api.patch(path, { text: "mine now" })).body.code).toBe("3067");
    expect((await park.api.patch(path, { text: "mine now" })).body.code).toBe("3020");
    const foreign = await foreignMessage();
    expect((await kim.api.patch(foreign.path, { text: "x" })).body.code).toBe("3007");
    await kim.api.delete(path);
    expect((await kim.api.patch(path, { text: "back" })).body.code).toBe("3026");
  });

  it("answers 3022 to a muted sender, as sending does", async () => {
    const { kim, lee, id, base } = await room();
    const own = (await lee.api.post<{ message: TMessage }>(base, { text: "mine" })).body.message;
    await kim.api.post(`/channels/${id}/members/lee/mute`, { minutes: 10 });
    expect((await lee.api.patch(`${base}/${own.id}`, { text: "edited" })).body.code).toBe("3022");
  });

  it("lets the app's server edit the app's admin messages only", async () => {
    const { app, base, message } = await room();
    const admin = (await app.server.post<{ message: TMessage }>(base, { text: "notice" })).body.message;
    expect(admin.type).toBe("admin");
    const edited = await app.server.patch<{ message: TMessage }>(`${base}/${admin.id}`, { text: "notice, edited" });
    expect(edited.body.message).toMatchObject({ text: "notice, edited", sender: null });
    expect(edited.body.message.myReactions).toBeUndefined();
    expect((await app.server.patch(`${base}/${message.id}`, { text: "not yours" })).body.code).toBe("3067");
  });
});

describe("replies", () => {
  it("keeps replies out of the channel's history unless shown there, and counts them on the parent", async () => {
    const { kim, lee, base, message, history } = await room();
    t.clock.advance(1000);
    const reply = await lee.api.post<{ message: TMessage }>(base, { text: "re 1", parentMessageId: message.id });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatchObject({ parentMessageId: message.id, showInChannel: false, myReactions: [] });
    t.clock.advance(1000);
    const shown = await kim.api.post<{ message: TMessage }>(base, {
      text: "re 2",
      parentMessageId: message.id,
      showInChannel: true,
    });
    expect(shown.body.message).toMatchObject({ parentMessageId: message.id, showInChannel: true });
    const main = await history();
    expect(main.map((m) => m.text)).toEqual(["hello", "re 2"]);
    expect(main[0]).toMatchObject({ replyCount: 2, lastRepliedAt: t.clock.now().toISOString() });
    const thread = await lee.api.get<Messages>(`${base}/${message.id}/replies`);
    expect(thread.body).toMatchObject({ hasMore: false });
    expect(thread.body.messages.map((m) => m.text)).toEqual(["re 1", "re 2"]);
  });

  it("pages a thread by seq with before, after and limit", async () => {
    const { kim, base, message } = await room();
    const sent: TMessage[] = [];
    for (let i = 1; i <= 5; i++) {
      await kim.api.post(base, { text: `between ${i}` });
      sent.push(
        (await kim.api.post<{ message: TMessage }>(base, { text: `r${i}`, parentMessageId: message.id })).body.message,
      );
    }
    const path = `${base}/${message.id}/replies`;
    const latest = (await kim.api.get<Messages>(`${path}?limit=2`)).body;
    expect(latest).toMatchObject({ hasMore: true });
    expect(latest.messages.map((m) => m.text)).toEqual(["r4", "r5"]);
    const older = (await kim.api.get<Messages>(`${path}?limit=2&before=${latest.messages[0]?.seq}`)).body;
    expect(older.messages.map((m) => m.text)).toEqual(["r2", "r3"]);
    const after = (await kim.api.get<Messages>(`${path}?after=${sent[2]?.seq}`)).body;
    expect(after).toMatchObject({ hasMore: false });
    expect(after.messages.map((m) => m.text)).toEqual(["r4", "r5"]);
    expect((await kim.api.get(`${path}?limit=0`)).body.code).toBe("300");
  });

  it("refuses a reply to a reply with 3068 and to a deleted or another channel's message with 3026", async () => {
    const { kim, lee, base, message } = await room();
    const reply = (await lee.api.post<{ message: TMessage }>(base, { text: "re", parentMessageId: message.id })).body
      .message;
    const nested = await kim.api.post(base, { text: "re re", parentMessageId: reply.id });
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe("3068");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Other" })).body;
    const elsewhere = (await kim.api.post<{ message: TMessage }>(`/channels/${channel.id}/messages`, { text: "x" }))
      .body.message;
    expect((await kim.api.post(base, { text: "re", parentMessageId: elsewhere.id })).body.code).toBe("3026");
    expect((await kim.api.post(base, { text: "re", parentMessageId: "nope" })).body.code).toBe("300");
    await kim.api.delete(`${base}/${message.id}`);
    expect((await lee.api.post(base, { text: "late", parentMessageId: message.id })).body.code).toBe("3026");
    expect((await lee.api.get(`${base}/${message.id}/replies`)).body.code).toBe("3026");
  });

  it("answers 3020 to a non-member and 3007 for another app's channel, and lets the app read a thread", async () => {
    const { app, kim, park, base, message } = await room();
    expect((await park.api.post(base, { text: "re", parentMessageId: message.id })).body.code).toBe("3020");
    expect((await park.api.get(`${base}/${message.id}/replies`)).body.code).toBe("3020");
    const foreign = await foreignMessage();
    expect((await kim.api.get(`${foreign.path}/replies`)).body.code).toBe("3007");
    expect((await kim.api.post(foreign.base, { text: "re", parentMessageId: foreign.messageId })).body.code).toBe(
      "3007",
    );
    await kim.api.post(base, { text: "re", parentMessageId: message.id });
    const thread = await app.server.get<Messages>(`${base}/${message.id}/replies`);
    expect(thread.body.messages.map((m) => m.text)).toEqual(["re"]);
  });

  it("sends message.created with parentMessageId and thread.updated with the parent's counts", async () => {
    const { kim, lee, base, message, events } = await room();
    const socket = await openSocket(wsUrl, { token: kim.sessionToken });
    await socket.next((f) => f.type === "ready");
    await lee.api.post(base, { text: "re", parentMessageId: message.id });
    const created = await socket.event("message.created", (e) => e.message?.text === "re");
    expect(created.message).toMatchObject({ parentMessageId: message.id, showInChannel: false });
    const thread = await socket.event("thread.updated");
    expect(thread).toMatchObject({ messageId: message.id, replyCount: 1, lastRepliedAt: created.createdAt });
    expect((await events()).map((e) => e.type)).toEqual(expect.arrayContaining(["message.created", "thread.updated"]));
    socket.ws.close();
  });

  it("keeps hidden messages and replies kept in their thread out of the channel list's last message", async () => {
    const { lee, id, base, message } = await room();
    const lastText = async () =>
      (await lee.api.get<{ channels: { id: string; lastMessage: TMessage | null }[] }>("/channels")).body.channels.find(
        (c) => c.id === id,
      )?.lastMessage?.text;
    await lee.api.post(base, { text: "re", parentMessageId: message.id });
    await lee.api.post(base, { text: "ping", type: "hidden" });
    expect(await lastText()).toBe("hello");
    await lee.api.post(base, { text: "re shown", parentMessageId: message.id, showInChannel: true });
    expect(await lastText()).toBe("re shown");
  });

  it("counts replies per day as messages and as replies", async () => {
    const { app, lee, base, message } = await room();
    await lee.api.post(base, { text: "re", parentMessageId: message.id });
    const [day] = await t.services.metrics.daily(app.appId, today(), tomorrow());
    expect(day).toMatchObject({ messageCount: 2, reactionCount: 0, replyCount: 1 });
  });
});

describe("message types", () => {
  it("stores a custom message with its customType, from a user and from the app", async () => {
    const { app, lee, base, history } = await room();
    const sent = await lee.api.post<{ message: TMessage }>(base, {
      text: "{}",
      type: "custom",
      customType: "poll",
    });
    expect(sent.body.message).toMatchObject({ type: "custom", customType: "poll", sender: { userId: "lee" } });
    const fromApp = await app.server.post<{ message: TMessage }>(base, {
      text: "",
      type: "custom",
      customType: "card",
    });
    expect(fromApp.status).toBe(400);
    expect(fromApp.body.code).toBe("3012");
    const card = await app.server.post<{ message: TMessage }>(base, { text: "c", type: "custom", customType: "card" });
    expect(card.body.message).toMatchObject({ type: "custom", customType: "card", sender: null });
    expect((await history()).map((m) => [m.type, m.customType])).toEqual([
      ["text", undefined],
      ["custom", "poll"],
      ["custom", "card"],
    ]);
  });

  it("refuses custom without customType, customType on another type with 3069 and a long customType with 300", async () => {
    const { lee, base, history } = await room();
    expect((await lee.api.post(base, { text: "x", type: "custom" })).body.code).toBe("3069");
    expect((await lee.api.post(base, { text: "x", customType: "poll" })).body.code).toBe("3069");
    expect((await lee.api.post(base, { text: "x", type: "hidden", customType: "poll" })).body.code).toBe("3069");
    expect((await lee.api.post(base, { text: "x", type: "custom", customType: "p".repeat(65) })).body.code).toBe("300");
    expect((await lee.api.post(base, { text: "x", type: "admin" })).body.code).toBe("300");
    expect((await lee.api.post(base, { text: "x", type: "file" })).body.code).toBe("300");
    expect(await history()).toHaveLength(1);
  });

  it("stores a hidden message and delivers it in real time", async () => {
    const { kim, lee, base, history } = await room();
    const socket = await openSocket(wsUrl, { token: kim.sessionToken });
    await socket.next((f) => f.type === "ready");
    const sent = await lee.api.post<{ message: TMessage }>(base, { text: "typing-sync", type: "hidden" });
    expect(sent.body.message.type).toBe("hidden");
    const event = await socket.event("message.created", (e) => e.message?.type === "hidden");
    expect(event.message?.text).toBe("typing-sync");
    expect((await history()).map((m) => m.type)).toEqual(["text", "hidden"]);
    socket.ws.close();
  });

  it("plans no push for a hidden message, and one for a custom message", async () => {
    const { app, lee, base, events } = await room();
    await lee.api.post(base, { text: "ping", type: "hidden" });
    await lee.api.post(base, { text: "card", type: "custom", customType: "card" });
    const created = (await events()).filter((e) => e.type === "message.created" && e.message?.sender?.userId === "lee");
    const plans = await Promise.all(
      created.map((event) => planPush(t.ctx.database.db, app.appId, "Chat", event).then((plan) => plan?.message)),
    );
    expect(plans).toEqual([undefined, "card"]);
  });

  it("refuses a non-member's custom or hidden message with 3020 and another app's channel with 3007", async () => {
    const { kim, park, base } = await room();
    expect((await park.api.post(base, { text: "x", type: "hidden" })).body.code).toBe("3020");
    expect((await park.api.post(base, { text: "x", type: "custom", customType: "poll" })).body.code).toBe("3020");
    const foreign = await foreignMessage();
    expect((await kim.api.post(foreign.base, { text: "x", type: "hidden" })).body.code).toBe("3007");
  });
});

describe("webhook samples of the new events", () => {
  it.each([
    [
      "reaction.added",
      { messageId: expect.any(String), userId: "minho", reaction: "👍", reactions: { "👍": 3, like: 1 } },
    ],
    ["reaction.removed", { messageId: expect.any(String), reaction: "👍", reactions: { "👍": 2, like: 1 } }],
    ["message.updated", { message: expect.objectContaining({ editedAt: expect.any(String) }) }],
    ["thread.updated", { messageId: expect.any(String), replyCount: 4 }],
  ])("gives a sample of %s with the fields real deliveries carry", async (event, fields) => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).get<{ payload: { data: { event: TChatEvent } } }>(
      `/apps/${appId}/webhook/sample?event=${event}`,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.payload.data.event).toMatchObject({ type: event, ...fields });
  });
});
