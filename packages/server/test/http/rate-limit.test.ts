import { RATE_LIMIT_PER_SECOND } from "@parley/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryWindowStore } from "../../src/http/rate-limit";
import { chatApp } from "../chat-client";
import { startTestApp, type TestApp } from "../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_PER_SECOND: String(RATE_LIMIT_PER_SECOND) } });
});
afterAll(() => t?.close());

/**
 * The limiter's one-second windows are read from `Date.now()`. Under load a burst can take longer than a second
 * to be served, and would then straddle two windows; so the tests stop the wall clock (timers still run) and
 * move it on themselves.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});
const nextWindow = () => vi.setSystemTime(Date.now() + 1100);

/** Sends `count` requests at once and returns their replies. */
function burst<T>(count: number, request: () => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, request));
}

describe("rate limits", () => {
  it("admits 20 dashboard requests of an account in a second and answers the rest 429 with code 005", async () => {
    const { dashboardAuth, appId } = await chatApp(t);
    // The setup's own calls count too; start from a fresh second.
    nextWindow();
    const replies = await burst(RATE_LIMIT_PER_SECOND + 5, () =>
      t.server.inject({ method: "GET", url: `/api/apps/${appId}`, headers: dashboardAuth }),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(RATE_LIMIT_PER_SECOND);
    expect(refused).toHaveLength(5);
    const first = refused[0];
    expect(first?.json()).toMatchObject({ code: "005", data: { retryAfterSeconds: 1 } });
    expect(first?.headers["retry-after"]).toBe("1");
    expect(first?.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT_PER_SECOND));
    expect(first?.headers["ratelimit-remaining"]).toBe("0");
    expect(ok[0]?.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT_PER_SECOND));

    nextWindow();
    const after = await t.server.inject({ method: "GET", url: `/api/apps/${appId}`, headers: dashboardAuth });
    expect(after.statusCode).toBe(200);
  });

  it("counts each account on its own", async () => {
    const a = await chatApp(t);
    const b = await chatApp(t);
    nextWindow();
    await burst(RATE_LIMIT_PER_SECOND + 1, () =>
      t.server.inject({ method: "GET", url: "/api/apps", headers: a.dashboardAuth }),
    );
    const other = await t.server.inject({ method: "GET", url: "/api/apps", headers: b.dashboardAuth });
    expect(other.statusCode).toBe(200);
  });

  it("limits each chat user to 20 requests a second and keeps their sends once refused", async () => {
    const chat = await chatApp(t);
    const alice = await chat.user("alice");
    const bob = await chat.user("bob");
    const created = await alice.api.post<{ channel: { id: string } }>("/channels", {
      name: "Limits",
      type: "public",
    });
    const channelId = created.body.channel.id;
    await bob.api.post(`/channels/${channelId}/join`, {});
    nextWindow();
    const replies = await burst(RATE_LIMIT_PER_SECOND + 5, () =>
      t.server.inject({
        method: "POST",
        url: `/v1/channels/${channelId}/messages`,
        headers: { authorization: `Bearer ${alice.sessionToken}` },
        payload: { text: "hello" },
      }),
    );
    const admitted = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(admitted.length + refused.length).toBe(replies.length);
    expect(refused[0]?.json().code).toBe("005");
    // Bob's count is his own, and exactly the admitted sends were stored.
    const history = await bob.api.get<{ messages: unknown[] }>(`/channels/${channelId}/messages?limit=100`);
    expect(history.status).toBe(200);
    expect(history.body.messages).toHaveLength(admitted.length);
  });

  it("counts requests with a made-up credential against the client address and answers 429 (005) past its budget", async () => {
    const { appId, dashboardAuth } = await chatApp(t);
    const bogus = { authorization: "Bearer not-a-session" };
    for (const [url, refusal] of [
      ["/api/apps", "1001"],
      [`/api/apps/${appId}/api-keys`, "1001"],
      ["/v1/channels", "3028"],
    ] as const) {
      nextWindow();
      const replies = await burst(RATE_LIMIT_PER_SECOND + 5, () =>
        t.server.inject({ method: "GET", url, headers: bogus }),
      );
      expect(replies.filter((r) => r.statusCode === 401 && r.json().code === refusal)).toHaveLength(
        RATE_LIMIT_PER_SECOND,
      );
      const refused = replies.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]?.json()).toMatchObject({ code: "005", data: { retryAfterSeconds: 1 } });
      expect(refused[0]?.headers["retry-after"]).toBe("1");
      // A signed-in caller at the same address draws from their own budget.
      const own = await t.server.inject({ method: "GET", url: "/api/apps", headers: dashboardAuth });
      expect(own.statusCode).toBe(200);
    }
  });

  it("does not count the health check", async () => {
    const replies = await burst(RATE_LIMIT_PER_SECOND + 5, () =>
      t.server.inject({ method: "GET", url: "/api/health" }),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(replies[0]?.json()).toEqual({ status: "ok", database: expect.any(String), redis: "none" });
  });
});

describe("the in-process count", () => {
  it("answers each request of a burst its own count, even when read after the whole burst was counted", () => {
    const store = new MemoryWindowStore();
    const results: { current: number; ttl: number }[] = [];
    for (let i = 0; i < 3; i++) store.incr("account:a", (_error, result) => result && results.push(result), 1000);
    expect(results.map((r) => r.current)).toEqual([1, 2, 3]);
  });

  it("starts a new window once the old one has passed, for each key on its own", () => {
    const store = new MemoryWindowStore();
    const count = (key: string) => {
      let current = 0;
      store.incr(key, (_error, result) => (current = result?.current ?? 0), 1000);
      return current;
    };
    expect([count("a"), count("a"), count("b")]).toEqual([1, 2, 1]);
    vi.setSystemTime(Date.now() + 400);
    expect(count("a")).toBe(3);
    vi.setSystemTime(Date.now() + 700);
    expect(count("a")).toBe(1);
    vi.setSystemTime(Date.now() + 20_000);
    expect(count("c")).toBe(1);
    expect(count("b")).toBe(1);
  });
});
