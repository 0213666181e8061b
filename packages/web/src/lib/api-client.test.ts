import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, sessionFor, stubFetch } from "@/testing/test-utils";
import { ApiError, api, errorKey, REQUEST_TIMEOUT_MS, setUnauthorizedHandler } from "./api-client";
import { clearSession, getSession, SESSION_STORAGE_KEY, setSession } from "./session";

describe("api client", () => {
  beforeEach(() => setSession(sessionFor()));
  afterEach(() => {
    setUnauthorizedHandler(null);
    clearSession();
  });

  it("sends the session token as a bearer credential under /api", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
    await api.get("/account");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer token-1");
  });

  it("sends an upload as the form itself, leaving its multipart content type to the browser", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
    const form = new FormData();
    form.append("file", new File(["x"], "x.png"));
    await api.upload("/apps/a/notice/brands/cover-images", form);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/apps/a/notice/brands/cover-images");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has("Content-Type")).toBe(false);
  });

  describe("when the rate limit refuses a request (005)", () => {
    afterEach(() => vi.useRealTimers());
    const refused = (seconds: number) =>
      jsonResponse(429, { code: "005", message: "Too many requests", data: { retryAfterSeconds: seconds } });

    it("sends it again after the server's Retry-After, a write with the same idempotency key", async () => {
      vi.useFakeTimers();
      let calls = 0;
      const fetchMock = stubFetch(() => (++calls === 1 ? refused(1) : jsonResponse(200, { ok: true })));
      const saved = api.post("/apps", { name: "Chat" });
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(saved).resolves.toEqual({ ok: true });
      const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    });

    it("gives up with 005 after two retries, and at once when the wait is longer than a few seconds", async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch(() => refused(1));
      const reading = api.get("/account");
      const outcome = expect(reading).rejects.toMatchObject({ code: "005", status: 429 });
      await vi.advanceTimersByTimeAsync(2000);
      await outcome;
      expect(fetchMock).toHaveBeenCalledTimes(3);

      const slow = stubFetch(() => refused(60));
      await expect(api.get("/account")).rejects.toMatchObject({ code: "005" });
      expect(slow).toHaveBeenCalledTimes(1);
    });
  });

  it("turns code 1001 into a cleared session and a trip to login", async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => jsonResponse(401, { code: "1001", message: "Login required" }));

    const failure = api.get("/account");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: "1001", status: 401 });
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("keeps the session on other errors and carries the error data", async () => {
    stubFetch(() =>
      jsonResponse(401, { code: "1024", message: "Wrong", data: { failedLoginCount: 3, maxFailedLogins: 5 } }),
    );
    await expect(api.post("/auth/login", {})).rejects.toMatchObject({
      code: "1024",
      data: { failedLoginCount: 3, maxFailedLogins: 5 },
    });
    expect(getSession()).not.toBeNull();
  });

  it("maps bodies without a code and unknown codes to the generic message", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await api.get("/account").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "001", status: 502 });
    expect(errorKey(error)).toBe("ERROR_001");
    expect(errorKey(new ApiError("7777", "?", 400))).toBe("ERROR_001");
    expect(errorKey(new ApiError("3005", "?", 409))).toBe("ERROR_3005");
  });

  describe("idempotency keys and lost answers", () => {
    const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("Idempotency-Key");
    /** A request that never gets an answer, ending only when its signal aborts, as a real fetch does. */
    const hang = (_url: string, init: RequestInit | undefined) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });

    it("sends a fresh Idempotency-Key with every write and none with a read", async () => {
      const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
      await api.get("/apps");
      await api.post("/apps", { name: "A" });
      await api.post("/apps", { name: "A" });
      await api.put("/apps/a", { name: "B" });
      await api.delete("/apps/a/api-keys/k");
      const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
      expect(keys[0]).toBeNull();
      expect(new Set(keys.slice(1)).size).toBe(4);
      for (const key of keys.slice(1))
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });

    it("sends the same write again with the key of its attempt that got no answer, until an answer settles it", async () => {
      let answer: () => Response | Promise<Response> = () => {
        throw new TypeError("Failed to fetch");
      };
      const fetchMock = stubFetch(() => answer());
      await expect(api.post("/apps", { name: "A" })).rejects.toMatchObject({ code: "002", status: 0 });
      answer = () => jsonResponse(500, { code: "001", message: "fault" });
      await expect(api.post("/apps", { name: "A" })).rejects.toMatchObject({ code: "001", status: 500 });
      answer = () => jsonResponse(409, { code: "009", message: "still running" });
      await expect(api.post("/apps", { name: "A" })).rejects.toMatchObject({ code: "009" });
      // Another write is another action: its own key.
      answer = () => {
        throw new TypeError("Failed to fetch");
      };
      await expect(api.post("/apps", { name: "B" })).rejects.toMatchObject({ code: "002" });
      answer = () => jsonResponse(200, { app: { id: "a" } });
      await api.post("/apps", { name: "A" });
      await api.post("/apps", { name: "A" });
      const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
      expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
      expect(keys[3]).not.toBe(keys[0]);
      expect(keys[4]).toBe(keys[0]);
      // Answered: the next identical write is a new action.
      expect(keys[5]).not.toBe(keys[0]);
    });

    it("ends a request that hangs with the network error once the time limit passes", async () => {
      vi.useFakeTimers();
      try {
        stubFetch(hang);
        const pending = api.post("/apps", { name: "A" }).catch((error: unknown) => error);
        await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
        expect(await pending).toMatchObject({ code: "002", status: 0, data: { reason: "timeout" } });
      } finally {
        vi.useRealTimers();
      }
    });

    it("ends a request at once when the browser goes offline", async () => {
      stubFetch(hang);
      const pending = api.get("/apps").catch((error: unknown) => error);
      window.dispatchEvent(new Event("offline"));
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "002", status: 0, data: { reason: "offline" } });
      expect(errorKey(error)).toBe("ERROR_002");
    });

    it("rejects with an AbortError when the caller stops waiting", async () => {
      stubFetch(hang);
      const controller = new AbortController();
      const pending = api.get("/apps", undefined, { signal: controller.signal }).catch((error: unknown) => error);
      controller.abort();
      expect(await pending).toMatchObject({ name: "AbortError" });
    });
  });
});
