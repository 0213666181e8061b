import { randomUUID } from "node:crypto";
import { RATE_LIMIT_PER_SECOND, type TServerFrame, WS_CLOSE_CODES } from "@parley/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { createChatApp } from "../factories";
import { STRONG_PASSWORD, startTestApp, type TestApp } from "../harness";
import { eventually, until } from "../poll";
import { standingWallClock } from "../standing-clock";

const METRICS_TOKEN = "metrics-token-0123456789";

/** A test app listening on a real port, with its WebSocket address. */
async function listeningApp(env: Record<string, string>): Promise<{ t: TestApp; base: string; wsUrl: string }> {
  const t = await startTestApp({ env: { METRICS_TOKEN, ...env } });
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { t, base: `http://127.0.0.1:${address.port}`, wsUrl: `ws://127.0.0.1:${address.port}/v1/ws` };
}

/** An open socket that collects the frames it is sent; `auth` is sent as soon as it opens, when given. */
async function openSocket(wsUrl: string, auth?: Record<string, unknown>) {
  const ws = new WebSocket(wsUrl);
  const frames: TServerFrame[] = [];
  ws.on("message", (raw) => frames.push(JSON.parse(raw.toString()) as TServerFrame));
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const send = (frame: unknown) => ws.send(JSON.stringify(frame));
  if (auth) send({ type: "auth", ...auth });
  /** The first frame that matches, waiting for it up to `ms`. */
  const next = (match: (f: TServerFrame) => boolean, ms = 5000): Promise<TServerFrame> =>
    eventually(
      () => frames.find(match),
      () => `a matching frame; got ${JSON.stringify(frames.slice(0, 5))}`,
      ms,
      10,
    );
  return { ws, frames, closed, send, next };
}

/** Opens a socket and waits for its ready frame. */
async function readySocket(wsUrl: string, auth: Record<string, unknown>) {
  const socket = await openSocket(wsUrl, auth);
  await socket.next((f) => f.type === "ready" || f.type === "error");
  if (!socket.frames.some((f) => f.type === "ready")) throw new Error(JSON.stringify(socket.frames));
  return socket;
}

/** The sockets the server holds, as `/metrics` reports them. */
async function connectionCount(t: TestApp): Promise<number> {
  const res = await t.server.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = res.body.split("\n").find((l) => l.startsWith("parley_websocket_connections "));
  return Number(line?.split(" ")[1]);
}

describe("WebSocket connections", () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    // The rate limit is off (the harness's default): these tests open sockets faster than any client would.
    ({ t, wsUrl } = await listeningApp({}));
  });
  afterAll(() => t?.close());

  it("makes one connection of two auth frames sent back to back, and closing the socket leaves the user offline", async () => {
    const chat = await createChatApp(t);
    const kim = await chat.user("kim");
    const { id: chatUserId } = await t.services.chatUsers.requireUser(chat.appId, "kim");
    await until(async () => (await connectionCount(t)) === 0, "no sockets from earlier tests", 5000, 20);

    const socket = await openSocket(wsUrl);
    socket.send({ type: "auth", token: kim.sessionToken });
    socket.send({ type: "auth", token: kim.sessionToken });
    await socket.next((f) => f.type === "ready");
    // Frames are read in order: the pong to a ping sent now comes once the second auth frame has been handled.
    socket.send({ type: "ping" });
    await socket.next((f) => f.type === "pong");
    expect(socket.frames.filter((f) => f.type === "ready")).toHaveLength(1);
    expect(await connectionCount(t)).toBe(1);
    expect(await t.presence.online(chat.appId, [chatUserId])).toEqual(new Set([chatUserId]));

    socket.ws.close();
    await socket.closed;
    await until(async () => (await connectionCount(t)) === 0, "the connection to be dropped", 5000, 20);
    expect(await t.presence.online(chat.appId, [chatUserId])).toEqual(new Set());
  });

  it("refuses a chat user's 11th socket with 008 and close code 4008, and admits one again once another closes", async () => {
    const chat = await createChatApp(t);
    const kim = await chat.user("kim");
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await readySocket(wsUrl, { token: kim.sessionToken }));

    const refused = await openSocket(wsUrl, { token: kim.sessionToken });
    expect(await refused.next((f) => f.type === "error")).toMatchObject({ type: "error", code: "008" });
    expect(await refused.closed).toBe(WS_CLOSE_CODES.tooManyConnections);
    // The open ones are untouched, and another user of the app has a cap of their own.
    for (const socket of open) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    const lee = await chat.user("lee");
    const leeSocket = await readySocket(wsUrl, { token: lee.sessionToken });

    open[0]?.ws.close();
    await open[0]?.closed;
    await until(async () => (await connectionCount(t)) <= 10, "a free place", 5000, 20);
    const again = await readySocket(wsUrl, { token: kim.sessionToken });
    for (const socket of [...open, leeSocket, again]) socket.ws.close();
  });

  it("refuses a dashboard session's 11th socket with 008 and close code 4008; another session has its own cap", async () => {
    const chat = await createChatApp(t);
    const view = { token: chat.owner.token, appId: chat.appId };
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await readySocket(wsUrl, view));

    const refused = await openSocket(wsUrl, view);
    expect(await refused.next((f) => f.type === "error")).toMatchObject({ type: "error", code: "008" });
    expect(await refused.closed).toBe(WS_CLOSE_CODES.tooManyConnections);

    const login = await t.server.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: chat.owner.email, password: STRONG_PASSWORD },
    });
    const laptop = await readySocket(wsUrl, { token: login.json().sessionToken, appId: chat.appId });
    for (const socket of [...open, laptop]) socket.ws.close();
  });

  it("closes a socket that sends a frame over 64 KB with 1009", async () => {
    const socket = await openSocket(wsUrl);
    socket.send({ type: "ping", padding: "x".repeat(64 * 1024) });
    expect(await socket.closed).toBe(1009);
  });
});

describe("WebSocket frames under the rate limit", () => {
  let t: TestApp;
  let base: string;
  let wsUrl: string;
  beforeAll(async () => {
    ({ t, base, wsUrl } = await listeningApp({ RATE_LIMIT_PER_SECOND: String(RATE_LIMIT_PER_SECOND) }));
  });
  afterAll(() => t?.close());

  const nextWindow = standingWallClock();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers a flood of subscribe frames with 005 and close code 4029 after a bounded number of channel lookups, while the health check answers", async () => {
    const chat = await createChatApp(t);
    nextWindow();
    const socket = await readySocket(wsUrl, { token: chat.owner.token, appId: chat.appId });
    const lookups = vi.spyOn(t.services.channels, "requireChannel");
    nextWindow();

    for (let i = 0; i < 5000; i++) socket.send({ type: "subscribe", channelId: randomUUID() });
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);

    const refusal = await socket.next((f) => f.type === "error" && f.code === "005");
    expect(refusal).toMatchObject({ code: "005", data: { retryAfterSeconds: expect.any(Number) } });
    expect(await socket.closed).toBe(WS_CLOSE_CODES.rateLimited);
    // No lookup but those of the frames the budget admitted.
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(RATE_LIMIT_PER_SECOND);
  });

  it("counts frames and HTTP requests of a chat user in one budget, refusing the frame past it and keeping the socket", async () => {
    const chat = await createChatApp(t);
    const kim = await chat.user("kim");
    nextWindow();
    const socket = await readySocket(wsUrl, { token: kim.sessionToken });
    nextWindow();
    // Half the budget on HTTP, then frames: the frame that passes the budget with them is refused, as a request
    // would be, by an error frame naming it; the socket stays open, as a refused request's connection does.
    const half = RATE_LIMIT_PER_SECOND / 2;
    for (let i = 0; i < half; i++) expect((await kim.api.get("/me")).status).toBe(200);
    for (let i = 0; i < half + 1; i++) socket.send({ type: "ping" });
    const refusal = await socket.next((f) => f.type === "error");
    expect(refusal).toMatchObject({ code: "005", frame: "ping", data: { retryAfterSeconds: expect.any(Number) } });
    expect(socket.frames.filter((f) => f.type === "pong")).toHaveLength(half);
    expect((await kim.api.get("/me")).status).toBe(429);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    nextWindow();
    socket.send({ type: "ping" });
    await socket.next((f) => f.type === "pong" && socket.frames.filter((g) => g.type === "pong").length > half);
    socket.ws.close();
  });

  it("counts a socket's frames against its address before it authenticates", async () => {
    nextWindow();
    const socket = await openSocket(wsUrl);
    for (let i = 0; i < RATE_LIMIT_PER_SECOND + 5; i++) socket.send({ type: "ping" });
    expect(await socket.next((f) => f.type === "error")).toMatchObject({ code: "005" });
    expect(await socket.closed).toBe(WS_CLOSE_CODES.rateLimited);
    // The upgrade request counted against the address too.
    expect(socket.frames.filter((f) => f.type === "pong").length).toBeLessThan(RATE_LIMIT_PER_SECOND);
    // The address's budget is spent for HTTP as well.
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: STRONG_PASSWORD }),
    });
    expect(login.status).toBe(429);
    nextWindow();
  });

  // Last in this block: it leaves the address's budget spent for the rest of the window.
  it("counts a sign-in frame against the user it signs in as, and a refused one against the address", async () => {
    // Past the address's window of the test before, which its own moved clock began.
    nextWindow();
    nextWindow();
    const chat = await createChatApp(t);
    const kim = await chat.user("kim");
    nextWindow();
    // One upgrade and pings before signing in: all the address's budget but three more upgrades.
    const spender = await openSocket(wsUrl);
    const pings = RATE_LIMIT_PER_SECOND - 4;
    for (let i = 0; i < pings; i++) spender.send({ type: "ping" });
    await spender.next(() => spender.frames.filter((f) => f.type === "pong").length === pings);
    // The upgrades are the address's; the sign-ins are kim's, so both of kim's sockets open.
    await readySocket(wsUrl, { token: kim.sessionToken });
    await readySocket(wsUrl, { token: kim.sessionToken });
    // The last upgrade fits; its made-up token then counts against the address, which is spent: 005, not 3028.
    const guess = await openSocket(wsUrl, { token: "pcs_made-up" });
    expect(await guess.next((f) => f.type === "error")).toMatchObject({ code: "005" });
    expect(await guess.closed).toBe(WS_CLOSE_CODES.rateLimited);
  });
});
