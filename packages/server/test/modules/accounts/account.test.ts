import { DAY_MS } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount } from "../../factories";
import { STRONG_PASSWORD, startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

const profile = {
  name: "Minji Lee",
  contact: "+82212345678",
  companyName: "Blue Whale",
  companyHomepage: "",
  companyAddress: { postalCode: "", address: "", detail: "" },
  marketingConsent: true,
};

describe("account settings", () => {
  it("reads the profile of the signed-in account", async () => {
    const { email, token } = await createAccount(t);
    const res = await api.get<{ account: Record<string, unknown> }>("/account", token);
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({
      email,
      name: "Jisoo Park",
      companyName: "Acme Chat",
      companyAddress: { postalCode: "06236", address: "Teheran-ro 123", detail: "5F" },
      language: "ko",
      paymentCurrency: "KRW",
    });
  });

  it("updates the profile fields and keeps the billing currency", async () => {
    const { token } = await createAccount(t);
    const res = await api.put<{ account: Record<string, unknown> }>("/account", { ...profile, language: "en" }, token);
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ ...profile, language: "en", paymentCurrency: "KRW" });
    expect((await api.get<{ account: unknown }>("/account", token)).body.account).toMatchObject(profile);
  });

  it("rejects a phone number with hyphens with code 300", async () => {
    const { token } = await createAccount(t);
    const res = await api.put("/account", { ...profile, contact: "010-1234-5678" }, token);
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "contact", message: "VALIDATION_PHONE" }] },
    });
  });

  it("rejects an empty company name", async () => {
    const { token } = await createAccount(t);
    const res = await api.put("/account", { ...profile, companyName: "   " }, token);
    expect(res.body.code).toBe("300");
  });
});

describe("password change", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const { email, token } = await createAccount(t);
    const other = (await api.post<{ sessionToken: string }>("/auth/login", { email, password: STRONG_PASSWORD })).body
      .sessionToken;
    const next = "Fresh-password-9";
    const res = await api.put(
      "/account/password",
      { currentPassword: STRONG_PASSWORD, newPassword: next, newPasswordConfirm: next },
      token,
    );
    expect(res.status).toBe(200);
    expect(typeof res.body.passwordChangedAt).toBe("string");
    expect((await api.get("/account", token)).status).toBe(200);
    expect((await api.get("/account", other)).body.code).toBe("1001");
    expect((await api.post("/auth/login", { email, password: next })).status).toBe(200);
  });

  it("answers 1005 when the current password is wrong", async () => {
    const { token } = await createAccount(t);
    const next = "Fresh-password-9";
    const res = await api.put(
      "/account/password",
      { currentPassword: "Not-the-one-1", newPassword: next, newPasswordConfirm: next },
      token,
    );
    expect(res.body.code).toBe("1005");
  });

  it("answers 2002 when the new password equals the current one", async () => {
    const { token } = await createAccount(t);
    const res = await api.put(
      "/account/password",
      { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD, newPasswordConfirm: STRONG_PASSWORD },
      token,
    );
    expect(res.body.code).toBe("2002");
  });

  it("answers 300 when the confirmation does not match", async () => {
    const { token } = await createAccount(t);
    const res = await api.put(
      "/account/password",
      { currentPassword: STRONG_PASSWORD, newPassword: "Fresh-password-9", newPasswordConfirm: "Fresh-password-8" },
      token,
    );
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "newPasswordConfirm", message: "VALIDATION_PASSWORD_MISMATCH" }] },
    });
  });
});

describe("notifications", () => {
  type N = { notifications: { type: string; text: string; params?: Record<string, number> }[] };

  it("shows the days left of the free trial in the account's language", async () => {
    const { token } = await createAccount(t, { language: "en" });
    const res = await api.get<N>("/notifications", token);
    expect(res.body.notifications).toEqual([
      {
        type: "UsingFreePlan",
        text: expect.stringMatching(/^You are on the free trial through .+ \(UTC\)\. Days left: 30\.$/),
        params: { daysLeft: 30, lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), paidPlanApplied: 0 },
      },
    ]);
    t.clock.advance(10 * DAY_MS);
    const later = await api.get<N>("/notifications", token);
    expect(later.body.notifications[0]?.params?.daysLeft).toBe(20);
  });

  it("asks for a password change after 30 days, hides it for 30 days on request", async () => {
    const { token } = await createAccount(t);
    const types = async () => (await api.get<N>("/notifications", token)).body.notifications.map((n) => n.type);
    expect(await types()).not.toContain("PasswordResetRequired");
    t.clock.advance(29 * DAY_MS);
    await api.get("/account", token);
    t.clock.advance(2 * DAY_MS);
    expect(await types()).toContain("PasswordResetRequired");
    expect((await api.post("/notifications/password-reset-required/hide", {}, token)).status).toBe(200);
    expect(await types()).not.toContain("PasswordResetRequired");
    t.clock.advance(25 * DAY_MS);
    await api.get("/account", token);
    t.clock.advance(6 * DAY_MS);
    expect(await types()).toContain("PasswordResetRequired");
  });
});

describe("health and unknown routes", () => {
  it("reports the database engine", async () => {
    const res = await api.get("/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: t.ctx.database.kind, redis: "none" });
  });

  it("answers an unknown API route with code 004", async () => {
    const res = await api.get("/no/such/route");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("004");
  });
});
