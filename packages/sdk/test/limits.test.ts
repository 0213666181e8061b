import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type ConnectionChange, ParleyError } from "../src";
import { sdkApp, startServer, type TestServer, waitFor } from "./helpers";

let t: TestServer;
let baseUrl: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer({
    env: { RATE_LIMIT_PER_SECOND: "20", WS_MAX_CONNECTIONS_PER_CHAT_USER: "2" },
  }));
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => t?.close());

/** A socket of the user's session outside the SDK, as another tab would hold, once the server has admitted it. */
async function otherTab(token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/v1/ws`);
  cleanups.push(() => ws.close());
  await new Promise((resolve) => ws.once("open", resolve));
  const ready = new Promise((resolve) => ws.once("message", resolve));
  ws.send(JSON.stringify({ type: "auth", token }));
  await ready;
  return ws;
}

function connectionLog(client: { on(type: "connection", listener: (change: ConnectionChange) => void): void }) {
  const changes: ConnectionChange[] = [];
  client.on("connection", (change) => changes.push(change));
  return changes;
}

describe("the server's limits on the real-time link", () => {
  it("goes closed with 008 rather than retrying when the user's other sockets fill the cap while it reconnects", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee", { reconnect: { initialDelayMs: 1500, maxDelayMs: 1500 } });
    const changes = connectionLog(lee);
    const before = new Set(t.upgraded);
    await lee.connect();
    const own = [...t.upgraded].filter((socket) => !before.has(socket));
    const token = lee.sessionToken as string;
    await otherTab(token);

    for (const socket of own) socket.destroy();
    await waitFor("lee to notice the drop", () => lee.connectionState === "reconnecting");
    await otherTab(token);
    await waitFor("lee to give up", () => lee.connectionState === "closed", 5000);
    const last = changes.at(-1);
    expect(last?.error).toBeInstanceOf(ParleyError);
    expect(last?.error).toMatchObject({ code: "008" });
    expect(changes.map((c) => c.state)).toEqual(["connecting", "open", "reconnecting", "closed"]);
  });

  it("waits the server's Retry-After before reconnecting a link closed for sending over the budget (005)", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    // A ping unanswered within the interval counts as a dead link: a second leaves the server room on a busy machine.
    const lee = await a.user("lee", { pingIntervalMs: 1000, reconnect: { initialDelayMs: 10, maxDelayMs: 10 } });
    const changes = connectionLog(lee);
    const before = new Set(t.upgraded);
    await lee.connect();
    const link = [...t.upgraded].find((socket) => !before.has(socket));
    if (!link) throw new Error("no WebSocket relayed");
    // The link's pings draw from the user's budget, like their requests: spent on HTTP, the next ping is refused.
    const headers = { authorization: `Bearer ${lee.sessionToken}` };
    const spendBudget = () =>
      Promise.all(
        Array.from({ length: 25 }, () => fetch(`${baseUrl}/v1/me`, { headers }).then((r) => r.body?.cancel())),
      );
    // Spent without a pause until the link closes, so the window a ping lands in is spent whatever its timing: a
    // busy server that answers a batch slowly would otherwise let a window roll over between the batch and the ping.
    const deadline = Date.now() + 30_000;
    while (lee.connectionState === "open" && Date.now() < deadline) await spendBudget();
    await waitFor("the link to be closed", () => lee.connectionState === "reconnecting");
    const retry = changes.find((c) => c.state === "reconnecting");
    expect(retry?.error).toMatchObject({ code: "005", data: { retryAfterSeconds: expect.any(Number) } });
    expect(retry?.delayMs).toBeGreaterThanOrEqual(1000);
  });
});

describe("the server's rate limit on requests", () => {
  it("sends a request the limit refused (005) again after the server's wait, so a burst over the budget all answers", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee");
    const requests: string[] = [];
    const counting = a.client({
      fetch: (input, init) => {
        requests.push(String(input));
        return fetch(input, init);
      },
    });
    await counting.resume(lee.sessionToken as string);
    // Thirty at once against a budget of 20 a second: the ten over it wait out the window and succeed. Each asks
    // for a different page size, since the same read asked for while it is on its way is sent once.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => counting.channels.list({ limit: i + 1 })));
    expect(answers).toHaveLength(30);
    expect(requests.filter((url) => url.includes("/v1/channels")).length).toBeGreaterThan(30);
  });
});
