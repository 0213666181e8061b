import { RATE_LIMIT_PER_SECOND, type TAckFrame, type TMessage, WS_CLOSE_CODES } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";
import { standingWallClock } from "../standing-clock";
import { messageTexts, openSocket, readySocketsAt, type Socket } from "../ws-client";

/** A test app listening on a real port, and its WebSocket address. */
async function listeningApp(env: Record<string, string> = {}): Promise<{ t: TestApp; wsUrl: string }> {
  const t = await startTestApp({ env });
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { t, wsUrl: `ws://127.0.0.1:${address.port}/v1/ws` };
}

let requests = 0;

/** Sends `frame` as a `message.send` with a fresh requestId and waits for its ack. */
async function sendOver(socket: Socket, channelId: string, body: Record<string, unknown>): Promise<TAckFrame> {
  const requestId = `r${++requests}`;
  socket.send({ type: "message.send", requestId, channelId, body });
  return ackOf(socket, requestId);
}

/** The ack of `requestId`, once it arrives. */
async function ackOf(socket: Socket, requestId: string): Promise<TAckFrame> {
  return (await socket.next((f) => f.type === "ack" && f.requestId === requestId)) as TAckFrame;
}

const errorOf = (ack: TAckFrame) => ("error" in ack ? ack.error : null);
const messageOf = (ack: TAckFrame) => ("message" in ack ? ack.message : null);

/** kim's channel with lee in it, and a ready socket for each. */
async function roomWithSockets(t: TestApp, wsUrl: string) {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room", userIds: ["lee"] }))
    .body;
  const [kimSocket, leeSocket] = await readySocketsAt(wsUrl, { token: kim.sessionToken }, { token: lee.sessionToken });
  return { app, kim, lee, channelId: channel.id, kimSocket, leeSocket };
}

describe("sending a message over the WebSocket", () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    ({ t, wsUrl } = await listeningApp());
  });
  afterAll(() => t?.close());

  it("acks the stored message as the REST route answers it, and every member hears message.created, the sender too", async () => {
    const { kim, channelId, kimSocket, leeSocket } = await roomWithSockets(t, wsUrl);
    const ack = await sendOver(kimSocket, channelId, { text: "over the socket", metadata: { k: "v" } });
    const sent = messageOf(ack);
    expect(sent).toMatchObject({
      channelId,
      type: "text",
      text: "over the socket",
      metadata: { k: "v" },
      sender: { userId: "kim" },
      myReactions: [],
    });
    expect((await leeSocket.event("message.created")).message).toMatchObject({ id: sent?.id, text: "over the socket" });
    expect((await kimSocket.event("message.created")).message?.id).toBe(sent?.id);
    // The REST route's answer for the same message in history carries the same fields.
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages).toEqual([{ ...sent, myReactions: [] }]);
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("sends replies, mentions and custom messages through the same pipeline as REST", async () => {
    const { channelId, kimSocket, leeSocket } = await roomWithSockets(t, wsUrl);
    const parent = messageOf(await sendOver(kimSocket, channelId, { text: "parent" }));
    const reply = await sendOver(leeSocket, channelId, {
      text: "a reply to @kim",
      parentMessageId: parent?.id,
      mentionedUserIds: ["kim"],
    });
    expect(messageOf(reply)).toMatchObject({ parentMessageId: parent?.id, mentionedUserIds: ["kim"] });
    const custom = await sendOver(kimSocket, channelId, { text: "{}", type: "custom", customType: "poll" });
    expect(messageOf(custom)).toMatchObject({ type: "custom", customType: "poll" });
    expect(errorOf(await sendOver(kimSocket, channelId, { text: "x", type: "custom" }))?.code).toBe("3069");
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("stores a socket's messages to one channel in the order it sent them, whichever way each is stored", async () => {
    const { kim, channelId, kimSocket, leeSocket } = await roomWithSockets(t, wsUrl);
    // A mention takes the full path, several reads long; a plain text the one statement of many senders.
    const texts = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const acks = texts.map((text, i) => {
      const requestId = `order-${i}`;
      const body = i % 3 === 0 ? { text: `${text} @lee`, mentionedUserIds: ["lee"] } : { text };
      kimSocket.send({ type: "message.send", requestId, channelId, body });
      return ackOf(kimSocket, requestId);
    });
    const sent = (await Promise.all(acks)).map(messageOf);
    const seqs = sent.map((m) => m?.seq ?? 0);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages?limit=100`);
    expect(history.body.messages.map((m) => m.text.split(" ")[0])).toEqual(texts);
    await leeSocket.caughtUp();
    expect(messageTexts(leeSocket).map((text) => (text ?? "").split(" ")[0])).toEqual(texts);
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("acks a malformed send with 301 or 300 naming the fields as the REST route does, and keeps the socket open", async () => {
    const { kim, channelId, kimSocket } = await roomWithSockets(t, wsUrl);
    const rest = await kim.api.post<{ code: string; data: unknown }>(`/channels/${channelId}/messages`, {});
    const missing = errorOf(await sendOver(kimSocket, channelId, {}));
    expect(missing).toMatchObject({ code: "301", data: rest.body.data });
    const badKey = errorOf(await sendOver(kimSocket, channelId, { text: "hi", clientMessageId: "no spaces" }));
    expect(badKey).toMatchObject({ code: "300", data: { fields: [{ path: "clientMessageId" }] } });
    const badChannel = errorOf(await sendOver(kimSocket, "not-a-uuid", { text: "hi" }));
    expect(badChannel).toMatchObject({ code: "300", data: { fields: [{ path: "channelId" }] } });
    const nul = errorOf(await sendOver(kimSocket, channelId, { text: "a\u0000b" }));
    expect(nul).toMatchObject({ code: "300", data: { fields: [{ path: "text" }] } });
    // A frame this server does not know, with a requestId: answered, not closed.
    kimSocket.send({ type: "message.sendd", requestId: "unknown-type" });
    expect(errorOf(await ackOf(kimSocket, "unknown-type"))?.code).toBe("300");
    expect(errorOf(await sendOver(kimSocket, channelId, { text: "   " }))?.code).toBe("3012");
    expect(messageOf(await sendOver(kimSocket, channelId, { text: "still open" }))?.text).toBe("still open");
    kimSocket.ws.close();
  });

  it("still closes the socket with 300 for a malformed frame without a requestId", async () => {
    const { channelId, kimSocket } = await roomWithSockets(t, wsUrl);
    kimSocket.send({ type: "message.send", channelId, body: { text: "no request id" } });
    expect(await kimSocket.next((f) => f.type === "error")).toMatchObject({ code: "300" });
    expect(await kimSocket.closed).toBe(WS_CLOSE_CODES.refused);
  });

  it("acks an unknown channel with 3007 and a channel the user is not in with 3020", async () => {
    const { app, channelId, kimSocket } = await roomWithSockets(t, wsUrl);
    const unknown = await sendOver(kimSocket, "00000000-0000-4000-8000-000000000000", { text: "hi" });
    expect(errorOf(unknown)).toMatchObject({ code: "3007", message: expect.any(String) });
    const park = await app.user("park");
    const [parkSocket] = await readySocketsAt(wsUrl, { token: park.sessionToken });
    expect(errorOf(await sendOver(parkSocket, channelId, { text: "hi" }))?.code).toBe("3020");
    kimSocket.ws.close();
    parkSocket.ws.close();
  });

  it("acks a muted member with 3022 and a frozen channel with 3021, as REST answers them", async () => {
    const { app, kim, lee, channelId, kimSocket, leeSocket } = await roomWithSockets(t, wsUrl);
    await kim.api.post(`/channels/${channelId}/members/lee/mute`, { minutes: 10 });
    expect(errorOf(await sendOver(leeSocket, channelId, { text: "muted" }))?.code).toBe("3022");
    expect((await lee.api.post(`/channels/${channelId}/messages`, { text: "muted" })).body.code).toBe("3022");
    await kim.api.post(`/channels/${channelId}/members/lee/unmute`);
    const appRow = await t.services.apps.authenticateApiKey(app.apiKey);
    if (!appRow) throw new Error("api key did not authenticate");
    await t.services.channels.setFrozen({ kind: "admin", app: appRow }, channelId, true);
    expect(errorOf(await sendOver(kimSocket, channelId, { text: "frozen" }))?.code).toBe("3021");
    await t.services.channels.setFrozen({ kind: "admin", app: appRow }, channelId, false);
    expect(messageOf(await sendOver(leeSocket, channelId, { text: "thawed" }))?.text).toBe("thawed");
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["thawed"]);
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("answers a resend with the same clientMessageId with the stored message, over the socket and over REST", async () => {
    const { kim, channelId, kimSocket, leeSocket } = await roomWithSockets(t, wsUrl);
    const body = { text: "once", clientMessageId: "kim-1" };
    const first = messageOf(await sendOver(kimSocket, channelId, body));
    const again = messageOf(await sendOver(kimSocket, channelId, body));
    const rest = await kim.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, body);
    expect(again?.id).toBe(first?.id);
    expect(rest.body.message.id).toBe(first?.id);
    // Sent together, the two race to store: one stores, the other answers what it stored.
    const both = await Promise.all([
      sendOver(kimSocket, channelId, { text: "raced", clientMessageId: "kim-2" }),
      kim.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, {
        text: "raced",
        clientMessageId: "kim-2",
      }),
    ]);
    expect(messageOf(both[0])?.id).toBe(both[1].body.message.id);
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["once", "raced"]);
    await leeSocket.caughtUp();
    expect(messageTexts(leeSocket)).toEqual(["once", "raced"]);
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("refuses a send from a dashboard view with 1023: the view only watches", async () => {
    const { app, channelId, kimSocket } = await roomWithSockets(t, wsUrl);
    const view = await openSocket(wsUrl, { token: app.owner.token, appId: app.appId });
    await view.next((f) => f.type === "ready");
    expect(errorOf(await sendOver(view, channelId, { text: "from the console" }))?.code).toBe("1023");
    view.ws.close();
    kimSocket.ws.close();
  });
});

describe("sending over the WebSocket under the rate limit", () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    ({ t, wsUrl } = await listeningApp({ RATE_LIMIT_PER_SECOND: String(RATE_LIMIT_PER_SECOND) }));
  });
  afterAll(() => t?.close());

  const nextWindow = standingWallClock();

  it("counts a send frame in the user's one budget with HTTP: past it the ack says 005 and the socket stays open", async () => {
    const { kim, channelId, kimSocket } = await roomWithSockets(t, wsUrl);
    nextWindow();
    // All but one of the budget on HTTP; the first send fits, the second is refused.
    for (let i = 0; i < RATE_LIMIT_PER_SECOND - 1; i++) expect((await kim.api.get("/me")).status).toBe(200);
    expect(messageOf(await sendOver(kimSocket, channelId, { text: "fits" }))?.text).toBe("fits");
    const refused = errorOf(await sendOver(kimSocket, channelId, { text: "over" }));
    expect(refused).toMatchObject({ code: "005", data: { retryAfterSeconds: expect.any(Number) } });
    // The send counted for HTTP as well.
    expect((await kim.api.get("/me")).status).toBe(429);
    expect(kimSocket.ws.readyState).toBe(WebSocket.OPEN);
    nextWindow();
    expect(messageOf(await sendOver(kimSocket, channelId, { text: "next second" }))?.text).toBe("next second");
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["fits", "next second"]);
    kimSocket.ws.close();
  });

  it("answers the send that floods the socket with an ack of 005, then closes it with 4029 as any flood", async () => {
    const { kim, channelId, kimSocket } = await roomWithSockets(t, wsUrl);
    nextWindow();
    const burst = RATE_LIMIT_PER_SECOND + 5;
    for (let i = 0; i < burst; i++) {
      kimSocket.send({ type: "message.send", requestId: `flood-${i}`, channelId, body: { text: `m${i}` } });
    }
    const tipping = await ackOf(kimSocket, `flood-${RATE_LIMIT_PER_SECOND}`);
    expect(errorOf(tipping)).toMatchObject({ code: "005", data: { retryAfterSeconds: 1 } });
    expect(await kimSocket.next((f) => f.type === "error")).toMatchObject({ code: "005" });
    expect(await kimSocket.closed).toBe(WS_CLOSE_CODES.rateLimited);
    nextWindow();
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages?limit=100`);
    expect(history.body.messages.length).toBeLessThanOrEqual(RATE_LIMIT_PER_SECOND);
  });
});
