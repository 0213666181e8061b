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

  it("waits the server's Retry-After before reconnecting a link whose new sign-in the spent budget refused (005)", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee", { reconnect: { initialDelayMs: 10, maxDelayMs: 10 } });
    const changes = connectionLog(lee);
    const before = new Set(t.upgraded);
    await lee.connect();
    const own = [...t.upgraded].filter((socket) => !before.has(socket));
    const headers = { authorization: `Bearer ${lee.sessionToken}` };
    const spendBudget = () =>
      Promise.all(
        Array.from({ length: 25 }, () => fetch(`${baseUrl}/v1/me`, { headers }).then((r) => r.body?.cancel())),
      );
    // The link drops, and its new sign-in draws from the user's budget, like their requests: spent on HTTP, the
    // server refuses it and closes the socket. Spent without a pause, so whatever window the sign-in lands in is
    // spent; a sign-in that got in anyway is dropped again.
    const refusal = () => changes.find((c) => c.state === "reconnecting" && c.error instanceof ParleyError);
    const refused = () => refusal() !== undefined;
    const deadline = Date.now() + 30_000;
    while (!refused() && Date.now() < deadline) {
      await spendBudget();
      if (lee.connectionState === "open") {
        for (const socket of [...t.upgraded].filter((socket) => !before.has(socket))) socket.destroy();
      }
    }
    expect(own.length).toBeGreaterThan(0);
    await waitFor("the new sign-in to be refused", refused);
    const retry = refusal();
    expect(retry?.error).toMatchObject({ code: "005", data: { retryAfterSeconds: expect.any(Number) } });
    expect(retry?.delayMs).toBeGreaterThanOrEqual(1000);
  });

  it("keeps the open link when the user's requests spend the budget its pings draw from", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee", { pingIntervalMs: 200 });
    const changes = connectionLog(lee);
    await lee.connect();
    const headers = { authorization: `Bearer ${lee.sessionToken}` };
    // Three seconds of a spent budget: every ping meanwhile is refused with an error frame that names it (005),
    // which answers it as a refused request is answered, and the link stays as it was.
    let refusedRequests = 0;
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const statuses = await Promise.all(
        Array.from({ length: 25 }, () => fetch(`${baseUrl}/v1/me`, { headers }).then((r) => r.status)),
      );
      refusedRequests += statuses.filter((status) => status === 429).length;
    }
    expect(refusedRequests).toBeGreaterThan(0);
    expect(lee.connectionState).toBe("open");
    expect(changes.map((c) => c.state)).toEqual(["connecting", "open"]);
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
