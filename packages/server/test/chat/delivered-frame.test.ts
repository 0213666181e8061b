import { RATE_LIMIT_PER_SECOND, type TAckFrame, type TChannel, type TMember, WS_CLOSE_CODES } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createChatApp } from "../factories";
import { listenForSockets, startTestApp, type TestApp } from "../harness";
import { standingWallClock } from "../standing-clock";
import { openSocket, readySocketsAt, type Socket } from "../ws-client";

let requests = 0;

/** Sends a `delivered` frame with a fresh requestId and waits for its ack. */
async function deliveredOver(socket: Socket, channelId: string, seq: unknown): Promise<TAckFrame> {
  const requestId = `d${++requests}`;
  socket.send({ type: "delivered", requestId, channelId, seq });
  return (await socket.next((f) => f.type === "ack" && f.requestId === requestId)) as TAckFrame;
}

const errorOf = (ack: TAckFrame) => ("error" in ack ? ack.error : null);
const markOf = (ack: TAckFrame) => ("lastDeliveredSeq" in ack ? ack.lastDeliveredSeq : null);

/** kim's channel of `type` with lee in it, two messages of kim's, and a ready socket for each. */
async function conversation(t: TestApp, wsUrl: string, type = "private_invite") {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const res = await kim.api.post<{ channel: TChannel }>("/channels", { name: "Lunch", type, userIds: ["lee"] });
  const channelId = res.body.channel.id;
  if (type === "open") await lee.api.post(`/channels/${channelId}/join`, {});
  for (const text of ["one", "two"]) await kim.api.post(`/channels/${channelId}/messages`, { text });
  const [kimSocket, leeSocket] = await readySocketsAt(wsUrl, { token: kim.sessionToken }, { token: lee.sessionToken });
  const leeMark = async () => {
    const { members } = (await kim.api.get<{ members: TMember[] }>(`/channels/${channelId}/members`)).body;
    return members.find((m) => m.userId === "lee")?.lastDeliveredSeq;
  };
  return { app, kim, lee, channelId, kimSocket, leeSocket, leeMark };
}

describe("marking messages delivered over the WebSocket", () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    wsUrl = await listenForSockets(t);
  });
  afterAll(() => t?.close());

  it("acks the mark as the delivered route answers it, and the channel hears channel.delivered", async () => {
    const c = await conversation(t, wsUrl);
    expect(markOf(await deliveredOver(c.leeSocket, c.channelId, 2))).toBe(2);
    expect(await c.kimSocket.event("channel.delivered")).toMatchObject({
      channelId: c.channelId,
      userId: "lee",
      seq: 2,
    });
    expect(await c.leeMark()).toBe(2);
    // Past the channel's last message it stops there, and it never moves back, as the route's mark does.
    expect(markOf(await deliveredOver(c.leeSocket, c.channelId, 99))).toBe(2);
    expect(markOf(await deliveredOver(c.leeSocket, c.channelId, 1))).toBe(2);
    const rest = await c.lee.api.post<{ lastDeliveredSeq: number }>(`/channels/${c.channelId}/delivered`, { seq: 1 });
    expect(rest.body).toEqual({ lastDeliveredSeq: 2 });
    c.kimSocket.ws.close();
    c.leeSocket.ws.close();
  });

  it("moves the mark without an answer when the frame asks for no ack", async () => {
    const c = await conversation(t, wsUrl);
    c.leeSocket.send({ type: "delivered", channelId: c.channelId, seq: 1 });
    expect(await c.kimSocket.event("channel.delivered")).toMatchObject({ userId: "lee", seq: 1 });
    await c.leeSocket.caughtUp();
    expect(c.leeSocket.frames.filter((f) => f.type === "ack" || f.type === "error")).toEqual([]);
    expect(await c.leeMark()).toBe(1);
    c.kimSocket.ws.close();
    c.leeSocket.ws.close();
  });

  it("acks a malformed seq with 300 naming seq as the route does, and keeps the socket open", async () => {
    const c = await conversation(t, wsUrl);
    const rest = await c.lee.api.post<{ code: string; data: unknown }>(`/channels/${c.channelId}/delivered`, {
      seq: -1,
    });
    const negative = errorOf(await deliveredOver(c.leeSocket, c.channelId, -1));
    expect(negative).toMatchObject({ code: rest.body.code, data: { fields: [{ path: "seq" }] } });
    expect(errorOf(await deliveredOver(c.leeSocket, c.channelId, 1.5))).toMatchObject({
      code: "300",
      data: { fields: [{ path: "seq" }] },
    });
    expect(errorOf(await deliveredOver(c.leeSocket, c.channelId, "2"))?.code).toBe("300");
    expect(markOf(await deliveredOver(c.leeSocket, c.channelId, 2))).toBe(2);
    expect(c.leeSocket.ws.readyState).toBe(WebSocket.OPEN);
    c.kimSocket.ws.close();
    c.leeSocket.ws.close();
  });

  it("refuses a channel the user is not in with 3020, an unknown one with 3007 and an open one with 3240", async () => {
    const c = await conversation(t, wsUrl);
    const park = await c.app.user("park");
    const [parkSocket] = await readySocketsAt(wsUrl, { token: park.sessionToken });
    expect(errorOf(await deliveredOver(parkSocket, c.channelId, 2))?.code).toBe("3020");
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(errorOf(await deliveredOver(parkSocket, unknown, 2))?.code).toBe("3007");
    // Without a requestId the refusal comes as an error frame about the frame, and the socket stays open.
    parkSocket.send({ type: "delivered", channelId: c.channelId, seq: 2 });
    expect(await parkSocket.next((f) => f.type === "error")).toMatchObject({ code: "3020", frame: "delivered" });
    expect(parkSocket.ws.readyState).toBe(WebSocket.OPEN);
    expect(await c.leeMark()).toBe(0);
    const open = await conversation(t, wsUrl, "open");
    expect(errorOf(await deliveredOver(open.leeSocket, open.channelId, 2))?.code).toBe("3240");
    for (const s of [c.kimSocket, c.leeSocket, parkSocket, open.kimSocket, open.leeSocket]) s.ws.close();
  });

  it("refuses a mark from a dashboard view with 1023: the view only watches", async () => {
    const c = await conversation(t, wsUrl);
    const view = await openSocket(wsUrl, { token: c.app.owner.token, appId: c.app.appId });
    await view.next((f) => f.type === "ready");
    expect(errorOf(await deliveredOver(view, c.channelId, 2))?.code).toBe("1023");
    view.ws.close();
    c.kimSocket.ws.close();
    c.leeSocket.ws.close();
  });
});

describe("marking messages delivered over the WebSocket under the rate limit", () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_SECOND: String(RATE_LIMIT_PER_SECOND) } });
    wsUrl = await listenForSockets(t);
  });
  afterAll(() => t?.close());

  const nextWindow = standingWallClock();

  it("counts a delivered frame in the user's one budget with HTTP: past it the ack says 005 and the socket stays open", async () => {
    const c = await conversation(t, wsUrl);
    nextWindow();
    for (let i = 0; i < RATE_LIMIT_PER_SECOND - 1; i++) expect((await c.lee.api.get("/me")).status).toBe(200);
    expect(markOf(await deliveredOver(c.leeSocket, c.channelId, 1))).toBe(1);
    const refused = errorOf(await deliveredOver(c.leeSocket, c.channelId, 2));
    expect(refused).toMatchObject({ code: "005", data: { retryAfterSeconds: expect.any(Number) } });
    expect((await c.lee.api.get("/me")).status).toBe(429);
    expect(c.leeSocket.ws.readyState).toBe(WebSocket.OPEN);
    nextWindow();
    expect(await c.leeMark()).toBe(1);
    expect(markOf(await deliveredOver(c.leeSocket, c.channelId, 2))).toBe(2);
    c.kimSocket.ws.close();
    c.leeSocket.ws.close();
  });

  it("answers the delivered frame that floods the socket with an ack of 005, then closes it with 4029", async () => {
    const c = await conversation(t, wsUrl);
    nextWindow();
    for (let i = 0; i < RATE_LIMIT_PER_SECOND + 5; i++) {
      c.leeSocket.send({ type: "delivered", requestId: `flood-${i}`, channelId: c.channelId, seq: 1 });
    }
    const tipping = await c.leeSocket.next((f) => f.type === "ack" && f.requestId === `flood-${RATE_LIMIT_PER_SECOND}`);
    expect(errorOf(tipping as TAckFrame)).toMatchObject({ code: "005", data: { retryAfterSeconds: 1 } });
    expect(await c.leeSocket.next((f) => f.type === "error")).toMatchObject({ code: "005" });
    expect(await c.leeSocket.closed).toBe(WS_CLOSE_CODES.rateLimited);
    c.kimSocket.ws.close();
  });
});
