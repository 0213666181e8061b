import fs from "node:fs/promises";
import { RATE_LIMIT_PER_SECOND, RATE_LIMIT_SERVER_PER_SECOND } from "@parley/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isRateLimitExempt, MemoryWindowStore, RATE_LIMIT_EXEMPT } from "../../src/http/rate-limit";
import { createChatApp } from "../factories";
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
    const { dashboardAuth, appId } = await createChatApp(t);
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
    const a = await createChatApp(t);
    const b = await createChatApp(t);
    nextWindow();
    await burst(RATE_LIMIT_PER_SECOND + 1, () =>
      t.server.inject({ method: "GET", url: "/api/apps", headers: a.dashboardAuth }),
    );
    const other = await t.server.inject({ method: "GET", url: "/api/apps", headers: b.dashboardAuth });
    expect(other.statusCode).toBe(200);
  });

  it("limits each chat user to 20 requests a second and keeps their sends once refused", async () => {
    const chat = await createChatApp(t);
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

  it("gives an app's server its own budget of 200 a second, past a user's, and answers the rest 429 (005)", async () => {
    const chat = await createChatApp(t);
    const alice = await chat.user("alice");
    const asServer = { authorization: `Bearer ${chat.apiKey}` };
    nextWindow();
    const replies = await burst(RATE_LIMIT_SERVER_PER_SECOND + 5, () =>
      t.server.inject({ method: "GET", url: "/v1/users?limit=1", headers: asServer }),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(RATE_LIMIT_SERVER_PER_SECOND);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json()).toMatchObject({ code: "005", data: { retryAfterSeconds: 1 } });
    expect(refused[0]?.headers["retry-after"]).toBe("1");
    expect(ok[0]?.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT_SERVER_PER_SECOND));
    expect(refused[0]?.headers["ratelimit-remaining"]).toBe("0");

    // The app's users keep their own budgets meanwhile, still 20 a second each.
    const own = await burst(RATE_LIMIT_PER_SECOND + 1, () =>
      t.server.inject({ method: "GET", url: "/v1/me", headers: { authorization: `Bearer ${alice.sessionToken}` } }),
    );
    expect(own.filter((r) => r.statusCode === 200)).toHaveLength(RATE_LIMIT_PER_SECOND);
    expect(own.find((r) => r.statusCode === 429)?.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT_PER_SECOND));
  });

  it("counts requests with a made-up credential against the client address and answers 429 (005) past its budget", async () => {
    const { appId, dashboardAuth } = await createChatApp(t);
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

describe("what the limit leaves uncounted", () => {
  it("counts a request to every registered route except those RATE_LIMIT_EXEMPT names", async () => {
    const counted = vi.spyOn(MemoryWindowStore.prototype, "incr");
    const wrong: string[] = [];
    try {
      for (const route of t.routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS")) {
        counted.mockClear();
        // No credential: a route that wants one refuses it, and that refusal is counted against the address.
        const url = route.url.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
        const res = await t.server.inject({ method: route.method as "GET", url });
        const isCounted = counted.mock.calls.length > 0;
        // The chat API counts its caller once known, after validation: a request validation refused is not seen.
        const isRefusedFirst = route.url.startsWith("/v1/") && res.statusCode === 400;
        if (isRateLimitExempt(route.method, route.url) ? isCounted : !isCounted && !isRefusedFirst) {
          wrong.push(`${route.method} ${route.url} is ${isCounted ? "counted" : "not counted"}`);
        }
      }
    } finally {
      counted.mockRestore();
    }
    expect(wrong).toEqual([]);
  });

  it("lists in docs/production.md exactly the routes RATE_LIMIT_EXEMPT names", async () => {
    const doc = await fs.readFile(new URL("../../../../docs/production.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("**Rate limits**"));
    const list = section.slice(0, section.indexOf("\n\n", section.indexOf("\n- ")));
    // Each entry is a bullet naming the route (in backticks where it is a path) before a colon.
    const documented = [...list.matchAll(/^- (.+?): /gm)].map((m) => (m[1] as string).replaceAll("`", ""));
    expect(documented).toEqual(RATE_LIMIT_EXEMPT.map((entry) => entry.route));
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
