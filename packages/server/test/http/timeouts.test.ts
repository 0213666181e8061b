import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";
import { openSocket } from "../ws-client";

/** Short enough that a test sees them pass, long enough for a loaded machine to accept every connection first. */
const HEADERS_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 4000;
const HALF_OPEN = 1000;
/**
 * What "promptly" means for the health check while the stalled requests wait: inside their time-out, so it was not
 * served on a connection they freed. Not tighter: the clients share the server's event loop, and their thousand
 * closes at once hold it up too.
 */
const HEALTH_CHECK_MAX_MS = 2000;
/** A request whose body stops short: what the request time-out, not the headers one, ends. */
const STALLED_BODY =
  "POST /api/auth/login HTTP/1.1\r\nHost: parley.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
/** Bounds a failure: every half-open request is closed long before this if the time-outs work. */
const GIVE_UP_MS = 30_000;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    },
  });
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  port = address.port;
});
afterAll(() => t?.close());

/** The server's open connections, as Node counts them: each holds a file descriptor. */
const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.server.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );

/**
 * A connection that sends `text` and then nothing: resolves with how it ended once the server closes it. The
 * client never ends or destroys it itself, so its close is the server's doing.
 */
function stalledRequest(text: string): { connected: Promise<void>; closed: Promise<string> } {
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    answer += chunk;
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once("connect", () => {
      socket.write(text);
      resolve();
    });
    socket.once("error", reject);
  });
  const closed = new Promise<string>((resolve) => {
    socket.once("close", () => resolve(answer.split("\r\n")[0] ?? ""));
  });
  // A reset is the server's close too; the answer line says which time-out it was.
  socket.on("error", () => {});
  return { connected, closed };
}

/** `GET /api/health` on a connection of its own, closed after the answer, and how long the answer took. */
function timedHealthCheck(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/api/health", agent: false, headers: { connection: "close" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    request.setTimeout(GIVE_UP_MS, () => request.destroy(new Error("the health check did not answer")));
    request.on("error", reject);
  });
}

describe("HTTP time-outs", () => {
  it(`closes ${HALF_OPEN} requests whose headers stall, releasing their sockets, while the health check keeps answering`, async () => {
    const baseline = await openConnections();
    // Counted as the server accepts them: a client's connect can come before the server has taken it.
    let accepted = 0;
    const allAccepted = new Promise<void>((resolve) => {
      const onConnection = () => {
        accepted += 1;
        if (accepted < HALF_OPEN) return;
        t.server.server.off("connection", onConnection);
        resolve();
      };
      t.server.server.on("connection", onConnection);
    });
    const stalled = Array.from({ length: HALF_OPEN }, () =>
      stalledRequest("GET /api/health HTTP/1.1\r\nHost: parley.test\r\nX-Half: "),
    );
    await Promise.all(stalled.map((request) => request.connected));
    // Every one reached the server; on a loaded machine the first may time out before the last is accepted.
    await allAccepted;

    let isClosed = false;
    const allClosed = Promise.all(stalled.map((request) => request.closed)).finally(() => {
      isClosed = true;
    });
    const checks: { status: number; ms: number }[] = [];
    const deadline = Date.now() + GIVE_UP_MS;
    // The health check is asked in turn while the stalled requests wait for their time-out, and once more after.
    while (!isClosed && Date.now() < deadline) checks.push(await timedHealthCheck());
    const answers = await allClosed;
    checks.push(await timedHealthCheck());

    expect(answers.filter((line) => line !== "HTTP/1.1 408 Request Timeout")).toEqual([]);
    expect(checks.filter((check) => check.status !== 200)).toEqual([]);
    expect(Math.max(...checks.map((check) => check.ms))).toBeLessThan(HEALTH_CHECK_MAX_MS);
    await expect.poll(openConnections).toBeLessThanOrEqual(baseline);
  }, 60_000);

  it("closes a request whose body stalls after its headers once the request time-out has passed", async () => {
    const started = Date.now();
    const stalled = stalledRequest(STALLED_BODY);
    await stalled.connected;
    expect(await stalled.closed).toBe("HTTP/1.1 408 Request Timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
  });

  it("leaves an upgraded WebSocket open past both time-outs", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const socket = await openSocket(`ws://127.0.0.1:${port}/v1/ws`, { token: kim.sessionToken });
    await socket.next((frame) => frame.type === "ready");
    // A request opened after the socket and closed by the request time-out: the same check has passed the socket.
    const stalled = stalledRequest(STALLED_BODY);
    await stalled.connected;
    expect(await stalled.closed).toBe("HTTP/1.1 408 Request Timeout");
    await socket.caughtUp();
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.ws.close();
  });
});
