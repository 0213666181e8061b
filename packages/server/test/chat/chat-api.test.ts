import { CHAT_API_OPERATIONS, CHAT_FIELD_PATTERNS, DAY_MS } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../chat-client";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Channel = { id: string; memberCount: number; ownerUserId: string | null; isFrozen: boolean; lastMessage: unknown };
type Message = { id: string; seq: number; text: string; type: string; sender: { userId: string } | null };

describe("chat users (server API)", () => {
  it("creates, reads, updates, lists by cursor and searches users", async () => {
    const { server } = await createChatApp(t);
    const created = await server.post("/users", { userId: "kim", nickname: "Kim", metadata: { tier: "gold" } });
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({
      userId: "kim",
      nickname: "Kim",
      isActive: true,
      metadata: { tier: "gold" },
    });
    for (const id of ["lee", "park", "choi"]) {
      t.clock.advance(1);
      await server.post("/users", { userId: id, nickname: id.toUpperCase() });
    }
    expect((await server.patch("/users/kim", { nickname: "Kim J." })).body.user).toMatchObject({ nickname: "Kim J." });
    const first = await server.get<{ users: { userId: string }[]; nextCursor: string }>("/users?limit=3");
    expect(first.body.users.map((u) => u.userId)).toEqual(["kim", "lee", "park"]);
    const second = await server.get<{ users: { userId: string }[]; nextCursor: string | null }>(
      `/users?limit=3&cursor=${first.body.nextCursor}`,
    );
    expect(second.body).toMatchObject({ users: [{ userId: "choi" }], nextCursor: null });
    const found = await server.get<{ users: { userId: string }[] }>("/users?search=PAR");
    expect(found.body.users.map((u) => u.userId)).toEqual(["park"]);
  });

  it("rejects a duplicate user id with 3019 and a malformed one with 300", async () => {
    const { server } = await createChatApp(t);
    await server.post("/users", { userId: "dup", nickname: "A" });
    expect((await server.post("/users", { userId: "dup", nickname: "B" })).body.code).toBe("3019");
    expect((await server.post("/users", { userId: "has space", nickname: "B" })).body.code).toBe("300");
    expect((await server.post("/users", { nickname: "B" })).body.code).toBe("301");
  });

  it("answers 3028 without a credential and 1023 when a user session calls a server route", async () => {
    const app = await createChatApp(t);
    expect((await v1(t.server).get("/users")).body.code).toBe("3028");
    expect((await v1(t.server, "psk_forged").get("/users")).body.code).toBe("3028");
    const kim = await app.user("kim");
    expect((await kim.api.get("/users")).body.code).toBe("1023");
  });

  it("keeps apps apart: one app's key cannot see another app's users", async () => {
    const a = await createChatApp(t);
    const b = await createChatApp(t);
    await a.server.post("/users", { userId: "only-a", nickname: "A" });
    expect((await b.server.get("/users/only-a")).body.code).toBe("3018");
  });

  it("deactivation signs the user out and refuses login until activated", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    expect((await app.server.post("/users/kim/deactivate")).body.user).toMatchObject({ isActive: false });
    expect((await kim.api.get("/me")).body.code).toBe("3028");
    expect((await app.server.post("/users/kim/token", {})).body.code).toBe("3017");
    await app.server.post("/users/kim/activate");
    await app.user("kim2");
    const { token } = (await app.server.post<{ token: string }>("/users/kim/token", {})).body;
    expect((await v1(t.server).post("/auth/login", { appId: app.appId, userId: "kim", token })).status).toBe(200);
  });

  it("deletes a user", async () => {
    const app = await createChatApp(t);
    await app.server.post("/users", { userId: "gone", nickname: "G" });
    expect((await app.server.delete("/users/gone")).status).toBe(200);
    expect((await app.server.get("/users/gone")).body.code).toBe("3018");
  });
});

describe("chat login", () => {
  it("refuses a wrong or expired login token with 3027", async () => {
    const app = await createChatApp(t);
    await app.server.post("/users", { userId: "kim", nickname: "Kim" });
    const { token } = (await app.server.post<{ token: string }>("/users/kim/token", { expiresInSeconds: 120 })).body;
    const anon = v1(t.server);
    expect((await anon.post("/auth/login", { appId: app.appId, userId: "kim", token: "nope" })).body.code).toBe("3027");
    t.clock.advance(121_000);
    expect((await anon.post("/auth/login", { appId: app.appId, userId: "kim", token })).body.code).toBe("3027");
  });

  it("allows anonymous login only when the app enables it", async () => {
    const closed = await createChatApp(t);
    const anon = v1(t.server);
    const refused = await anon.post("/auth/anonymous", { appId: closed.appId, userId: "guest", nickname: "Guest" });
    expect(refused.body.code).toBe("3016");
    const open = await createChatApp(t, { allowAnonymousLogin: true });
    const res = await anon.post<{ user: { userId: string; nickname: string } }>("/auth/anonymous", {
      appId: open.appId,
      userId: "guest",
      nickname: "Guest",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ userId: "guest", nickname: "Guest" });
    const again = await anon.post<{ user: { nickname: string } }>("/auth/anonymous", {
      appId: open.appId,
      userId: "guest",
      nickname: "Guest 2",
    });
    expect(again.body.user.nickname).toBe("Guest 2");
  });

  it("refuses anonymous login as a user the app created, with 3062, and leaves that user as it was", async () => {
    const app = await createChatApp(t, { allowAnonymousLogin: true });
    const kim = await app.user("kim");
    const anon = v1(t.server);
    const res = await anon.post("/auth/anonymous", { appId: app.appId, userId: "kim", nickname: "Mallory" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("3062");
    const me = await kim.api.get<{ user: { nickname: string; isAnonymous: boolean } }>("/me");
    expect(me.body.user).toMatchObject({ nickname: "kim", isAnonymous: false });
  });

  it("marks users made by anonymous login as anonymous and lets them log in again", async () => {
    const app = await createChatApp(t, { allowAnonymousLogin: true });
    const anon = v1(t.server);
    const first = await anon.post<{ user: { isAnonymous: boolean } }>("/auth/anonymous", {
      appId: app.appId,
      userId: "visitor",
      nickname: "Visitor",
    });
    expect(first.body.user.isAnonymous).toBe(true);
    const listed = await app.server.get<{ user: { isAnonymous: boolean } }>("/users/visitor");
    expect(listed.body.user.isAnonymous).toBe(true);
    const again = await anon.post("/auth/anonymous", { appId: app.appId, userId: "visitor", nickname: "Visitor" });
    expect(again.status).toBe(200);
  });
});

describe("channels", () => {
  it("makes the creator the owner and first member; others join a public channel", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const created = await kim.api.post<{ channel: Channel }>("/channels", {
      name: "Lobby",
      type: "public",
      tags: ["news"],
    });
    expect(created.body.channel).toMatchObject({ name: "Lobby", ownerUserId: "kim", memberCount: 1, memberLimit: 100 });
    const id = created.body.channel.id;
    expect((await lee.api.get<{ channels: unknown[] }>("/channels?scope=mine")).body.channels).toEqual([]);
    expect(
      (await lee.api.get<{ channels: { id: string }[] }>("/channels?scope=public")).body.channels.map((c) => c.id),
    ).toContain(id);
    expect((await lee.api.post<{ channel: Channel }>(`/channels/${id}/join`)).body.channel.memberCount).toBe(2);
    expect((await lee.api.get<{ channels: { id: string }[] }>("/channels")).body.channels.map((c) => c.id)).toEqual([
      id,
    ]);
  });

  it("asks for the invitation code of a private channel: 3008 without, 3032 when wrong", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (
      await kim.api.post<{ channel: Channel }>("/channels", { name: "VIP", type: "private", inviteCode: "secret" })
    ).body;
    expect((await lee.api.post(`/channels/${channel.id}/join`)).body.code).toBe("3008");
    expect((await lee.api.post(`/channels/${channel.id}/join`, { inviteCode: "guess" })).body.code).toBe("3032");
    expect((await lee.api.post(`/channels/${channel.id}/join`, { inviteCode: "secret" })).status).toBe(200);
    expect((await kim.api.post("/channels", { name: "No code", type: "private" })).body.code).toBe("300");
    expect(
      (await kim.api.post("/channels", { name: "Bad code", type: "private", inviteCode: "abc123" })).body.code,
    ).toBe("300");
  });

  it("keeps invite-only channels closed to self-joins (3031) and hidden from strangers", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (
      await kim.api.post<{ channel: Channel }>("/channels", { name: "Team", type: "private_invite" })
    ).body;
    expect((await lee.api.post(`/channels/${channel.id}/join`)).body.code).toBe("3031");
    expect((await lee.api.get(`/channels/${channel.id}`)).body.code).toBe("3007");
    expect((await kim.api.post(`/channels/${channel.id}/members`, { userIds: ["lee"] })).status).toBe(200);
    expect((await lee.api.get(`/channels/${channel.id}`)).status).toBe(200);
  });

  it("enforces the member limit with 3024 and lets a super group grow", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    for (const id of ["a", "b"]) await app.server.post("/users", { userId: id, nickname: id });
    const { channel } = (await kim.api.post<{ channel: Channel }>("/channels", { name: "Pair", memberLimit: 2 })).body;
    expect((await kim.api.post(`/channels/${channel.id}/members`, { userIds: ["a"] })).status).toBe(200);
    expect((await kim.api.post(`/channels/${channel.id}/members`, { userIds: ["b"] })).body.code).toBe("3024");
    expect((await kim.api.post("/channels", { name: "Big", memberLimit: 101 })).body.code).toBe("300");
    const big = (
      await kim.api.post<{ channel: Channel & { memberLimit: number | null } }>("/channels", {
        name: "All",
        type: "supergroup",
      })
    ).body.channel;
    expect(big.memberLimit).toBeNull();
  });

  it("passes ownership to the longest-standing member when the owner leaves", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const park = await app.user("park");
    const { channel } = (await kim.api.post<{ channel: Channel }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    t.clock.advance(1000);
    await park.api.post(`/channels/${channel.id}/join`);
    expect((await kim.api.post(`/channels/${channel.id}/leave`)).status).toBe(200);
    expect((await lee.api.get<{ channel: Channel }>(`/channels/${channel.id}`)).body.channel).toMatchObject({
      ownerUserId: "lee",
      memberCount: 2,
    });
    expect((await kim.api.post(`/channels/${channel.id}/leave`)).body.code).toBe("3020");
  });

  it("lets only the owner edit, moderate, appoint and delete (3025 otherwise)", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: Channel }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    expect((await lee.api.patch(`/channels/${channel.id}`, { name: "Mine" })).body.code).toBe("3025");
    expect((await lee.api.post(`/channels/${channel.id}/members/kim/mute`, { minutes: 5 })).body.code).toBe("3025");
    expect(
      (await kim.api.patch<{ channel: Channel }>(`/channels/${channel.id}`, { name: "Renamed" })).body.channel,
    ).toMatchObject({
      name: "Renamed",
    });
    expect(
      (await kim.api.put<{ channel: Channel }>(`/channels/${channel.id}/owner`, { userId: "lee" })).body.channel
        .ownerUserId,
    ).toBe("lee");
    expect((await kim.api.delete(`/channels/${channel.id}`)).body.code).toBe("3025");
    expect((await lee.api.delete(`/channels/${channel.id}`)).status).toBe(200);
    expect((await lee.api.get(`/channels/${channel.id}`)).body.code).toBe("3007");
  });
});

describe("messages", () => {
  async function room() {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: Channel }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    return { app, kim, lee, id: channel.id };
  }

  it("stores a message sent twice with one clientMessageId once and answers the stored one both times", async () => {
    const { kim, lee, id } = await room();
    const body = { text: "only once", clientMessageId: "kim-0001" };
    const first = await kim.api.post<{ message: Message }>(`/channels/${id}/messages`, body);
    const again = await kim.api.post<{ message: Message }>(`/channels/${id}/messages`, body);
    expect(first.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(first.body.message).toMatchObject({ seq: 1, clientMessageId: "kim-0001" });
    // The key is the sender's own: another member may use the same one.
    const other = await lee.api.post<{ message: Message }>(`/channels/${id}/messages`, body);
    expect(other.body.message.seq).toBe(2);
    const history = await kim.api.get<{ messages: Message[] }>(`/channels/${id}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["only once", "only once"]);
  });

  it("stores one message when sends with one clientMessageId race, and leaves no gap in seq", async () => {
    const { kim, id } = await room();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        kim.api.post<{ message: Message }>(`/channels/${id}/messages`, { text: "race", clientMessageId: "r-1" }),
      ),
    );
    expect(new Set(replies.map((r) => r.body.message.id)).size).toBe(1);
    const next = await kim.api.post<{ message: Message }>(`/channels/${id}/messages`, { text: "after the race" });
    expect(next.body.message.seq).toBe(2);
    const history = await kim.api.get<{ messages: Message[] }>(`/channels/${id}/messages`);
    expect(history.body.messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it("rejects a clientMessageId with spaces or over 64 characters with 300", async () => {
    const { kim, id } = await room();
    for (const clientMessageId of ["has space", "x".repeat(65), ""]) {
      const res = await kim.api.post(`/channels/${id}/messages`, { text: "x", clientMessageId });
      expect(res.body.code).toBe("300");
    }
  });

  it("stores messages in order and pages history by seq", async () => {
    const { kim, lee, id } = await room();
    for (let i = 1; i <= 5; i++) {
      const sent = await (i % 2 ? kim : lee).api.post<{ message: Message }>(`/channels/${id}/messages`, {
        text: `hello ${i}`,
        metadata: { n: String(i) },
      });
      expect(sent.body.message).toMatchObject({ seq: i, text: `hello ${i}`, type: "text" });
    }
    const latest = await kim.api.get<{ messages: Message[]; hasMore: boolean }>(`/channels/${id}/messages?limit=2`);
    expect(latest.body.messages.map((m) => m.seq)).toEqual([4, 5]);
    expect(latest.body.hasMore).toBe(true);
    const older = await kim.api.get<{ messages: Message[]; hasMore: boolean }>(
      `/channels/${id}/messages?before=4&limit=10`,
    );
    expect(older.body).toMatchObject({ hasMore: false });
    expect(older.body.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    const missed = await lee.api.get<{ messages: Message[] }>(`/channels/${id}/messages?after=3`);
    expect(missed.body.messages.map((m) => [m.seq, m.sender?.userId])).toEqual([
      [4, "lee"],
      [5, "kim"],
    ]);
    const channel = (await kim.api.get<{ channel: { lastMessage: Message } }>(`/channels/${id}`)).body.channel;
    expect(channel.lastMessage.seq).toBe(5);
  });

  it("refuses an empty message (3012), a long one (3013), and a 6th metadata pair (300)", async () => {
    const { kim, id } = await room();
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "   " })).body.code).toBe("3012");
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "x".repeat(5001) })).body.code).toBe("3013");
    const metadata = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, "v"]));
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "hi", metadata })).body.code).toBe("300");
  });

  it("refuses a non-member with 3020", async () => {
    const { app, id } = await room();
    const park = await app.user("park");
    expect((await park.api.post(`/channels/${id}/messages`, { text: "hi" })).body.code).toBe("3020");
    expect((await park.api.get(`/channels/${id}/messages`)).body.code).toBe("3020");
  });

  it("refuses a muted member (3022) until the mute ends or is lifted", async () => {
    const { kim, lee, id } = await room();
    expect((await kim.api.post(`/channels/${id}/members/lee/mute`, { minutes: 1441 })).body.code).toBe("300");
    const muted = await kim.api.post<{ mutedUntil: string }>(`/channels/${id}/members/lee/mute`, { minutes: 10 });
    expect(muted.body.mutedUntil).toBe(new Date(t.clock.now().getTime() + 600_000).toISOString());
    expect((await lee.api.post(`/channels/${id}/messages`, { text: "hi" })).body.code).toBe("3022");
    t.clock.advance(601_000);
    expect((await lee.api.post(`/channels/${id}/messages`, { text: "back" })).status).toBe(200);
    await kim.api.post(`/channels/${id}/members/lee/mute`, { minutes: 60 });
    await kim.api.post(`/channels/${id}/members/lee/unmute`);
    expect((await lee.api.post(`/channels/${id}/messages`, { text: "free" })).status).toBe(200);
  });

  it("refuses users in a frozen channel (3021) but not the app's admin messages", async () => {
    const { app, kim, id } = await room();
    const appRow = await t.services.apps.authenticateApiKey(app.apiKey);
    if (!appRow) throw new Error("api key did not authenticate");
    const freeze = await t.services.channels.setFrozen({ kind: "admin", app: appRow }, id, true);
    expect(freeze.isFrozen).toBe(true);
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "hi" })).body.code).toBe("3021");
    const admin = await app.server.post<{ message: Message }>(`/channels/${id}/messages`, {
      text: "Maintenance at 10",
    });
    expect(admin.body.message).toMatchObject({ type: "admin", sender: null });
  });

  it("refuses a send right after a freeze, a mute or a ban, though the channel was read for the send before", async () => {
    const { app, kim, lee, id } = await room();
    const appRow = await t.services.apps.authenticateApiKey(app.apiKey);
    if (!appRow) throw new Error("api key did not authenticate");
    const send = async (who: typeof kim, text: string) =>
      (await who.api.post<{ message: Message }>(`/channels/${id}/messages`, { text })).body;
    expect((await send(lee, "one")).message.seq).toBe(1);
    await kim.api.post(`/channels/${id}/members/lee/mute`, { minutes: 10 });
    expect((await send(lee, "two")).code).toBe("3022");
    await kim.api.post(`/channels/${id}/members/lee/unmute`);
    expect((await send(lee, "three")).message.seq).toBe(2);
    await t.services.channels.setFrozen({ kind: "admin", app: appRow }, id, true);
    expect((await send(lee, "four")).code).toBe("3021");
    await t.services.channels.setFrozen({ kind: "admin", app: appRow }, id, false);
    expect((await send(lee, "five")).message.seq).toBe(3);
    await kim.api.post(`/channels/${id}/members/lee/ban`);
    expect((await send(lee, "six")).code).toBe("3023");
    const history = await kim.api.get<{ messages: Message[] }>(`/channels/${id}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["one", "three", "five"]);
  });

  it("bans: removes the member, refuses join (3023) and add (3029) until unbanned", async () => {
    const { kim, lee, id } = await room();
    expect((await kim.api.post(`/channels/${id}/members/lee/ban`)).status).toBe(200);
    expect((await lee.api.post(`/channels/${id}/messages`, { text: "hi" })).body.code).toBe("3023");
    expect((await lee.api.post(`/channels/${id}/join`)).body.code).toBe("3023");
    expect((await kim.api.post(`/channels/${id}/members`, { userIds: ["lee"] })).body.code).toBe("3029");
    await kim.api.post(`/channels/${id}/members/lee/unban`);
    expect((await lee.api.post(`/channels/${id}/join`)).status).toBe(200);
  });

  it("lets users delete only their own messages (3033) and servers any", async () => {
    const { app, kim, lee, id } = await room();
    const mine = (await kim.api.post<{ message: Message }>(`/channels/${id}/messages`, { text: "a" })).body.message;
    const theirs = (await lee.api.post<{ message: Message }>(`/channels/${id}/messages`, { text: "b" })).body.message;
    expect((await kim.api.delete(`/channels/${id}/messages/${theirs.id}`)).body.code).toBe("3033");
    expect((await kim.api.delete(`/channels/${id}/messages/${mine.id}`)).status).toBe(200);
    expect((await app.server.delete(`/channels/${id}/messages/${theirs.id}`)).status).toBe(200);
    expect((await kim.api.delete(`/channels/${id}/messages/${mine.id}`)).body.code).toBe("3026");
    expect((await kim.api.get<{ messages: unknown[] }>(`/channels/${id}/messages`)).body.messages).toEqual([]);
  });

  it("returns missed events by cursor, including the user's own removal", async () => {
    const { kim, lee, id } = await room();
    type Events = { events: { id: string; type: string; userId?: string }[] };
    const start = (await lee.api.get<Events>("/events")).body.events.at(-1)?.id ?? "0";
    await kim.api.post(`/channels/${id}/messages`, { text: "one" });
    const missed = (await lee.api.get<Events>(`/events?after=${start}`)).body.events;
    expect(missed.map((e) => e.type)).toEqual(["message.created"]);
    await kim.api.post(`/channels/${id}/members/lee/ban`);
    const after = (await lee.api.get<Events>(`/events?after=${missed[0]?.id}`)).body.events;
    expect(after.map((e) => [e.type, e.userId])).toEqual([["member.banned", "lee"]]);
  });

  it("marks messages read", async () => {
    const { kim, lee, id } = await room();
    await kim.api.post(`/channels/${id}/messages`, { text: "one" });
    await kim.api.post(`/channels/${id}/messages`, { text: "two" });
    expect((await lee.api.post(`/channels/${id}/read`, { seq: 1 })).body).toEqual({ lastReadSeq: 1 });
    expect((await lee.api.post(`/channels/${id}/read`, {})).body).toEqual({ lastReadSeq: 2 });
  });
});

describe("metrics", () => {
  it("stores sends made at once to many channels each once, with seq without gaps and exact counters", async () => {
    const app = await createChatApp(t);
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => app.user(`u${i}`)));
    const owner = users[0] as (typeof users)[number];
    const u5 = users[5] as (typeof users)[number];
    const rooms: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { channel } = (await owner.api.post<{ channel: Channel }>("/channels", { name: `Room ${i}` })).body;
      for (const user of users.slice(1)) await user.api.post(`/channels/${channel.id}/join`);
      rooms.push(channel.id);
    }
    // u5 is muted in the first room and resends a key already stored in the second: neither costs the others.
    await owner.api.post(`/channels/${rooms[0]}/members/u5/mute`, { minutes: 10 });
    const kept = await u5.api.post<{ message: Message }>(`/channels/${rooms[1]}/messages`, {
      text: "kept",
      clientMessageId: "k-1",
    });
    const sends = rooms.flatMap((id) =>
      users.flatMap((user, u) =>
        [0, 1].map((n) => ({
          id,
          user,
          u,
          body: { text: `${u}.${n}`, ...(n === 1 ? { clientMessageId: "k-1" } : {}) },
        })),
      ),
    );
    const answers = await Promise.all(
      sends.map((s) => s.user.api.post<{ message: Message }>(`/channels/${s.id}/messages`, s.body)),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(["3022", "3022"]);
    const resent = answers[sends.findIndex((s) => s.id === rooms[1] && s.u === 5 && s.body.clientMessageId)];
    expect(resent?.body.message).toEqual(kept.body.message);
    for (const id of rooms) {
      const history = (await owner.api.get<{ messages: Message[] }>(`/channels/${id}/messages?limit=100`)).body
        .messages;
      expect(history.map((m) => m.seq)).toEqual(history.map((_, i) => i + 1));
      for (let u = 0; u < 6; u++) {
        const own = history.filter((m) => m.sender?.userId === `u${u}` && m.text !== "kept").map((m) => m.text);
        const expected =
          u < 5 ? [`${u}.0`, `${u}.1`] : id === rooms[0] ? [] : id === rooms[1] ? ["5.0"] : ["5.0", "5.1"];
        expect(own.sort()).toEqual(expected);
      }
    }
    // Every send stored but u5's two in the first room and the resend, plus the message the resend answered with.
    const stored = sends.length - 2;
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    expect(await t.services.metrics.daily(app.appId, today, tomorrow)).toEqual([
      {
        appId: app.appId,
        day: today,
        messageCount: stored,
        messageSenderCount: 6,
        activeUserCount: 6,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
    ]);
  });

  it("counts messages, senders and active users per app per day", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    await app.user("quiet");
    const { channel } = (await kim.api.post<{ channel: Channel }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    for (const u of [kim, kim, lee]) await u.api.post(`/channels/${channel.id}/messages`, { text: "x" });
    await app.server.post(`/channels/${channel.id}/messages`, { text: "admin" });
    const today = t.clock.now().toISOString().slice(0, 10);
    const rows = await t.services.metrics.daily(
      app.appId,
      today,
      new Date(t.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10),
    );
    expect(rows).toEqual([
      {
        appId: app.appId,
        day: today,
        messageCount: 4,
        messageSenderCount: 2,
        activeUserCount: 3,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
    ]);
    const apps = await t.server.inject({ method: "GET", url: "/api/apps", headers: app.dashboardAuth });
    expect(apps.json().apps[0].messagesThisMonth).toBe(4);
  });
});

describe("OpenAPI", () => {
  it("publishes the chat API at /v1/openapi.json", async () => {
    const res = await t.server.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/channels/{channelId}/messages", "/v1/users"]));
  });

  it("names every operation from the contract's catalogue, with its group and a summary, for the docs reference", async () => {
    const doc = (await t.server.inject({ method: "GET", url: "/v1/openapi.json" })).json() as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[]; summary?: string }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    const catalogue: Record<string, string> = CHAT_API_OPERATIONS;
    const unnamed = operations.filter(
      (operation) =>
        !operation.operationId ||
        catalogue[operation.operationId] === undefined ||
        operation.tags?.[0] !== catalogue[operation.operationId] ||
        !operation.summary,
    );
    expect(unnamed.map((operation) => operation.at)).toEqual([]);
    // The docs have a summary in each language for every catalogued operation: none may be missing here.
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(catalogue).sort());
  });

  it("checks fields only against patterns the docs can say in words", async () => {
    const doc: unknown = (await t.server.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const patterns = new Set<string>();
    const visit = (node: unknown): void => {
      if (typeof node !== "object" || node === null) return;
      const schema = node as { pattern?: unknown; format?: unknown };
      // A pattern that comes with a format (a uuid) is said by its format.
      if (typeof schema.pattern === "string" && schema.format === undefined) patterns.add(schema.pattern);
      for (const child of Object.values(node)) visit(child);
    };
    visit(doc);
    const known = new Set<string>(Object.values(CHAT_FIELD_PATTERNS));
    expect([...patterns].filter((pattern) => !known.has(pattern))).toEqual([]);
    expect(patterns.size).toBeGreaterThan(0);
  });
});
