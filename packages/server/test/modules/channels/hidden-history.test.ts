import { randomBytes } from "node:crypto";
import type { TChannel, TChatEvent, TPushDevice, TServerFrame } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { until } from "../../poll";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";
import { readySocketsAt, type Socket } from "../../ws-client";

// A member must not reach by any road what their history would not show them: one test per road a message leaves
// the server by (channel reads and lists, live events of every kind, catch-up, translation, push).

let t: TestApp;
let fcm: FcmReceiver;
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

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

async function send(user: User, channelId: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await user.api.post<{ message: { id: string; seq: number } }>(`/channels/${channelId}/messages`, {
    text,
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.message;
}

/**
 * Kim's channel that hides what came before a join, with an early member (Park), a message and a reply sent before
 * Lee joins, and Lee joined.
 */
async function lateJoiner() {
  const app = await createChatApp(t);
  const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
  const created = await kim.api.post<{ channel: TChannel }>("/channels", {
    name: "Fresh",
    userIds: ["park"],
    hideMessagesBeforeJoin: true,
  });
  const room = created.body.channel;
  const secret = await send(kim, room.id, "secret plan", { metadata: { plan: "secret metadata" } });
  expect((await lee.api.post(`/channels/${room.id}/join`, {})).status).toBe(200);
  return { app, kim, lee, park, room, secret };
}

/** Every frame a socket had that mentions the message or its text. */
const framesAbout = (socket: Socket, messageId: string) =>
  socket.frames.filter((f: TServerFrame) => {
    const json = JSON.stringify(f);
    return json.includes(messageId) || json.includes("secret");
  });

describe("a later member of a channel that hides earlier history", () => {
  it("gets no last message sent before they joined from the channel, their list or a change every member hears", async () => {
    const { kim, lee, room } = await lateJoiner();
    const [sl] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    const mine = async (user: User) =>
      (await user.api.get<{ channels: TChannel[] }>("/channels?scope=mine")).body.channels.find(
        (c) => c.id === room.id,
      );
    const read = async (user: User) => (await user.api.get<{ channel: TChannel }>(`/channels/${room.id}`)).body.channel;

    expect((await read(lee)).lastMessage).toBeNull();
    expect((await mine(lee))?.lastMessage).toBeNull();
    expect((await read(kim)).lastMessage?.text).toBe("secret plan");
    // An event every member hears carries the channel as every member may read it.
    expect((await kim.api.patch(`/channels/${room.id}`, { name: "Fresh start" })).status).toBe(200);
    const changed = await sl.event("channel.changed");
    expect(changed.channel?.lastMessage).toBeNull();
    // A read mark cannot reach back before the join: there is nothing unread there.
    expect((await lee.api.post(`/channels/${room.id}/read`, { seq: 0 })).status).toBe(200);
    expect((await mine(lee))?.unreadCount).toBe(0);

    await send(kim, room.id, "hello");
    expect((await read(lee)).lastMessage?.text).toBe("hello");
    expect((await mine(lee))?.lastMessage?.text).toBe("hello");
    expect((await mine(lee))?.unreadCount).toBe(1);
    expect(framesAbout(sl, "secret plan")).toEqual([]);
    sl.ws.close();
  });

  it("hears no edit, reaction, thread count, pin, unpin or deletion of an earlier message, live or on catch-up", async () => {
    const { kim, lee, park, room, secret } = await lateJoiner();
    const [sk, sl, sp] = await readySocketsAt(
      wsUrl,
      { token: kim.sessionToken },
      { token: lee.sessionToken },
      { token: park.sessionToken },
    );
    const { events: before } = (await lee.api.get<{ events: TChatEvent[] }>("/events?after=0")).body;
    const after = before.at(-1)?.id ?? "0";
    const base = `/channels/${room.id}/messages/${secret.id}`;

    expect(
      (await kim.api.patch(base, { text: "secret plan, edited", metadata: { plan: "still secret" } })).status,
    ).toBe(200);
    expect((await park.api.post(`${base}/reactions`, { reaction: "like" })).status).toBe(200);
    await send(park, room.id, "secret reply", { parentMessageId: secret.id });
    expect((await kim.api.post(`/channels/${room.id}/pins/${secret.id}`)).status).toBe(200);
    expect((await kim.api.delete(`/channels/${room.id}/pins/${secret.id}`)).status).toBe(200);
    expect((await park.api.delete(`${base}/reactions/like`)).status).toBe(200);
    expect((await kim.api.delete(base)).status).toBe(200);
    const marker = await send(kim, room.id, "after all that");

    // The early member heard every one of them, in order, before the marker.
    for (const type of [
      "message.updated",
      "reaction.added",
      "thread.updated",
      "message.pinned",
      "message.unpinned",
      "reaction.removed",
      "message.deleted",
    ] as const) {
      await sp.event(type, (e) => e.messageId === secret.id || e.message?.id === secret.id);
    }
    await sk.event("message.deleted", (e) => e.messageId === secret.id);
    // Events reach a socket in the order they happened: once the marker is in, nothing about the secret will come.
    await sl.event("message.created", (e) => e.message?.id === marker.id);
    await sl.caughtUp();
    const reply = sl.frames.flatMap((f) =>
      f.type === "event" && f.event.type === "message.created" ? [f.event.message?.text] : [],
    );
    // The reply itself was sent after the join: Lee reads it, as their thread view does.
    expect(reply).toEqual(["secret reply", "after all that"]);
    const leaked = sl.frames.filter(
      (f) =>
        f.type === "event" &&
        f.event.type !== "message.created" &&
        (f.event.messageId === secret.id || f.event.message?.id === secret.id || JSON.stringify(f).includes("secret")),
    );
    expect(leaked).toEqual([]);

    const { events } = (await lee.api.get<{ events: TChatEvent[] }>(`/events?after=${after}`)).body;
    expect(events.filter((e) => e.messageId === secret.id || e.message?.id === secret.id)).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(["message.created", "message.created"]);
    const parks = (await park.api.get<{ events: TChatEvent[] }>(`/events?after=${after}`)).body.events;
    expect(parks.filter((e) => e.messageId === secret.id || e.message?.id === secret.id).map((e) => e.type)).toEqual([
      "message.updated",
      "reaction.added",
      "thread.updated",
      "message.pinned",
      "message.unpinned",
      "reaction.removed",
      "message.deleted",
    ]);
    for (const s of [sk, sl, sp]) s.ws.close();
  });

  it("is answered 3026 when asking for the translation of an earlier message, before any translation setting is read", async () => {
    const { kim, lee, room, secret } = await lateJoiner();
    const fresh = await send(kim, room.id, "hello");
    const translation = (user: User, id: string) => user.api.get(`/channels/${room.id}/messages/${id}/translations/ko`);
    expect((await translation(lee, secret.id)).body).toMatchObject({ code: "3026" });
    // The app has translation off: a message Lee reads gets as far as that.
    expect((await translation(lee, fresh.id)).body).toMatchObject({ code: "3037" });
    expect((await translation(kim, secret.id)).body).toMatchObject({ code: "3037" });
  });

  it("is not pushed the deletion of an earlier message, which the members who read it are", async () => {
    const app = await createChatApp(t);
    const owner = { authorization: `Bearer ${app.owner.token}` };
    const put = (url: string, payload: Record<string, unknown>) =>
      t.server.inject({ method: "PUT", url: `/api/apps/${app.appId}${url}`, headers: owner, payload });
    expect((await put("/push/fcm/key", { kind: "legacy", serverKey: LEGACY_SERVER_KEY })).statusCode).toBe(200);
    expect((await put("/push/enabled", { enabled: true })).statusCode).toBe(200);
    const member = async (userId: string) => {
      const user = await app.user(userId);
      const token = `${userId}-${randomBytes(12).toString("hex")}`;
      const res = await user.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "android" });
      expect(res.status).toBe(200);
      return { ...user, token };
    };
    const [kim, lee, park] = [await member("kim"), await member("lee"), await member("park")];
    const room = (
      await kim.api.post<{ channel: TChannel }>("/channels", {
        name: "Fresh",
        userIds: ["park"],
        hideMessagesBeforeJoin: true,
      })
    ).body.channel;
    const secret = await send(kim, room.id, "secret plan");
    expect((await lee.api.post(`/channels/${room.id}/join`, {})).status).toBe(200);
    expect((await kim.api.delete(`/channels/${room.id}/messages/${secret.id}`)).status).toBe(200);
    // The deletion's push to Park is the last thing the app pushes, so once it is in, Lee's would be too.
    await until(() => fcm.pushesTo(park.token, "message.deleted").length === 1, "the push to Park");
    await pushJobsSettled(t, app.appId);
    expect(fcm.pushesTo(lee.token, "message.deleted")).toEqual([]);
    expect(fcm.pushesTo(park.token, "message.created").map((p) => p.body)).toEqual(["kim: secret plan"]);
  });
});

describe("a member of a broadcast channel", () => {
  it("hears nothing of another member's message after it was sent: no edit, reaction or deletion", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = (
      await kim.api.post<{ channel: TChannel }>("/channels", {
        name: "News",
        type: "broadcast",
        userIds: ["lee", "park"],
      })
    ).body.channel;
    const [sk, sp] = await readySocketsAt(wsUrl, { token: kim.sessionToken }, { token: park.sessionToken });
    const question = await send(lee, room.id, "secret question");
    const base = `/channels/${room.id}/messages/${question.id}`;
    expect((await lee.api.patch(base, { text: "secret question, edited" })).status).toBe(200);
    expect((await kim.api.post(`${base}/reactions`, { reaction: "like" })).status).toBe(200);
    expect((await lee.api.delete(base)).status).toBe(200);
    const marker = await send(kim, room.id, "announcement");
    await sk.event("message.deleted", (e) => e.messageId === question.id);
    await sp.event("message.created", (e) => e.message?.id === marker.id);
    await sp.caughtUp();
    expect(framesAbout(sp, question.id)).toEqual([]);
    const { events } = (await park.api.get<{ events: TChatEvent[] }>("/events?after=0")).body;
    expect(events.filter((e) => e.messageId === question.id || e.message?.id === question.id)).toEqual([]);
    for (const s of [sk, sp]) s.ws.close();
  });
});
