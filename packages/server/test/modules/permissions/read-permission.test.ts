import { randomBytes } from "node:crypto";
import {
  DEFAULT_PERMISSION_MATRIX,
  type TChannel,
  type TChatEvent,
  type TPushDevice,
  type TServerFrame,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";
import { readySocketsAt, type Socket } from "../../ws-client";

let fcm: FcmReceiver;
let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  fcm = await startFcmReceiver();
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: fcm.url } });
  wsUrl = await listenForSockets(t);
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});

const base = DEFAULT_PERMISSION_MATRIX("public");
const without = (granted: readonly string[], permission: string) => granted.filter((p) => p !== permission);

/** The public type's matrix with `read` taken from the app role `guest`. */
const noReadForGuests = { app: { ...base.app, guest: without(base.app.guest ?? [], "read") }, channel: base.channel };

/**
 * `read` taken from the app role `member` (the channel role `member` grants nothing by default), given to the
 * channel role `moderator`; the app role `moderator` keeps it.
 */
const readByChannelModerators = {
  app: { ...base.app, member: without(base.app.member ?? [], "read") },
  channel: { ...base.channel, moderator: [...base.channel.moderator, "read"] },
};

/**
 * kim's public channel with lee, park and choi, each with a push device, in an app with push on; `word` is in
 * every message the tests send, for search.
 */
async function room() {
  const app = await createChatApp(t);
  const owner = { authorization: `Bearer ${app.owner.token}` };
  const dash = (url: string, payload: Record<string, unknown>) =>
    t.server.inject({ method: "PUT", url: `/api/apps/${app.appId}${url}`, payload, headers: owner });
  expect((await dash("/push/fcm/key", { kind: "legacy", serverKey: LEGACY_SERVER_KEY })).statusCode).toBe(200);
  expect((await dash("/push/enabled", { enabled: true })).statusCode).toBe(200);
  async function member(userId: string) {
    const user = await app.user(userId);
    const token = `${userId}-${randomBytes(12).toString("hex")}`;
    expect(
      (await user.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "android" })).status,
    ).toBe(200);
    return { ...user, token };
  }
  const kim = await member("kim");
  const lee = await member("lee");
  const park = await member("park");
  const choi = await member("choi");
  const { channel } = (
    await kim.api.post<{ channel: TChannel }>("/channels", { name: "Team", userIds: ["lee", "park", "choi"] })
  ).body;
  const say = async (text: string) =>
    (await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, { text: `lunch ${text}` }))
      .body.message;
  return { app, kim, lee, park, choi, channelId: channel.id, say };
}

type Room = Awaited<ReturnType<typeof room>>;
type Member = Room["lee"];

/** What one member is shown of the channel over HTTP: its list entry, unread totals, search and catch-up. */
async function shownTo(user: Member, channelId: string) {
  const listed = (await user.api.get<{ channels: TChannel[] }>("/channels")).body.channels.find(
    (c) => c.id === channelId,
  );
  const read = (await user.api.get<{ channel: TChannel }>(`/channels/${channelId}`)).body.channel;
  const unread = (await user.api.get<{ unreadCount: number }>("/me/unread")).body.unreadCount;
  const search = await user.api.get(`/channels/${channelId}/messages/search?q=lunch`);
  const events = (await user.api.get<{ events: TChatEvent[] }>("/events?after=0")).body.events
    .filter((e) => e.channelId === channelId)
    .map((e) => e.type);
  return { listed, read, unread, search, events };
}

function expectReader(shown: Awaited<ReturnType<typeof shownTo>>) {
  expect(shown.listed?.lastMessage?.text).toBe("lunch two");
  expect(shown.read.lastMessage?.text).toBe("lunch two");
  expect(shown.unread).toBe(2);
  expect(shown.search.status).toBe(200);
  expect(shown.events).toContain("message.created");
}

function expectNonReader(shown: Awaited<ReturnType<typeof shownTo>>) {
  expect(shown.listed?.lastMessage).toBeNull();
  expect(shown.listed?.unreadCount).toBe(0);
  expect(shown.read.lastMessage).toBeNull();
  expect(shown.unread).toBe(0);
  expect(shown.search.status).toBe(403);
  expect(shown.search.body).toMatchObject({ code: "3197", data: { permission: "read" } });
  // Membership still reaches them; the messages do not.
  expect(shown.events).toContain("member.joined");
  expect(shown.events).not.toContain("message.created");
  expect(shown.events).not.toContain("reaction.added");
}

const eventTypes = (s: Socket) => s.frames.flatMap((f: TServerFrame) => (f.type === "event" ? [f.event.type] : []));

describe("read taken from the app role guest", () => {
  it("hides a guest's channel's messages on every HTTP road and refuses their search and read mark with 3197", async () => {
    const r = await room();
    expect((await r.app.server.put("/permissions/public", noReadForGuests)).status).toBe(200);
    await r.app.server.put("/users/lee/role", { role: "guest" });
    const one = await r.say("one");
    await r.say("two");
    await r.kim.api.post(`/channels/${r.channelId}/messages/${one.id}/reactions`, { reaction: "👍" });
    expectNonReader(await shownTo(r.lee, r.channelId));
    expectReader(await shownTo(r.park, r.channelId));
    // Pushes go to members without a socket: lee and park both.
    await pushJobsSettled(t, r.app.appId);
    expect(fcm.pushesTo(r.lee.token, "message.created")).toHaveLength(0);
    expect(fcm.pushesTo(r.park.token, "message.created")).toHaveLength(2);
    const marked = await r.lee.api.post(`/channels/${r.channelId}/read`, {});
    expect(marked.body).toMatchObject({ code: "3197", data: { permission: "read" } });
  });

  it("writes a guest's socket no message event but the membership ones", async () => {
    const r = await room();
    await r.app.server.put("/permissions/public", noReadForGuests);
    await r.app.server.put("/users/lee/role", { role: "guest" });
    const [lee, park] = await readySocketsAt(wsUrl, { token: r.lee.sessionToken }, { token: r.park.sessionToken });
    if (!lee || !park) throw new Error("no socket");
    const one = await r.say("one");
    await r.kim.api.patch(`/channels/${r.channelId}/messages/${one.id}`, { text: "lunch one, edited" });
    await r.kim.api.post(`/channels/${r.channelId}/messages/${one.id}/reactions`, { reaction: "👍" });
    await r.app.user("jung");
    await r.app.server.post(`/channels/${r.channelId}/members`, { userIds: ["jung"] });
    await park.event("member.joined");
    await lee.event("member.joined");
    await lee.caughtUp();
    expect(eventTypes(park)).toEqual(
      expect.arrayContaining(["message.created", "message.updated", "reaction.added", "member.joined"]),
    );
    expect(eventTypes(lee)).toEqual(["member.joined"]);
    // The channel's own news still reaches them, without its last message.
    await r.app.server.patch(`/channels/${r.channelId}`, { name: "Renamed" });
    expect((await park.event("channel.changed")).channel?.lastMessage?.text).toBe("lunch one, edited");
    expect((await lee.event("channel.changed")).channel).toMatchObject({ name: "Renamed", lastMessage: null });
    lee.ws.close();
    park.ws.close();
  });

  it("stops a socket signed in as a member from hearing messages once the user is made a guest", async () => {
    const r = await room();
    await r.app.server.put("/permissions/public", noReadForGuests);
    const [lee, park] = await readySocketsAt(wsUrl, { token: r.lee.sessionToken }, { token: r.park.sessionToken });
    if (!lee || !park) throw new Error("no socket");
    // The role changes after the socket signed in as a member.
    expect((await r.app.server.put("/users/lee/role", { role: "guest" })).status).toBe(200);
    await r.say("one");
    await r.app.user("jung");
    await r.app.server.post(`/channels/${r.channelId}/members`, { userIds: ["jung"] });
    await park.event("member.joined");
    await lee.event("member.joined");
    await lee.caughtUp();
    expect(eventTypes(park)).toContain("message.created");
    expect(eventTypes(lee)).toEqual(["member.joined"]);
    lee.ws.close();
    park.ws.close();
  });
});

describe("read taken from the channel role member while an app role grants it", () => {
  it("lets a channel moderator and an app moderator read, and hides the messages from a plain member", async () => {
    const r = await room();
    expect((await r.app.server.put("/permissions/public", readByChannelModerators)).status).toBe(200);
    await r.app.server.put(`/channels/${r.channelId}/members/lee/role`, { role: "moderator" });
    await r.app.server.put("/users/choi/role", { role: "moderator" });
    // Sockets for lee and park; choi, an app moderator, has none, so is pushed, as lee and park are not.
    const sockets = await readySocketsAt(wsUrl, { token: r.lee.sessionToken }, { token: r.park.sessionToken });
    const [lee, park] = sockets;
    if (!lee || !park) throw new Error("no socket");
    await r.say("one");
    await r.say("two");
    await lee.event("message.created", (e) => e.message?.text === "lunch two");
    await park.caughtUp();
    expect(eventTypes(park)).not.toContain("message.created");
    expectReader(await shownTo(r.lee, r.channelId));
    expectReader(await shownTo(r.choi, r.channelId));
    expectNonReader(await shownTo(r.park, r.channelId));
    await pushJobsSettled(t, r.app.appId);
    expect(fcm.pushesTo(r.choi.token, "message.created")).toHaveLength(2);
    for (const s of sockets) s.ws.close();
  });
});

describe("the default matrix", () => {
  it("leaves a guest every road: events, search, previews and pushes", async () => {
    const r = await room();
    await r.app.server.put("/users/lee/role", { role: "guest" });
    await r.app.server.put("/users/choi/role", { role: "guest" });
    const [lee] = await readySocketsAt(wsUrl, { token: r.lee.sessionToken });
    if (!lee) throw new Error("no socket");
    await r.say("one");
    await r.say("two");
    await lee.event("message.created", (e) => e.message?.text === "lunch two");
    expectReader(await shownTo(r.lee, r.channelId));
    // choi, a guest without a socket, is pushed.
    await pushJobsSettled(t, r.app.appId);
    expect(fcm.pushesTo(r.choi.token, "message.created")).toHaveLength(2);
    lee.ws.close();
  });
});

describe("the WebSocket's frames", () => {
  it.each([
    ["a member of an app role without send", "member", "member", false],
    ["a guest of an app role without send", "guest", "guest", false],
    ["a member while only guests lose send", "member", "guest", true],
  ])("judges typing as a send: %s", async (_, role, losing, allowed) => {
    const r = await room();
    await r.app.server.put("/permissions/public", {
      app: { ...base.app, [losing]: without(base.app[losing] ?? [], "send") },
      channel: base.channel,
    });
    await r.app.server.put("/users/lee/role", { role });
    const [lee, park] = await readySocketsAt(wsUrl, { token: r.lee.sessionToken }, { token: r.park.sessionToken });
    if (!lee || !park) throw new Error("no socket");
    lee.send({ type: "typing", channelId: r.channelId, state: "start" });
    if (allowed) {
      await park.next((f) => f.type === "transient" && f.event.type === "typing.started");
    } else {
      const refused = await lee.next((f) => f.type === "error" && f.frame === "typing");
      expect(refused).toMatchObject({ code: "3197", data: { permission: "send" } });
      await park.caughtUp();
      expect(park.frames.some((f) => f.type === "transient" && f.event.type === "typing.started")).toBe(false);
    }
    lee.ws.close();
    park.ws.close();
  });

  it("lets a channel moderator type where the matrix gives send to that channel role alone", async () => {
    const r = await room();
    await r.app.server.put("/permissions/public", {
      app: { ...base.app, member: without(base.app.member ?? [], "send") },
      channel: { ...base.channel, moderator: [...base.channel.moderator, "send"] },
    });
    await r.app.server.put(`/channels/${r.channelId}/members/lee/role`, { role: "moderator" });
    const [lee, park] = await readySocketsAt(wsUrl, { token: r.lee.sessionToken }, { token: r.park.sessionToken });
    if (!lee || !park) throw new Error("no socket");
    lee.send({ type: "typing", channelId: r.channelId, state: "start" });
    await park.next((f) => f.type === "transient" && f.event.type === "typing.started");
    park.send({ type: "typing", channelId: r.channelId, state: "start" });
    expect(await park.next((f) => f.type === "error" && f.frame === "typing")).toMatchObject({
      code: "3197",
      data: { permission: "send" },
    });
    lee.ws.close();
    park.ws.close();
  });
});
