import { dashboardChat, fillPath, type TChannel, type TChatEvent, type TMessage } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
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
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** The dashboard API client, with DELETE. */
function dashboard() {
  return {
    ...client(t.server),
    delete: async <T = Record<string, unknown>>(url: string, token: string) => {
      const res = await t.server.inject({
        method: "DELETE",
        url: `/api${url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.statusCode, body: res.json() as T & { code?: string } };
    },
  };
}

/** A channel kim owns and lee joined, with a message of kim's, and the owner's dashboard on the app. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim", "Kim");
  const lee = await app.user("lee", "Lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const base = `/channels/${channel.id}/messages`;
  const message = (await kim.api.post<{ message: TMessage }>(base, { text: "hello" })).body.message;
  const dash = dashboard();
  const token = app.owner.token;
  const p = (path: string, extra: Record<string, string> = {}) =>
    fillPath(path, { id: app.appId, channelId: channel.id, ...extra });
  const events = async (who = lee) =>
    (await who.api.get<{ events: TChatEvent[] }>("/events")).body.events.filter((e) => e.channelId === channel.id);
  return { app, kim, lee, id: channel.id, base, message, dash, token, p, events };
}

describe("dashboard threads", () => {
  it("pages a thread's replies by seq for the app's dashboard", async () => {
    const { kim, lee, base, message, dash, token, p } = await room();
    for (let i = 1; i <= 3; i++) {
      await (i % 2 ? lee : kim).api.post(base, { text: `r${i}`, parentMessageId: message.id });
    }
    const path = p(dashboardChat.replies, { messageId: message.id });
    const latest = await dash.get<Messages>(`${path}?limit=2`, token);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ hasMore: true });
    expect(latest.body.messages.map((m) => m.text)).toEqual(["r2", "r3"]);
    expect(latest.body.messages[0]?.myReactions).toBeUndefined();
    const older = await dash.get<Messages>(`${path}?limit=2&before=${latest.body.messages[0]?.seq}`, token);
    expect(older.body.messages.map((m) => m.text)).toEqual(["r1"]);
    expect((await dash.get(`${path}?limit=0`, token)).body.code).toBe("300");
    expect((await dash.get(p(dashboardChat.replies, { messageId: UNKNOWN }), token)).body.code).toBe("3026");
  });

  it("takes a deleted reply out of its thread: the parent's count and last reply time move back", async () => {
    const { kim, lee, base, message, dash, token, p, events } = await room();
    const first = (await lee.api.post<{ message: TMessage }>(base, { text: "r1", parentMessageId: message.id })).body
      .message;
    t.clock.advance(1000);
    const second = (await kim.api.post<{ message: TMessage }>(base, { text: "r2", parentMessageId: message.id })).body
      .message;
    const deleted = await dash.post(p(dashboardChat.deleteMessages), { messageIds: [second.id] }, token);
    expect(deleted.status).toBe(200);
    const thread = await dash.get<Messages>(p(dashboardChat.replies, { messageId: message.id }), token);
    expect(thread.body.messages.map((m) => m.text)).toEqual(["r1"]);
    const history = await dash.get<Messages>(p(dashboardChat.messages), token);
    expect(history.body.messages[0]).toMatchObject({ id: message.id, replyCount: 1, lastRepliedAt: first.createdAt });
    const updates = (await events()).filter((e) => e.type === "thread.updated");
    expect(updates.at(-1)).toMatchObject({ messageId: message.id, replyCount: 1, lastRepliedAt: first.createdAt });
    await dash.post(p(dashboardChat.deleteMessages), { messageIds: [first.id] }, token);
    const emptied = await dash.get<Messages>(p(dashboardChat.messages), token);
    expect(emptied.body.messages[0]).toMatchObject({ replyCount: 0, lastRepliedAt: null });
  });
});

describe("dashboard reactions", () => {
  it("removes a reaction for everyone who added it, keeps the others and tells members without a userId", async () => {
    const { kim, lee, base, message, dash, token, p, events } = await room();
    const reactions = `${base}/${message.id}/reactions`;
    await lee.api.post(reactions, { reaction: "👎" });
    await kim.api.post(reactions, { reaction: "👎" });
    await kim.api.post(reactions, { reaction: "like" });
    const socket = await openSocket(wsUrl, { token: lee.sessionToken });
    await socket.next((f) => f.type === "ready");

    const path = p(dashboardChat.reaction, { messageId: message.id, reaction: "👎" });
    const removed = await dash.delete<{ message: TMessage }>(path, token);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toMatchObject({ id: message.id, reactions: { like: 1 } });
    const event = await socket.event("reaction.removed");
    expect(event).toMatchObject({ messageId: message.id, reaction: "👎", reactions: { like: 1 } });
    expect(event.userId).toBeUndefined();
    socket.ws.close();

    const seen = (await lee.api.get<Messages>(base)).body.messages[0];
    expect(seen).toMatchObject({ reactions: { like: 1 }, myReactions: [] });
    // The reactors' rows went too: each may add the reaction again, counted from zero.
    expect((await lee.api.post<{ message: TMessage }>(reactions, { reaction: "👎" })).body.message.reactions).toEqual({
      like: 1,
      "👎": 1,
    });
    const again = await dash.delete<{ message: TMessage }>(
      p(dashboardChat.reaction, { messageId: message.id, reaction: "gone" }),
      token,
    );
    expect(again.status).toBe(200);
    expect((await events()).filter((e) => e.type === "reaction.removed")).toHaveLength(1);
  });

  it("answers 3026 for a deleted or unknown message and 300 for a malformed reaction", async () => {
    const { kim, base, message, dash, token, p } = await room();
    expect(
      (await dash.delete(p(dashboardChat.reaction, { messageId: UNKNOWN, reaction: "like" }), token)).body.code,
    ).toBe("3026");
    expect(
      (await dash.delete(p(dashboardChat.reaction, { messageId: message.id, reaction: "a b" }), token)).body.code,
    ).toBe("300");
    await kim.api.delete(`${base}/${message.id}`);
    expect(
      (await dash.delete(p(dashboardChat.reaction, { messageId: message.id, reaction: "like" }), token)).body.code,
    ).toBe("3026");
  });
});

describe("dashboard pins", () => {
  it("pins and unpins as the app, lists the pinned messages in pin order and tells members", async () => {
    const { kim, base, message, dash, token, p, events } = await room();
    const later = (await kim.api.post<{ message: TMessage }>(base, { text: "later" })).body.message;
    const pin = (id: string) => p(dashboardChat.pin, { messageId: id });
    const pinned = await dash.post<{ channel: TChannel }>(pin(later.id), {}, token);
    expect(pinned.status).toBe(200);
    expect(pinned.body.channel.pinnedMessageIds).toEqual([later.id]);
    await dash.post(pin(message.id), {}, token);
    const list = await dash.get<{ pinnedMessageIds: string[]; messages: TMessage[] }>(p(dashboardChat.pins), token);
    expect(list.body.pinnedMessageIds).toEqual([later.id, message.id]);
    expect(list.body.messages.map((m) => m.text)).toEqual(["later", "hello"]);

    const unpinned = await dash.delete<{ channel: TChannel }>(pin(later.id), token);
    expect(unpinned.body.channel.pinnedMessageIds).toEqual([message.id]);
    const kinds = (await events()).filter((e) => e.type.startsWith("message.") && e.type.endsWith("pinned"));
    expect(kinds.map((e) => [e.type, e.messageId])).toEqual([
      ["message.pinned", later.id],
      ["message.pinned", message.id],
      ["message.unpinned", later.id],
    ]);
  });

  it("keeps a deleted pinned message's id but leaves the message out, and answers 3082 and 3026", async () => {
    const { kim, base, message, dash, token, p } = await room();
    await dash.post(p(dashboardChat.pin, { messageId: message.id }), {}, token);
    await kim.api.delete(`${base}/${message.id}`);
    const list = await dash.get<{ pinnedMessageIds: string[]; messages: TMessage[] }>(p(dashboardChat.pins), token);
    expect(list.body).toEqual({ pinnedMessageIds: [message.id], messages: [] });
    expect((await dash.post(p(dashboardChat.pin, { messageId: message.id }), {}, token)).body.code).toBe("3026");
    expect((await dash.delete(p(dashboardChat.pin, { messageId: message.id }), token)).status).toBe(200);
    expect((await dash.delete(p(dashboardChat.pin, { messageId: message.id }), token)).body.code).toBe("3082");
  });

  it("answers 3003 to another account on the new routes", async () => {
    const { message, p } = await room();
    const stranger = (await createAccount(t)).token;
    const dash = dashboard();
    const m = { messageId: message.id };
    expect((await dash.get(p(dashboardChat.replies, m), stranger)).body.code).toBe("3003");
    expect((await dash.get(p(dashboardChat.pins), stranger)).body.code).toBe("3003");
    expect((await dash.post(p(dashboardChat.pin, m), {}, stranger)).body.code).toBe("3003");
    expect((await dash.delete(p(dashboardChat.pin, m), stranger)).body.code).toBe("3003");
    expect((await dash.delete(p(dashboardChat.reaction, { ...m, reaction: "like" }), stranger)).body.code).toBe("3003");
  });
});

describe("dashboard history", () => {
  it("shows the admin hidden and custom messages, edits and mentions as members read them", async () => {
    const { kim, lee, base, message, dash, token, p } = await room();
    await lee.api.post(base, { text: "sync", type: "hidden" });
    await lee.api.post(base, { text: '{"q":"lunch?"}', type: "custom", customType: "poll" });
    await lee.api.post(base, { text: "hi @kim", mentionedUserIds: ["kim"] });
    t.clock.advance(1000);
    await kim.api.patch(`${base}/${message.id}`, { text: "hello, edited" });
    const history = (await dash.get<Messages>(p(dashboardChat.messages), token)).body.messages;
    expect(history.map((m) => [m.type, m.text])).toEqual([
      ["text", "hello, edited"],
      ["hidden", "sync"],
      ["custom", '{"q":"lunch?"}'],
      ["text", "hi @kim"],
    ]);
    expect(history[0]?.editedAt).toBe(t.clock.now().toISOString());
    expect(history[2]?.customType).toBe("poll");
    expect(history[3]?.mentionedUserIds).toEqual(["kim"]);
  });
});
