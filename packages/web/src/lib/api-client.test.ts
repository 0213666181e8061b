import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, sessionFor, stubFetch } from "@/testing/test-utils";
import { ApiError, api, errorKey, setUnauthorizedHandler } from "./api-client";
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
});
