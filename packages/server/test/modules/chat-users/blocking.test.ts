import { randomBytes } from "node:crypto";
import {
  BLOCKED_USERS_MAX,
  type TBlockedUser,
  type TBlockedUsersPage,
  type TChannel,
  type TChatEvent,
  type TMessage,
  type TUnreadResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";
import { KEYS, startTranslateReceiver, type TranslateReceiver } from "../../translate-receiver";
import { messageTexts, readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;
let receiver: FcmReceiver;
let google: TranslateReceiver;

beforeAll(async () => {
  receiver = await startFcmReceiver();
  google = await startTranslateReceiver();
  t = await startTestApp({
    env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: receiver.url, TRANSLATE_BASE_URL: google.url },
  });
  wsUrl = await listenForSockets(t);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await google?.close();
});

type Messages = { messages: TMessage[] };
type Block = { user: TBlockedUser };

/** An app with a channel kim owns that lee and park joined, and a message kim sent before anyone blocked anyone. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  await park.api.post(`/channels/${channel.id}/join`);
  const base = `/channels/${channel.id}/messages`;
  const first = (await kim.api.post<{ message: TMessage }>(base, { text: "before" })).body.message;
  const send = async (who: typeof kim, text: string, extra: Record<string, unknown> = {}) =>
    (await who.api.post<{ message: TMessage }>(base, { text, ...extra })).body.message;
  const texts = async (who: typeof kim, path = base) =>
    (await who.api.get<Messages>(path)).body.messages.map((m) => m.text);
  return { app, kim, lee, park, id: channel.id, base, first, send, texts };
}

describe("the block list", () => {
  it("blocks a user once however often asked, lists them with their profile, and unblocks them", async () => {
    const { lee } = await room();
    const blocked = await lee.api.post<Block>("/me/blocks/kim");
    expect(blocked.status).toBe(200);
    expect(blocked.body.user).toMatchObject({ userId: "kim", nickname: "kim", isActive: true });
    expect(blocked.body.user.blockedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(1000);
    const again = await lee.api.post<Block>("/me/blocks/kim");
    expect(again.status).toBe(200);
    expect(again.body.user.blockedAt).toBe(blocked.body.user.blockedAt);

    const list = await lee.api.get<TBlockedUsersPage>("/me/blocks");
    expect(list.body).toEqual({ users: [blocked.body.user], nextCursor: null });

    expect((await lee.api.delete("/me/blocks/kim")).body).toEqual({ ok: true });
    expect((await lee.api.get<TBlockedUsersPage>("/me/blocks")).body.users).toEqual([]);
    const gone = await lee.api.delete("/me/blocks/kim");
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("3083");
  });

  it("pages the block list newest first by cursor", async () => {
    const { app, lee } = await room();
    await app.user("choi");
    for (const userId of ["kim", "park", "choi"]) {
      await lee.api.post(`/me/blocks/${userId}`);
      t.clock.advance(1000);
    }
    const first = await lee.api.get<TBlockedUsersPage>("/me/blocks?limit=2");
    expect(first.body.users.map((u) => u.userId)).toEqual(["choi", "park"]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await lee.api.get<TBlockedUsersPage>(
      `/me/blocks?limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`,
    );
    expect(next.body).toMatchObject({ nextCursor: null });
    expect(next.body.users.map((u) => u.userId)).toEqual(["kim"]);
  });

  it("refuses oneself with 3084, an unknown or another app's user with 3018, a key with 1023 and a bad id with 300", async () => {
    const { app, lee } = await room();
    const other = await createChatApp(t);
    await other.user("zoe");
    const self = await lee.api.post("/me/blocks/lee");
    expect([self.status, self.body.code]).toEqual([400, "3084"]);
    for (const userId of ["nobody", "zoe"]) {
      const unknown = await lee.api.post(`/me/blocks/${userId}`);
      expect([unknown.status, unknown.body.code]).toEqual([404, "3018"]);
      expect((await lee.api.delete(`/me/blocks/${userId}`)).body.code).toBe("3018");
    }
    expect((await lee.api.post(`/me/blocks/${encodeURIComponent("no spaces")}`)).body.code).toBe("300");
    expect((await app.server.post("/me/blocks/kim")).body.code).toBe("1023");
    expect((await app.server.get("/me/blocks")).body.code).toBe("1023");
    expect((await lee.api.get("/me/blocks?limit=0")).body.code).toBe("300");
    expect((await lee.api.get<TBlockedUsersPage>("/me/blocks")).body.users).toEqual([]);
  });

  it(`refuses a block past ${BLOCKED_USERS_MAX} with 3085, still answers one already made, and admits one after an unblock`, async () => {
    const { app, lee } = await room();
    const me = await t.services.chatUsers.requireUser(app.appId, "lee");
    // Many users and blocks at once, as rows: the API would take a thousand calls to make them.
    await t.ctx.database.query(
      `with made as (
         insert into chat_users (app_id, user_id, nickname, created_at)
         select $1, 'bulk-' || n, 'bulk ' || n, now() from generate_series(1, $3::int) as n
         returning id
       )
       insert into user_blocks (app_id, blocker_id, blocked_id, created_at) select $1, $2, id, now() from made`,
      [app.appId, me.id, BLOCKED_USERS_MAX],
    );
    const over = await lee.api.post("/me/blocks/kim");
    expect([over.status, over.body.code]).toEqual([409, "3085"]);
    expect((await lee.api.post<Block>("/me/blocks/bulk-7")).body.user.userId).toBe("bulk-7");
    expect((await lee.api.delete("/me/blocks/bulk-7")).status).toBe(200);
    expect((await lee.api.post<Block>("/me/blocks/kim")).status).toBe(200);
    expect((await lee.api.post("/me/blocks/bulk-7")).body.code).toBe("3085");
  });
});

describe("what a block hides", () => {
  it("leaves the blocked user's messages out of the blocker's history, threads, channel list and catch-up, and only theirs", async () => {
    const { kim, lee, park, id, base, first, send, texts } = await room();
    await lee.api.post("/me/blocks/kim");
    await send(kim, "from kim");
    await send(park, "from park");
    const reply = await send(kim, "kim replies", { parentMessageId: first.id, showInChannel: true });
    await send(park, "park replies", { parentMessageId: first.id });

    expect(await texts(lee)).toEqual(["from park"]);
    expect(await texts(lee, `${base}/${first.id}/replies`)).toEqual(["park replies"]);
    // One way only: kim still reads lee's channel as it is, and park reads everything.
    expect(await texts(kim)).toEqual(["before", "from kim", "from park", "kim replies"]);
    expect(await texts(park)).toEqual(["before", "from kim", "from park", "kim replies"]);

    const listed = (await lee.api.get<{ channels: TChannel[] }>("/channels")).body.channels;
    expect(listed.find((c) => c.id === id)?.lastMessage?.text).toBe("from park");
    expect((await park.api.get<{ channels: TChannel[] }>("/channels")).body.channels[0]?.lastMessage?.id).toBe(
      reply.id,
    );
    const caughtUp = (await lee.api.get<{ events: TChatEvent[] }>("/events")).body.events;
    const heard = caughtUp.filter((e) => e.type === "message.created").map((e) => e.message?.text);
    expect(heard).toEqual(["from park", "park replies"]);

    await lee.api.delete("/me/blocks/kim");
    expect(await texts(lee)).toEqual(["before", "from kim", "from park", "kim replies"]);
  });

  it("does not count the blocked user's messages or mentions as unread for the blocker, also after a read mark", async () => {
    const { kim, lee, park, id, first, send } = await room();
    await lee.api.post("/me/blocks/kim");
    await send(park, "@lee from park", { mentionedUserIds: ["lee"] });
    // A plain text (stored with others of the moment), a mention and a reply (stored one by one).
    await send(kim, "plain");
    await send(kim, "@lee", { mentionedUserIds: ["lee"] });
    await send(kim, "in thread too", { parentMessageId: first.id, showInChannel: true });
    const unread = async (who: typeof lee) => (await who.api.get<TUnreadResponse>("/me/unread")).body;

    // "before" came ahead of the block, so it still counts; for park, who blocks no one, kim's three count.
    expect(await unread(lee)).toEqual({ unreadCount: 2, unreadMentionCount: 1, channels: 1 });
    expect(await unread(park)).toEqual({ unreadCount: 3, unreadMentionCount: 0, channels: 1 });
    expect((await lee.api.post(`/channels/${id}/read`, { seq: first.seq })).status).toBe(200);
    expect(await unread(lee)).toEqual({ unreadCount: 1, unreadMentionCount: 1, channels: 1 });
    await lee.api.post(`/channels/${id}/read`, {});
    expect(await unread(lee)).toEqual({ unreadCount: 0, unreadMentionCount: 0, channels: 0 });
    await send(kim, "still nothing");
    expect(await unread(lee)).toMatchObject({ unreadCount: 0 });
  });

  it("keeps the blocked user's messages and edits off the blocker's sockets, tells no one of the block, and hears them again after an unblock", async () => {
    const { kim, lee, park, first, base, send } = await room();
    await lee.api.post("/me/blocks/kim");
    const [leeSocket, parkSocket] = await readySocketsAt(
      wsUrl,
      { token: lee.sessionToken },
      { token: park.sessionToken },
    );

    await send(kim, "plain");
    await send(kim, "@lee", { mentionedUserIds: ["lee"] });
    await send(kim, "a reply", { parentMessageId: first.id });
    await kim.api.patch(`${base}/${first.id}`, { text: "before, edited" });
    await send(park, "from park");
    await parkSocket.event("message.created", (e) => e.message?.text === "from park");
    await parkSocket.event("message.updated", (e) => e.message?.text === "before, edited");
    await leeSocket.event("message.created", (e) => e.message?.text === "from park");
    await leeSocket.caughtUp();

    expect(messageTexts(parkSocket)).toEqual(["plain", "@lee", "a reply", "from park"]);
    expect(messageTexts(leeSocket)).toEqual(["from park"]);
    const leeEvents = leeSocket.frames.flatMap((f) => (f.type === "event" ? [f.event] : []));
    expect(leeEvents.filter((e) => e.type === "message.updated")).toEqual([]);
    const parkFrames = parkSocket.frames.filter((f) => f.type === "event");
    expect(JSON.stringify(parkFrames)).not.toContain("hiddenFrom");

    await lee.api.delete("/me/blocks/kim");
    await send(kim, "welcome back");
    await leeSocket.event("message.created", (e) => e.message?.text === "welcome back");
    leeSocket.ws.close();
    parkSocket.ws.close();
  });

  it("keeps the translations landing on a blocked user's message off the blocker's sockets", async () => {
    const { app, kim, lee, park, send } = await room();
    const dashboard = client(t.server);
    await dashboard.put(`/apps/${app.appId}/translation/google`, { key: KEYS.valid }, app.owner.token);
    await dashboard.put(`/apps/${app.appId}/translation/google/enabled`, { enabled: true }, app.owner.token);
    await lee.api.post("/me/blocks/kim");
    const [leeSocket, parkSocket] = await readySocketsAt(
      wsUrl,
      { token: lee.sessionToken },
      { token: park.sessionToken },
    );

    const sent = await send(kim, "good morning", { translationLanguages: ["ko"] });
    const updated = await parkSocket.event("message.updated", (e) => e.message?.id === sent.id);
    expect(updated.message?.translations).toEqual({ ko: "[ko] good morning" });
    await send(park, "from park");
    await leeSocket.event("message.created", (e) => e.message?.text === "from park");
    await leeSocket.caughtUp();
    const heard = leeSocket.frames.flatMap((f) => (f.type === "event" ? [f.event] : []));
    expect(heard.filter((e) => e.message?.id === sent.id)).toEqual([]);
    leeSocket.ws.close();
    parkSocket.ws.close();
  });

  it("does not push the blocked user's messages or deletions to the blocker, and pushes them again after an unblock", async () => {
    const { app, kim, lee, park, send } = await room();
    const dashboard = app.dashboardAuth;
    for (const [url, payload] of [
      [`/api/apps/${app.appId}/push/fcm/key`, { kind: "legacy", serverKey: LEGACY_SERVER_KEY }],
      [`/api/apps/${app.appId}/push/enabled`, { enabled: true }],
    ] as const) {
      expect((await t.server.inject({ method: "PUT", url, headers: dashboard, payload })).statusCode).toBe(200);
    }
    const tokens: Record<string, string> = {};
    for (const [name, who] of [
      ["lee", lee],
      ["park", park],
    ] as const) {
      tokens[name] = `${name}-${randomBytes(12).toString("hex")}`;
      await who.api.post("/me/push-tokens", { token: tokens[name], platform: "android" });
    }
    await lee.api.post("/me/blocks/kim");

    const blocked = await send(kim, "not for lee");
    await kim.api.delete(`/channels/${blocked.channelId}/messages/${blocked.id}`);
    await pushJobsSettled(t, app.appId);
    const bodies = (name: string, type: string) => receiver.pushesTo(tokens[name] ?? "", type).map((p) => p.body);
    expect(bodies("park", "message.created")).toEqual(["kim: not for lee"]);
    expect(bodies("park", "message.deleted")).toHaveLength(1);
    expect(bodies("lee", "message.created")).toEqual([]);
    expect(bodies("lee", "message.deleted")).toEqual([]);

    await lee.api.delete("/me/blocks/kim");
    await send(kim, "for everyone");
    await pushJobsSettled(t, app.appId);
    expect(bodies("lee", "message.created")).toEqual(["kim: for everyone"]);
  });
});

describe("distinct channels", () => {
  it("refuses the blocked user a distinct one-to-one channel with the blocker with 3086, and lets the blocker open it", async () => {
    const { app, kim, lee } = await room();
    await app.user("choi");
    await lee.api.post("/me/blocks/kim");
    const dm = { name: "DM", distinct: true };

    const refused = await kim.api.post("/channels", { ...dm, userIds: ["lee"] });
    expect([refused.status, refused.body.code]).toEqual([403, "3086"]);
    const opened = await lee.api.post<{ channel: TChannel }>("/channels", { ...dm, userIds: ["kim"] });
    expect(opened.status).toBe(200);
    expect(opened.body.channel.isDistinct).toBe(true);
    // Refused even once the channel exists: the blocked user does not get it back by asking again.
    expect((await kim.api.post("/channels", { ...dm, userIds: ["lee"] })).body.code).toBe("3086");
    // Only the one-to-one distinct channel is refused: a group, or a channel made anew each time, is not.
    expect((await kim.api.post("/channels", { ...dm, userIds: ["lee", "choi"] })).status).toBe(200);
    expect((await kim.api.post("/channels", { name: "Plain", userIds: ["lee"] })).status).toBe(200);

    await lee.api.delete("/me/blocks/kim");
    const reopened = await kim.api.post<{ channel: TChannel }>("/channels", { ...dm, userIds: ["lee"] });
    expect(reopened.body.channel.id).toBe(opened.body.channel.id);
  });
});
