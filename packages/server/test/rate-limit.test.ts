import { RATE_LIMIT_PER_SECOND } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatApp } from "./chat-client";
import { startTestApp, type TestApp } from "./harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_PER_SECOND: String(RATE_LIMIT_PER_SECOND) } });
});
afterAll(() => t?.close());

/** Sends `count` requests at once and returns their replies. */
function burst<T>(count: number, request: () => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, request));
}

describe("rate limits", () => {
  it("admits 20 dashboard requests of an account in a second and answers the rest 429 with code 005", async () => {
    const { dashboardAuth, appId } = await chatApp(t);
    // The setup's own calls count too; start from a fresh second.
    await new Promise((r) => setTimeout(r, 1100));
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

    await new Promise((r) => setTimeout(r, 1100));
    const after = await t.server.inject({ method: "GET", url: `/api/apps/${appId}`, headers: dashboardAuth });
    expect(after.statusCode).toBe(200);
  });

  it("counts each account on its own", async () => {
    const a = await chatApp(t);
    const b = await chatApp(t);
    await new Promise((r) => setTimeout(r, 1100));
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
    await new Promise((r) => setTimeout(r, 1100));
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

  it("does not count the health check", async () => {
    const replies = await burst(RATE_LIMIT_PER_SECOND + 5, () =>
      t.server.inject({ method: "GET", url: "/api/health" }),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(replies[0]?.json()).toEqual({ status: "ok", database: expect.any(String), redis: "none" });
  });
});
