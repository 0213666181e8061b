import { dashboardChat, fillPath, type TAckFrame, type TChannel, type TChatEvent } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

/** kim's channel with lee and park in it, its slow mode set by the app's server to `seconds`. */
async function slowRoom(seconds: number) {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const { channel } = (
    await kim.api.post<{ channel: TChannel }>("/channels", { name: "Live", userIds: ["lee", "park"] })
  ).body;
  if (seconds > 0) {
    const res = await app.server.patch<{ channel: TChannel }>(`/channels/${channel.id}`, { slowModeSeconds: seconds });
    expect(res.status).toBe(200);
    expect(res.body.channel.slowModeSeconds).toBe(seconds);
  }
  return { app, kim, lee, park, channelId: channel.id };
}

const send = (user: User, channelId: string, text: string) =>
  user.api.post<{ message: { id: string } }>(`/channels/${channelId}/messages`, { text });

describe("a channel's slow mode", () => {
  it("is off by default: a member sends messages back to back", async () => {
    const { lee, channelId } = await slowRoom(0);
    const channel = (await lee.api.get<{ channel: TChannel }>(`/channels/${channelId}`)).body.channel;
    expect(channel.slowModeSeconds).toBe(0);
    for (const text of ["one", "two", "three"]) expect((await send(lee, channelId, text)).status).toBe(200);
  });

  it("refuses a second message within the channel's 30-second cooldown with code 3206 and the seconds left", async () => {
    const { lee, channelId } = await slowRoom(30);
    expect((await send(lee, channelId, "first")).status).toBe(200);
    t.clock.advance(10_500);
    const refused = await send(lee, channelId, "too soon");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "3206", data: { retryAfterSeconds: 20 } });
    const history = await lee.api.get<{ messages: { text: string }[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["first"]);
  });

  it("admits the member's next message once the cooldown has passed", async () => {
    const { lee, channelId } = await slowRoom(30);
    expect((await send(lee, channelId, "first")).status).toBe(200);
    t.clock.advance(29_000);
    expect((await send(lee, channelId, "early")).body).toMatchObject({ data: { retryAfterSeconds: 1 } });
    t.clock.advance(1_000);
    expect((await send(lee, channelId, "on time")).status).toBe(200);
  });

  it("holds each member to their own cooldown", async () => {
    const { lee, park, channelId } = await slowRoom(60);
    expect((await send(lee, channelId, "lee's")).status).toBe(200);
    expect((await send(park, channelId, "park's")).status).toBe(200);
    expect((await send(lee, channelId, "lee's again")).status).toBe(429);
  });

  it("exempts the channel's owner and the app's server", async () => {
    const { app, kim, channelId } = await slowRoom(60);
    for (const text of ["owner 1", "owner 2"]) expect((await send(kim, channelId, text)).status).toBe(200);
    for (const text of ["server 1", "server 2"]) {
      expect((await app.server.post(`/channels/${channelId}/messages`, { text })).status).toBe(200);
    }
  });

  it("holds replies and file messages to the same cooldown", async () => {
    const { kim, lee, channelId } = await slowRoom(60);
    const parent = (await send(kim, channelId, "parent")).body.message;
    expect((await send(lee, channelId, "plain")).status).toBe(200);
    const reply = await lee.api.post(`/channels/${channelId}/messages`, { text: "reply", parentMessageId: parent.id });
    expect(reply.body).toMatchObject({ code: "3206" });
    const boundary = "----slowmode";
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );
    const file = await t.server.inject({
      method: "POST",
      url: `/v1/channels/${channelId}/files`,
      headers: {
        authorization: `Bearer ${lee.sessionToken}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(file.statusCode).toBe(429);
    expect(file.json()).toMatchObject({ code: "3206" });
  });

  it("refuses a WebSocket message.send within the cooldown with 3206 and retryAfterSeconds in the ack", async () => {
    const { lee, channelId } = await slowRoom(45);
    const [socket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    if (!socket) throw new Error("no socket");
    const sendOver = async (requestId: string, text: string) => {
      socket.send({ type: "message.send", requestId, channelId, body: { text } });
      return (await socket.next((f) => f.type === "ack" && f.requestId === requestId)) as TAckFrame;
    };
    expect("message" in (await sendOver("s1", "first"))).toBe(true);
    t.clock.advance(5_000);
    const ack = await sendOver("s2", "second");
    expect("error" in ack ? ack.error : null).toMatchObject({ code: "3206", data: { retryAfterSeconds: 40 } });
    socket.ws.close();
  });

  it("lets exactly one of a member's many concurrent sends through within the cooldown", async () => {
    const { lee, channelId } = await slowRoom(60);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(lee, channelId, `burst ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === "3206")).toHaveLength(11);
    const history = await lee.api.get<{ messages: unknown[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages).toHaveLength(1);
  });

  it("binds a member's next send as soon as it is turned on, after sends that took the fast path", async () => {
    const { app, lee, channelId } = await slowRoom(0);
    expect((await send(lee, channelId, "fast 1")).status).toBe(200);
    expect((await send(lee, channelId, "fast 2")).status).toBe(200);
    await app.server.patch(`/channels/${channelId}`, { slowModeSeconds: 30 });
    expect((await send(lee, channelId, "first slow")).status).toBe(200);
    expect((await send(lee, channelId, "second slow")).body).toMatchObject({ code: "3206" });
    await app.server.patch(`/channels/${channelId}`, { slowModeSeconds: 0 });
    expect((await send(lee, channelId, "off again")).status).toBe(200);
  });

  it("is set by the channel's owner, not by a member, and emits channel.changed", async () => {
    const { kim, lee, channelId } = await slowRoom(0);
    const [socket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    if (!socket) throw new Error("no socket");
    const byMember = await lee.api.patch(`/channels/${channelId}`, { slowModeSeconds: 10 });
    expect(byMember.body).toMatchObject({ code: "3025" });
    const byOwner = await kim.api.patch<{ channel: TChannel }>(`/channels/${channelId}`, { slowModeSeconds: 10 });
    expect(byOwner.body.channel.slowModeSeconds).toBe(10);
    const event = (await socket.event("channel.changed")) as TChatEvent & { channel?: TChannel };
    expect(event.channel?.slowModeSeconds).toBe(10);
    socket.ws.close();
  });

  it("takes 0 to 21,600 seconds and refuses anything else with a validation error", async () => {
    const { app, channelId } = await slowRoom(0);
    for (const slowModeSeconds of [-1, 21_601, 1.5, "10"]) {
      const res = await app.server.patch(`/channels/${channelId}`, { slowModeSeconds });
      expect(res.status).toBe(400);
    }
    const max = await app.server.patch<{ channel: TChannel }>(`/channels/${channelId}`, { slowModeSeconds: 21_600 });
    expect(max.body.channel.slowModeSeconds).toBe(21_600);
  });

  it("is set in the dashboard's channel settings", async () => {
    const { app, lee, channelId } = await slowRoom(0);
    const res = await t.server.inject({
      method: "PUT",
      url: `/api${fillPath(dashboardChat.channel, { id: app.appId, channelId })}`,
      headers: app.dashboardAuth,
      payload: { slowModeSeconds: 120 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().channel.slowModeSeconds).toBe(120);
    expect((await send(lee, channelId, "first")).status).toBe(200);
    expect((await send(lee, channelId, "second")).body).toMatchObject({
      code: "3206",
      data: { retryAfterSeconds: 120 },
    });
  });
});
