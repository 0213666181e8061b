import type { TChannel, TChatEvent, TMember, TMessage, TMessagesResponse, TUnreadResponse } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { messageTexts, readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

async function createChannel(user: User | App["server"], body: Record<string, unknown>) {
  const api = "api" in user ? user.api : user;
  const res = await api.post<{ channel: TChannel }>("/channels", body);
  expect(res.status).toBe(200);
  return res.body.channel;
}

async function send(user: User, channelId: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await user.api.post<{ message: { id: string; seq: number } }>(`/channels/${channelId}/messages`, {
    text,
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.message;
}

const mine = async (user: User) =>
  new Map((await user.api.get<{ channels: TChannel[] }>("/channels?scope=mine")).body.channels.map((c) => [c.id, c]));

const historyTexts = async (user: User, channelId: string) =>
  (await user.api.get<TMessagesResponse>(`/channels/${channelId}/messages`)).body.messages.map((m) => m.text);

describe("unread counts", () => {
  it("counts other members' messages after each member's read mark, per channel and in the totals", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee", "park"] });
    const side = await createChannel(lee, { name: "Side", userIds: ["kim"] });
    for (const text of ["l1", "l2", "l3"]) await send(lee, room.id, text);
    await send(park, room.id, "p1");
    await send(park, room.id, "p2");
    await send(lee, side.id, "s1");

    const kims = await mine(kim);
    expect(kims.get(room.id)).toMatchObject({ unreadCount: 5, unreadMentionCount: 0 });
    expect(kims.get(side.id)).toMatchObject({ unreadCount: 1 });
    // Lee's own messages are not unread for Lee; Park's two, sent after them, are.
    expect((await mine(lee)).get(room.id)?.unreadCount).toBe(2);
    expect((await mine(park)).get(room.id)?.unreadCount).toBe(0);
    expect((await kim.api.get<TUnreadResponse>("/me/unread")).body).toEqual({
      unreadCount: 6,
      unreadMentionCount: 0,
      channels: 2,
    });

    // A read mark in the middle leaves what came after it unread.
    expect((await kim.api.post(`/channels/${room.id}/read`, { seq: 3 })).status).toBe(200);
    expect((await mine(kim)).get(room.id)?.unreadCount).toBe(2);
    expect((await kim.api.get<{ channel: TChannel }>(`/channels/${room.id}`)).body.channel.unreadCount).toBe(2);
    // Counts are a member's own: a user who does not belong to the channel sees none.
    const stranger = await app.user("choi");
    expect((await stranger.api.get<{ channel: TChannel }>(`/channels/${room.id}`)).body.channel).not.toHaveProperty(
      "unreadCount",
    );
    await kim.api.post(`/channels/${room.id}/read`, {});
    await kim.api.post(`/channels/${side.id}/read`, {});
    expect((await kim.api.get<TUnreadResponse>("/me/unread")).body).toEqual({
      unreadCount: 0,
      unreadMentionCount: 0,
      channels: 0,
    });
  });

  it("counts the app's messages for everyone and starts a newcomer at nothing unread", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room" });
    await app.server.post(`/channels/${room.id}/messages`, { text: "from the app" });
    await send(kim, room.id, "before lee");
    expect((await lee.api.post(`/channels/${room.id}/join`, {})).status).toBe(200);
    expect((await mine(lee)).get(room.id)?.unreadCount).toBe(0);
    await send(kim, room.id, "after lee");
    await app.server.post(`/channels/${room.id}/messages`, { text: "app again" });
    expect((await mine(lee)).get(room.id)?.unreadCount).toBe(2);
    expect((await mine(kim)).get(room.id)?.unreadCount).toBe(1);
  });

  it("does not count hidden messages", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"] });
    await send(lee, room.id, "signal", { type: "hidden" });
    await send(lee, room.id, "visible");
    expect((await mine(kim)).get(room.id)?.unreadCount).toBe(1);
    await kim.api.post(`/channels/${room.id}/read`, { seq: 1 });
    expect((await mine(kim)).get(room.id)?.unreadCount).toBe(1);
  });

  it("counts mentions of a member until their read mark passes them, not the sender's own", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee", "park"] });
    const first = await send(lee, room.id, "hi @kim", { mentionedUserIds: ["kim", "lee"] });
    expect(first).toMatchObject({ mentionedUserIds: ["kim", "lee"] });
    await send(park, room.id, "and @kim again", { mentionedUserIds: ["kim"] });
    await send(park, room.id, "no mention");
    expect((await mine(kim)).get(room.id)).toMatchObject({ unreadCount: 3, unreadMentionCount: 2 });
    expect((await mine(lee)).get(room.id)).toMatchObject({ unreadCount: 2, unreadMentionCount: 0 });
    const history = (await kim.api.get<TMessagesResponse>(`/channels/${room.id}/messages`)).body.messages;
    expect(history[0]?.mentionedUserIds).toEqual(["kim", "lee"]);
    await kim.api.post(`/channels/${room.id}/read`, { seq: 1 });
    expect((await mine(kim)).get(room.id)).toMatchObject({ unreadCount: 2, unreadMentionCount: 1 });
    expect((await kim.api.get<TUnreadResponse>("/me/unread")).body).toEqual({
      unreadCount: 2,
      unreadMentionCount: 1,
      channels: 1,
    });
    // Sending moves the sender's read mark to their message: what mentioned them before it is read.
    await send(kim, room.id, "on my way");
    expect((await mine(kim)).get(room.id)).toMatchObject({ unreadCount: 0, unreadMentionCount: 0 });
    const many = Array.from({ length: 21 }, (_, i) => `u${i}`);
    const refused = await lee.api.post(`/channels/${room.id}/messages`, { text: "all", mentionedUserIds: many });
    expect(refused.body.code).toBe("300");
  });

  it("answers totals only to an end user: 1023 for an API key, 3028 without a credential", async () => {
    const app = await createChatApp(t);
    expect((await app.server.get("/me/unread")).body.code).toBe("1023");
    const anonymous = await t.server.inject({ method: "GET", url: "/v1/me/unread" });
    expect(anonymous.json().code).toBe("3028");
  });
});

describe("read receipts", () => {
  it("lists each member's lastReadSeq", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"] });
    await send(kim, room.id, "one");
    await send(kim, room.id, "two");
    const members = (await lee.api.get<{ members: TMember[] }>(`/channels/${room.id}/members`)).body.members;
    expect(Object.fromEntries(members.map((m) => [m.userId, m.lastReadSeq]))).toEqual({ kim: 2, lee: 0 });
  });

  it("tells members of a read mark at once, and of a burst's newest mark when the interval ends", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"] });
    for (const text of ["1", "2", "3"]) await send(kim, room.id, text);
    const [watcher] = await readySocketsAt(wsUrl, { token: kim.sessionToken });
    for (const seq of [1, 2, 3]) await lee.api.post(`/channels/${room.id}/read`, { seq });
    const first = await watcher.event("channel.read");
    expect(first).toMatchObject({ channelId: room.id, userId: "lee", seq: 1 });
    const last = await watcher.event("channel.read", (e) => e.seq === 3, 6000);
    expect(last.userId).toBe("lee");
    await watcher.caughtUp();
    const seqs = watcher.frames.flatMap((f) =>
      f.type === "event" && f.event.type === "channel.read" ? [f.event.seq] : [],
    );
    expect(seqs).toEqual([1, 3]);
    watcher.ws.close();
  });
});

describe("distinct channels", () => {
  it("answers the channel of the same members, in any order, instead of making another", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    await app.user("park");
    const first = await createChannel(kim, { name: "Us", userIds: ["lee", "park"], distinct: true });
    expect(first.isDistinct).toBe(true);
    const again = await createChannel(lee, { name: "Other name", userIds: ["park", "kim"], distinct: true });
    expect(again.id).toBe(first.id);
    const plain = await createChannel(kim, { name: "Us", userIds: ["lee", "park"] });
    expect(plain.id).not.toBe(first.id);
    const fewer = await createChannel(kim, { name: "Two", userIds: ["lee"], distinct: true });
    expect(fewer.id).not.toBe(first.id);
  });

  it("makes one channel of two creates at once", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const [a, b] = await Promise.all([
      kim.api.post<{ channel: TChannel }>("/channels", { name: "Race", userIds: ["lee"], distinct: true }),
      lee.api.post<{ channel: TChannel }>("/channels", { name: "Race", userIds: ["kim"], distinct: true }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.channel.id).toBe(b.body.channel.id);
    const list = (await kim.api.get<{ channels: TChannel[] }>("/channels?scope=mine")).body.channels;
    expect(list).toHaveLength(1);
  });

  it("makes a new channel once the distinct one's members changed", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const first = await createChannel(kim, { name: "Us", userIds: ["lee"], distinct: true });
    expect((await lee.api.post(`/channels/${first.id}/leave`)).status).toBe(200);
    const second = await createChannel(kim, { name: "Us", userIds: ["lee"], distinct: true });
    expect(second.id).not.toBe(first.id);
  });

  it("keeps each app's distinct channels apart", async () => {
    const [a, b] = [await createChatApp(t), await createChatApp(t)];
    for (const app of [a, b])
      for (const id of ["kim", "lee"]) await app.server.post("/users", { userId: id, nickname: id });
    const inA = await createChannel(a.server, { name: "Pair", userIds: ["kim", "lee"], distinct: true });
    const inB = await createChannel(b.server, { name: "Pair", userIds: ["kim", "lee"], distinct: true });
    expect(inA.id).not.toBe(inB.id);
    expect((await createChannel(a.server, { name: "Pair", userIds: ["lee", "kim"], distinct: true })).id).toBe(inA.id);
  });

  it("refuses a distinct super group or broadcast channel with 3081, and a non-boolean with 300", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    for (const type of ["supergroup", "broadcast"]) {
      const res = await kim.api.post("/channels", { name: "Many", type, distinct: true });
      expect(res.body.code).toBe("3081");
    }
    expect((await kim.api.post("/channels", { name: "X", distinct: "yes" })).body.code).toBe("300");
  });
});

describe("broadcast channels", () => {
  it("delivers the owner's messages to everyone and a member's to the owner only, live, in history and catch-up", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "News", type: "broadcast", userIds: ["lee", "park"] });
    expect(room.type).toBe("broadcast");
    const [sk, sl, sp] = await readySocketsAt(
      wsUrl,
      { token: kim.sessionToken },
      { token: lee.sessionToken },
      { token: park.sessionToken },
    );
    await send(kim, room.id, "announcement");
    await send(lee, room.id, "question from lee");
    await sk.event("message.created", (e) => e.message?.text === "question from lee");
    await sl.event("message.created", (e) => e.message?.text === "question from lee");
    await sp.event("message.created", (e) => e.message?.text === "announcement");
    await sp.caughtUp();
    expect(messageTexts(sp)).toEqual(["announcement"]);
    for (const s of [sk, sl, sp]) s.ws.close();

    expect(await historyTexts(kim, room.id)).toEqual(["announcement", "question from lee"]);
    expect(await historyTexts(lee, room.id)).toEqual(["announcement", "question from lee"]);
    expect(await historyTexts(park, room.id)).toEqual(["announcement"]);
    const caughtUp = (await park.api.get<{ events: TChatEvent[] }>("/events?after=0")).body.events;
    expect(caughtUp.flatMap((e) => (e.type === "message.created" ? [e.message?.text] : []))).toEqual(["announcement"]);
    // Park has only the announcement to read; the owner has Lee's question.
    expect((await mine(park)).get(room.id)?.unreadCount).toBe(1);
    expect((await mine(kim)).get(room.id)?.unreadCount).toBe(1);
  });

  it("shows a member's message as the last message only to its sender and the owner, in lists, reads and events", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park, choi] = await Promise.all(["kim", "lee", "park", "choi"].map((id) => app.user(id)));
    if (!kim || !lee || !park || !choi) throw new Error("users");
    const room = await createChannel(kim, { name: "News", type: "broadcast", userIds: ["lee", "park"] });
    await send(kim, room.id, "announcement");
    await send(lee, room.id, "question from lee");
    const last = async (user: User) => (await mine(user)).get(room.id)?.lastMessage?.text;
    expect([await last(kim), await last(lee), await last(park)]).toEqual([
      "question from lee",
      "question from lee",
      "announcement",
    ]);
    const read = await park.api.get<{ channel: TChannel }>(`/channels/${room.id}`);
    expect(read.body.channel.lastMessage?.text).toBe("announcement");
    const listed = (await choi.api.get<{ channels: TChannel[] }>("/channels?scope=public")).body.channels;
    expect(listed.find((c) => c.id === room.id)?.lastMessage?.text).toBe("announcement");
    // An event about the channel reaches every member, so it carries what every member may see.
    await kim.api.patch(`/channels/${room.id}`, { data: { topic: "launch" } });
    const events = (await park.api.get<{ events: TChatEvent[] }>("/events?after=0")).body.events;
    const changed = events.find((e) => e.type === "channel.changed");
    expect(changed?.channel?.lastMessage?.text).toBe("announcement");
  });

  it("answers 3026 to a member who reacts to, replies to or opens the thread of another member's message", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "News", type: "broadcast", userIds: ["lee", "park"] });
    const announcement = await send(kim, room.id, "announcement");
    const question = await send(lee, room.id, "question from lee");
    const base = `/channels/${room.id}/messages/${question.id}`;
    expect((await park.api.post(`${base}/reactions`, { reaction: "like" })).body).toMatchObject({ code: "3026" });
    expect((await park.api.delete(`${base}/reactions/like`)).body).toMatchObject({ code: "3026" });
    expect((await park.api.get(`${base}/replies`)).body).toMatchObject({ code: "3026" });
    const reply = await park.api.post(`/channels/${room.id}/messages`, {
      text: "me too",
      parentMessageId: question.id,
    });
    expect(reply.body).toMatchObject({ code: "3026" });
    // The owner's messages, their own and the owner reading anything stay open.
    expect(
      (await park.api.post(`/channels/${room.id}/messages/${announcement.id}/reactions`, { reaction: "like" })).status,
    ).toBe(200);
    expect((await lee.api.post(`${base}/reactions`, { reaction: "like" })).status).toBe(200);
    const owners = await kim.api.post<{ message: TMessage }>(`${base}/reactions`, { reaction: "like" });
    expect(owners.body.message.reactions).toEqual({ like: 2 });
  });

  it("lists broadcast channels among the public ones and lets users join them", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "News", type: "broadcast" });
    const listed = (await lee.api.get<{ channels: TChannel[] }>("/channels?scope=public")).body.channels;
    expect(listed.map((c) => c.id)).toContain(room.id);
    expect((await lee.api.post(`/channels/${room.id}/join`, {})).status).toBe(200);
  });

  it("refuses a misspelled type, a member limit below 2, and a message or reply of the wrong shape with 300 and the field's key", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const misspelled = await kim.api.post("/channels", { name: "News", type: "broadcasts" });
    expect(misspelled.status).toBe(400);
    expect(misspelled.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "type", message: "VALIDATION_INVALID_VALUE" }] },
    });
    expect((await kim.api.post("/channels", { name: "News", type: "broadcast", memberLimit: 1 })).body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "memberLimit", message: "VALIDATION_MEMBER_LIMIT" }] },
    });
    const room = await createChannel(kim, { name: "News", type: "broadcast" });
    const path = `/channels/${room.id}/messages`;
    expect((await kim.api.post(path, { text: "hi @lee", mentionedUserIds: "lee" })).body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "mentionedUserIds", message: "VALIDATION_INVALID_VALUE" }] },
    });
    expect((await kim.api.post(path, { text: "re", parentMessageId: "not-a-uuid" })).body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "parentMessageId", message: "VALIDATION_INVALID_FORMAT" }] },
    });
    expect(await historyTexts(kim, room.id)).toEqual([]);
  });

  it("answers 3020 to a user outside the channel who sends, reads its history or a thread, or reacts, and lets them once they join", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "News", type: "broadcast", userIds: ["lee"] });
    const announcement = await send(kim, room.id, "announcement");
    const base = `/channels/${room.id}/messages`;
    const refusals = [
      await park.api.post(base, { text: "let me in" }),
      await park.api.get(base),
      await park.api.get(`${base}/${announcement.id}/replies`),
      await park.api.post(`${base}/${announcement.id}/reactions`, { reaction: "like" }),
      await park.api.post(`/channels/${room.id}/read`, {}),
    ];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([403, "3020"]));
    expect(await historyTexts(kim, room.id)).toEqual(["announcement"]);

    expect((await park.api.post(`/channels/${room.id}/join`, {})).status).toBe(200);
    await send(park, room.id, "joined");
    expect(await historyTexts(park, room.id)).toEqual(["announcement", "joined"]);
    expect(await historyTexts(lee, room.id)).toEqual(["announcement"]);
  });

  it("answers 3007 to another app's users and API key, and 3018 when inviting a user of another app", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    await app.user("lee");
    const room = await createChannel(kim, { name: "News", type: "broadcast", userIds: ["lee"] });
    const announcement = await send(kim, room.id, "announcement");
    const other = await createChatApp(t);
    // The same user ID as a member, in the other app: ids are per app, so this is someone else.
    const otherLee = await other.user("lee");
    const base = `/channels/${room.id}/messages`;
    for (const caller of [otherLee.api, other.server]) {
      const refusals = [
        await caller.post(base, { text: "hello" }),
        await caller.get(base),
        await caller.get(`${base}/${announcement.id}/replies`),
        await caller.get(`/channels/${room.id}`),
        await caller.patch(`/channels/${room.id}`, { name: "Taken over" }),
      ];
      expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([404, "3007"]));
    }
    expect((await otherLee.api.post(`/channels/${room.id}/join`, {})).body.code).toBe("3007");
    expect(await historyTexts(kim, room.id)).toEqual(["announcement"]);
    expect((await kim.api.get<{ channel: TChannel }>(`/channels/${room.id}`)).body.channel.name).toBe("News");

    await other.user("bob");
    const invite = await kim.api.post("/channels", { name: "Other news", type: "broadcast", userIds: ["bob"] });
    expect([invite.status, invite.body.code]).toEqual([404, "3018"]);
  });
});

describe("channel data", () => {
  it("keeps the data given at creation and replaced by the owner, and tells members", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"], data: { topic: "launch" } });
    expect(room.data).toEqual({ topic: "launch" });
    const [sl] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    const updated = await kim.api.patch<{ channel: TChannel }>(`/channels/${room.id}`, {
      data: { topic: "retro", color: "blue" },
    });
    expect(updated.body.channel.data).toEqual({ topic: "retro", color: "blue" });
    const changed = await sl.event("channel.changed");
    expect(changed.channel?.data).toEqual({ topic: "retro", color: "blue" });
    sl.ws.close();
    const byApp = await app.server.patch<{ channel: TChannel }>(`/channels/${room.id}`, { data: {} });
    expect(byApp.body.channel.data).toEqual({});
  });

  it("refuses a sixth pair and a long value with 300, and a member who is not the owner with 3025", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const six = Object.fromEntries(["a", "b", "c", "d", "e", "f"].map((k) => [k, k]));
    expect((await kim.api.post("/channels", { name: "Room", data: six })).body.code).toBe("300");
    expect((await kim.api.post("/channels", { name: "Room", data: { k: "v".repeat(1001) } })).body.code).toBe("300");
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"] });
    expect((await lee.api.patch(`/channels/${room.id}`, { data: { k: "v" } })).body.code).toBe("3025");
    const other = await createChatApp(t);
    expect((await other.server.patch(`/channels/${room.id}`, { data: { k: "v" } })).body.code).toBe("3007");
  });
});

describe("hideMessagesBeforeJoin", () => {
  it("answers 3026 to a later member who reacts to a message sent before they joined, and lets them reply to it", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Fresh", hideMessagesBeforeJoin: true });
    const old = await send(kim, room.id, "old");
    await lee.api.post(`/channels/${room.id}/join`, {});
    const fresh = await send(kim, room.id, "new");
    const react = (id: string) => lee.api.post(`/channels/${room.id}/messages/${id}/reactions`, { reaction: "like" });
    expect((await react(old.id)).body).toMatchObject({ code: "3026" });
    expect((await react(fresh.id)).status).toBe(200);
    // The thread goes on past the join, and its replies from then on are Lee's to read and to add to.
    const reply = await lee.api.post(`/channels/${room.id}/messages`, { text: "late", parentMessageId: old.id });
    expect(reply.status).toBe(200);
  });

  it("starts a later member's history and catch-up at their join", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const hidden = await createChannel(kim, { name: "Fresh", hideMessagesBeforeJoin: true });
    const open = await createChannel(kim, { name: "Open" });
    expect(hidden.hideMessagesBeforeJoin).toBe(true);
    for (const room of [hidden, open]) {
      await send(kim, room.id, "old");
      await lee.api.post(`/channels/${room.id}/join`, {});
      await send(kim, room.id, "new");
    }
    expect(await historyTexts(lee, hidden.id)).toEqual(["new"]);
    expect(await historyTexts(lee, open.id)).toEqual(["old", "new"]);
    expect(await historyTexts(kim, hidden.id)).toEqual(["old", "new"]);
    const events = (await lee.api.get<{ events: TChatEvent[] }>("/events?after=0")).body.events;
    const heard = events.flatMap((e) =>
      e.type === "message.created" ? [`${e.channelId === hidden.id}:${e.message?.text}`] : [],
    );
    expect(heard).toEqual(["true:new", "false:old", "false:new"]);
    // Turned on later, it applies to members who joined after the messages.
    await app.server.patch(`/channels/${open.id}`, { hideMessagesBeforeJoin: true });
    await park.api.post(`/channels/${open.id}/join`, {});
    expect(await historyTexts(park, open.id)).toEqual([]);
  });

  it("refuses a value that is not a boolean with 300 on create and on change, and leaves the channel as it was", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const field = { fields: [{ path: "hideMessagesBeforeJoin", message: "VALIDATION_INVALID_VALUE" }] };
    const created = await kim.api.post("/channels", { name: "Fresh", hideMessagesBeforeJoin: "yes" });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: "300", data: field });
    const room = await createChannel(kim, { name: "Fresh" });
    for (const value of [1, "true", null]) {
      const changed = await kim.api.patch(`/channels/${room.id}`, { hideMessagesBeforeJoin: value });
      expect(changed.body).toMatchObject({ code: "300", data: field });
    }
    const byApp = await app.server.patch(`/channels/${room.id}`, { hideMessagesBeforeJoin: "on" });
    expect(byApp.body).toMatchObject({ code: "300", data: field });
    expect((await kim.api.get<{ channel: TChannel }>(`/channels/${room.id}`)).body.channel.hideMessagesBeforeJoin).toBe(
      false,
    );
  });

  it("lets only the owner or the app change it: 3025 for another member or a non-member, 3007 for another app", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "Fresh", userIds: ["lee"] });
    const path = `/channels/${room.id}`;
    const turnOn = { hideMessagesBeforeJoin: true };
    expect([(await lee.api.patch(path, turnOn)).body.code, (await park.api.patch(path, turnOn)).body.code]).toEqual([
      "3025",
      "3025",
    ]);
    const other = await createChatApp(t);
    const stranger = await other.user("kim");
    expect([
      (await other.server.patch(path, turnOn)).body.code,
      (await stranger.api.patch(path, turnOn)).body.code,
    ]).toEqual(["3007", "3007"]);
    const hides = async () => (await lee.api.get<{ channel: TChannel }>(path)).body.channel.hideMessagesBeforeJoin;
    expect(await hides()).toBe(false);
    expect((await kim.api.patch<{ channel: TChannel }>(path, turnOn)).body.channel.hideMessagesBeforeJoin).toBe(true);
    expect((await app.server.patch<{ channel: TChannel }>(path, { hideMessagesBeforeJoin: false })).status).toBe(200);
    expect(await hides()).toBe(false);
  });

  it("hides from a later member the thread replies sent before they joined, and the earlier messages' edits from catch-up", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Fresh", hideMessagesBeforeJoin: true });
    const base = `/channels/${room.id}/messages`;
    const question = await send(kim, room.id, "question");
    await send(kim, room.id, "early reply", { parentMessageId: question.id });
    await send(kim, room.id, "early reply shown", { parentMessageId: question.id, showInChannel: true });
    expect((await lee.api.post(`/channels/${room.id}/join`, {})).status).toBe(200);
    await send(kim, room.id, "late reply", { parentMessageId: question.id });
    expect((await kim.api.patch(`${base}/${question.id}`, { text: "question, edited" })).status).toBe(200);

    const thread = async (who: User) =>
      (await who.api.get<TMessagesResponse>(`${base}/${question.id}/replies`)).body.messages.map((m) => m.text);
    expect(await thread(lee)).toEqual(["late reply"]);
    expect(await thread(kim)).toEqual(["early reply", "early reply shown", "late reply"]);
    expect(await historyTexts(lee, room.id)).toEqual([]);

    const events = (await lee.api.get<{ events: TChatEvent[] }>("/events?after=0")).body.events;
    const heard = events.flatMap((e) => (e.message ? [`${e.type}:${e.message.text}`] : []));
    expect(heard).toEqual(["message.created:late reply"]);
  });
});

describe("pinned messages", () => {
  it("lets the owner and the app pin and unpin, and tells members", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"] });
    const one = await send(lee, room.id, "pin me");
    const two = await send(kim, room.id, "me too");
    const [sl] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    const pinned = await kim.api.post<{ channel: TChannel }>(`/channels/${room.id}/pins/${one.id}`);
    expect(pinned.body.channel.pinnedMessageIds).toEqual([one.id]);
    const event = await sl.event("message.pinned");
    expect(event).toMatchObject({ messageId: one.id, channel: { pinnedMessageIds: [one.id] } });
    const byApp = await app.server.post<{ channel: TChannel }>(`/channels/${room.id}/pins/${two.id}`);
    expect(byApp.body.channel.pinnedMessageIds).toEqual([one.id, two.id]);
    // Pinning again changes nothing.
    expect(
      (await kim.api.post<{ channel: TChannel }>(`/channels/${room.id}/pins/${one.id}`)).body.channel.pinnedMessageIds,
    ).toEqual([one.id, two.id]);
    const unpinned = await kim.api.delete<{ channel: TChannel }>(`/channels/${room.id}/pins/${one.id}`);
    expect(unpinned.body.channel.pinnedMessageIds).toEqual([two.id]);
    expect(await sl.event("message.unpinned")).toMatchObject({ messageId: one.id });
    sl.ws.close();
    expect((await lee.api.get<{ channel: TChannel }>(`/channels/${room.id}`)).body.channel.pinnedMessageIds).toEqual([
      two.id,
    ]);
  });

  it("refuses an 11th pin with 3080", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const room = await createChannel(kim, { name: "Room" });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await send(kim, room.id, `m${i}`)).id);
    for (const id of ids.slice(0, 10)) expect((await kim.api.post(`/channels/${room.id}/pins/${id}`)).status).toBe(200);
    const res = await kim.api.post(`/channels/${room.id}/pins/${ids[10]}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("3080");
  });

  it("refuses a member who does not own the channel (3025), an unknown message (3026), an unpinned one (3082), a bad id (300) and another app (3007)", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Room", userIds: ["lee"] });
    const message = await send(kim, room.id, "hello");
    expect((await lee.api.post(`/channels/${room.id}/pins/${message.id}`)).body.code).toBe("3025");
    const stranger = await app.user("park");
    expect((await stranger.api.post(`/channels/${room.id}/pins/${message.id}`)).body.code).toBe("3025");
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await kim.api.post(`/channels/${room.id}/pins/${unknown}`)).body.code).toBe("3026");
    expect((await kim.api.delete(`/channels/${room.id}/pins/${message.id}`)).body.code).toBe("3082");
    expect((await kim.api.post(`/channels/${room.id}/pins/not-a-uuid`)).body.code).toBe("300");
    const other = await createChatApp(t);
    expect((await other.server.post(`/channels/${room.id}/pins/${message.id}`)).body.code).toBe("3007");
    const outsider = await other.user("bob");
    expect((await outsider.api.delete(`/channels/${room.id}/pins/${message.id}`)).body.code).toBe("3007");
  });
});
