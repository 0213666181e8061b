import { describe, expect, it } from "vitest";
import { ParleyConnectionError, ParleyError } from "../src";
import { Http } from "../src/http";

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that answers from a script, one answer (or thrown failure) per request, and records what was sent. */
function scripted(answers: (Response | Error)[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? "GET",
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error("no more answers scripted");
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const refusal = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { code, message: `refused with ${code}` }, headers);

function client(answers: (Response | Error)[], retries = { max: 3, baseDelayMs: 100, maxDelayMs: 1_000 }) {
  const { fetch, sent } = scripted(answers);
  const waits: number[] = [];
  const http = new Http({
    base: "https://chat.example.com",
    apiKey: "psk_test",
    fetch,
    timeoutMs: 5_000,
    retries,
    // The middle of the jitter's range, so the waits are exact.
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { http, sent, waits };
}

describe("retries", () => {
  it("waits as long as a 429's Retry-After says, then succeeds", async () => {
    const { http, sent, waits } = client([refusal(429, "005", { "retry-after": "2" }), json(200, { ok: true })]);
    await expect(http.request("GET", "/users")).resolves.toEqual({ ok: true });
    expect(waits).toEqual([2_000]);
    expect(sent).toHaveLength(2);
  });

  it("sends a write's Idempotency-Key once drawn and the same on every retry after 5xx and lost answers", async () => {
    const { http, sent, waits } = client([
      refusal(503, "002"),
      new TypeError("fetch failed"),
      json(502, { error: "bad gateway" }),
      json(200, { user: { userId: "kim" } }),
    ]);
    await http.request("POST", "/users", { body: { userId: "kim", nickname: "Kim" } });
    const keys = sent.map((request) => request.headers["Idempotency-Key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(sent.map((request) => request.body)).toEqual(Array(4).fill('{"userId":"kim","nickname":"Kim"}'));
    // Doubling from 100 ms, three quarters of each ceiling at the jitter's middle.
    expect(waits).toEqual([75, 150, 300]);
  });

  it("draws a new key for each call, and none for a read", async () => {
    const { http, sent } = client([json(200, {}), json(200, {}), json(200, {})]);
    await http.request("POST", "/channels/bulk", { body: {} });
    await http.request("POST", "/channels/bulk", { body: {} });
    await http.request("GET", "/channels");
    const [first, second, read] = sent.map((request) => request.headers["Idempotency-Key"]);
    expect(first).not.toBe(second);
    expect(read).toBeUndefined();
  });

  it("caps the back-off at maxDelayMs", async () => {
    const answers = Array.from({ length: 6 }, () => refusal(500, "001"));
    const { http, waits } = client(answers, { max: 5, baseDelayMs: 400, maxDelayMs: 1_000 });
    await expect(http.request("GET", "/users")).rejects.toMatchObject({ code: "001", status: 500 });
    expect(waits).toEqual([300, 600, 750, 750, 750]);
  });

  it("throws at once a refusal that retrying cannot change, and a Retry-After longer than a minute", async () => {
    const { http, sent } = client([refusal(404, "3018"), refusal(429, "005", { "retry-after": "120" })]);
    const missing = await http.request("GET", "/users/nobody").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ParleyError);
    expect(missing).toMatchObject({ code: "3018", status: 404, retryAfterSeconds: null });
    await expect(http.request("GET", "/users")).rejects.toMatchObject({ code: "005", retryAfterSeconds: 120 });
    expect(sent).toHaveLength(2);
  });

  it("gives up after max retries with the last failure", async () => {
    const { http, sent } = client(Array.from({ length: 4 }, () => new TypeError("fetch failed")));
    await expect(http.request("GET", "/users")).rejects.toBeInstanceOf(ParleyConnectionError);
    expect(sent).toHaveLength(4);
  });

  it("answers a retry that finds the earlier attempt applied with the call's result, but not a first refusal", async () => {
    const deleted = client([new TypeError("socket hang up"), refusal(404, "3018")]);
    await expect(
      deleted.http.request("DELETE", "/users/kim", {
        appliedBefore: (error) => (error.code === "3018" ? { ok: true } : undefined),
      }),
    ).resolves.toEqual({ ok: true });
    const neverThere = client([refusal(404, "3018")]);
    await expect(
      neverThere.http.request("DELETE", "/users/kim", {
        appliedBefore: (error) => (error.code === "3018" ? { ok: true } : undefined),
      }),
    ).rejects.toMatchObject({ code: "3018" });
  });

  it("does not take a refusal after a 429 for a sign of an applied attempt: the rate limit refuses before acting", async () => {
    const { http } = client([refusal(429, "005", { "retry-after": "1" }), refusal(404, "3018")]);
    await expect(
      http.request("DELETE", "/users/kim", {
        appliedBefore: (error) => (error.code === "3018" ? { ok: true } : undefined),
      }),
    ).rejects.toMatchObject({ code: "3018" });
  });
});
