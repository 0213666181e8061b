import fs from "node:fs/promises";
import path from "node:path";
import { DAY_MS, MAX_FAILED_LOGINS, PRIVACY_VERSION, TERMS_VERSION, V } from "@parley/contract";
import argon2 from "argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, sessions } from "../../../src/db/schema";
import { client } from "../../client";
import { codeFromMail, STRONG_PASSWORD, signupBody, startTestApp, type TestApp, uniqueEmail } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

async function signUp(email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
  const res = await api.post("/auth/signup", signupBody(email, overrides));
  expect(res.status).toBe(200);
  return email;
}

async function verified(email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
  await signUp(email, overrides);
  const mail = await t.waitForMail(email);
  const res = await api.post("/auth/email/verification/confirm", { email, code: codeFromMail(mail) });
  expect(res.status).toBe(200);
  return email;
}

async function login(email: string, password = STRONG_PASSWORD) {
  const res = await api.post<{ sessionToken: string }>("/auth/login", { email, password });
  expect(res.status).toBe(200);
  return res.body.sessionToken;
}

describe("signup", () => {
  it("creates an account and mails a verification link in the account's language", async () => {
    const email = uniqueEmail();
    const res = await api.post("/auth/signup", signupBody(email));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, verificationSent: true });
    const mail = await t.waitForMail(email);
    expect(mail.subject).toContain("이메일");
    expect(mail.text).toContain("http://parley.test/?next=%2Femail%2Fverification%2Fconfirm");
    expect(codeFromMail(mail)).toHaveLength(43);
  });

  it("writes each mail to the mail folder as .json (to, subject, text, html, createdAt) and .eml", async () => {
    const email = uniqueEmail();
    await signUp(email);
    await t.waitForMail(email);
    const dir = path.join(t.dataDir, "mail");
    const files = await fs.readdir(dir);
    const mails = await Promise.all(
      files
        .filter((f) => f.endsWith(".json"))
        .map(async (f) => ({ f, m: JSON.parse(await fs.readFile(path.join(dir, f), "utf8")) })),
    );
    const found = mails.find(({ m }) => m.to === email);
    expect(found?.m).toEqual(
      expect.objectContaining({
        to: email,
        subject: expect.any(String),
        text: expect.any(String),
        html: expect.stringContaining("<a href="),
      }),
    );
    expect(Number.isNaN(Date.parse(found?.m.createdAt))).toBe(false);
    const eml = await fs.readFile(path.join(dir, (found?.f ?? "").replace(/\.json$/, ".eml")), "utf8");
    expect(eml).toContain(`To: ${email}`);
  });

  it("mails English to an account that signed up in English", async () => {
    const email = uniqueEmail();
    await signUp(email, { language: "en" });
    expect((await t.waitForMail(email)).subject).toBe("[Parley] Verify your email address");
  });

  it("stores the email lower-cased and trimmed", async () => {
    const email = uniqueEmail();
    await signUp(`  ${email.toUpperCase()} `);
    expect((await api.get(`/auth/email/verified?email=${encodeURIComponent(email)}`)).body).toEqual({
      email,
      verified: false,
    });
  });

  it("rejects a second account with the same email with code 1003", async () => {
    const email = await signUp();
    const res = await api.post("/auth/signup", signupBody(email));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("1003");
  });

  it("rejects a weak password with code 300 and names the broken rule", async () => {
    const res = await api.post("/auth/signup", signupBody(uniqueEmail(), { password: "aaab12" }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
    expect(res.body.data?.fields).toEqual(
      expect.arrayContaining([
        { path: "password", message: "VALIDATION_PASSWORD_LENGTH" },
        { path: "password", message: "VALIDATION_PASSWORD_REPEAT" },
      ]),
    );
  });

  it("rejects a malformed email with code 300", async () => {
    const res = await api.post("/auth/signup", signupBody("not-an-email"));
    expect(res.body.code).toBe("300");
  });

  it("answers 301 when a required field is missing", async () => {
    const { companyName: _, ...body } = signupBody(uniqueEmail());
    const res = await api.post("/auth/signup", body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("301");
  });

  it("answers 300 to a body that is not JSON", async () => {
    const res = await t.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("300");
  });

  it("stores the versions of the terms and the privacy policy it accepted, and when", async () => {
    const email = await signUp();
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(row).toMatchObject({
      termsVersion: TERMS_VERSION,
      privacyVersion: PRIVACY_VERSION,
      termsAcceptedAt: t.clock.now(),
    });
  });

  it("refuses a signup that does not accept the terms or the privacy policy with 300, naming each", async () => {
    const email = uniqueEmail();
    const res = await api.post("/auth/signup", signupBody(email, { termsAccepted: false, privacyAccepted: false }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "300",
      data: {
        fields: [
          { path: "termsAccepted", message: V.termsRequired },
          { path: "privacyAccepted", message: V.privacyRequired },
        ],
      },
    });
    expect(await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
  });

  it("answers 301 to a signup without the privacy consent, as to any missing field", async () => {
    const { privacyAccepted: _, ...body } = signupBody(uniqueEmail());
    const res = await api.post("/auth/signup", body);
    expect(res.body).toMatchObject({
      code: "301",
      data: { fields: [{ path: "privacyAccepted", message: V.privacyRequired }] },
    });
  });

  it("refuses signup from a caller holding a live session with code 1002", async () => {
    const token = await login(await verified());
    const res = await api.post("/auth/signup", signupBody(uniqueEmail()), token);
    expect(res.body.code).toBe("1002");
  });
});

describe("email verification", () => {
  it("refuses login before the email is verified with code 1018", async () => {
    const email = await signUp();
    const res = await api.post("/auth/login", { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("1018");
  });

  it("verifies with the mailed code, then reports the email verified", async () => {
    const email = await verified();
    expect((await api.get(`/auth/email/verified?email=${encodeURIComponent(email)}`)).body.verified).toBe(true);
  });

  it("signs the user in on a confirmed verification, with a session that works like a login's", async () => {
    const email = await signUp();
    const code = codeFromMail(await t.waitForMail(email));
    const res = await api.post<{ session: { sessionToken: string; email: string } | null }>(
      "/auth/email/verification/confirm",
      { email, code },
    );
    expect(res.status).toBe(200);
    const session = res.body.session;
    expect(session).toMatchObject({ email, userType: "ordinary" });
    const current = await api.get<{ email: string }>("/auth/session", session?.sessionToken);
    expect(current.status).toBe(200);
    expect(current.body.email).toBe(email);
  });

  it("signs in once only: the same link again answers 1012 and starts no session", async () => {
    const email = await signUp();
    const code = codeFromMail(await t.waitForMail(email));
    expect((await api.post("/auth/email/verification/confirm", { email, code })).status).toBe(200);
    const [account] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    const count = async () =>
      (
        await t.ctx.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.accountId, account?.id ?? ""))
      ).length;
    const before = await count();

    const again = await api.post("/auth/email/verification/confirm", { email, code });
    expect(again.body.code).toBe("1012");
    expect(await count()).toBe(before);
  });

  it("verifies without signing in a browser that already holds another account's session", async () => {
    const other = await login(await verified());
    const email = await signUp();
    const code = codeFromMail(await t.waitForMail(email));
    const res = await api.post<{ session: unknown }>("/auth/email/verification/confirm", { email, code }, other);
    expect(res.status).toBe(200);
    expect(res.body.session).toBeNull();
    expect((await api.get(`/auth/email/verified?email=${encodeURIComponent(email)}`)).body.verified).toBe(true);
    expect((await api.get<{ email: string }>("/auth/session", other)).body.email).not.toBe(email);
  });

  it("verifies a locked account without signing it in", async () => {
    const email = await signUp();
    const code = codeFromMail(await t.waitForMail(email));
    for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) await api.post("/auth/login", { email, password: "wrong-pass-1!" });
    const res = await api.post<{ session: unknown }>("/auth/email/verification/confirm", { email, code });
    expect(res.status).toBe(200);
    expect(res.body.session).toBeNull();
  });

  it("rejects a wrong code with 1016", async () => {
    const email = await signUp();
    const res = await api.post("/auth/email/verification/confirm", { email, code: "x".repeat(43) });
    expect(res.body.code).toBe("1016");
  });

  it("rejects a code older than 24 hours with 1017", async () => {
    const email = await signUp();
    const code = codeFromMail(await t.waitForMail(email));
    t.clock.advance(DAY_MS + 1000);
    const res = await api.post("/auth/email/verification/confirm", { email, code });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe("1017");
  });

  it("resends a new link that replaces the old one", async () => {
    const email = await signUp();
    const first = codeFromMail(await t.waitForMail(email));
    t.clock.advance(60_000);
    expect((await api.post("/auth/email/verification/send", { email })).status).toBe(200);
    let second = first;
    while (second === first) second = codeFromMail(await t.waitForMail(email));
    expect((await api.post("/auth/email/verification/confirm", { email, code: first })).body.code).toBe("1016");
    expect((await api.post("/auth/email/verification/confirm", { email, code: second })).status).toBe(200);
  });

  it("answers 1012 when the email is already verified", async () => {
    const email = await verified();
    expect((await api.post("/auth/email/verification/send", { email })).body.code).toBe("1012");
  });

  it("answers 1004 for an email nobody signed up with", async () => {
    expect((await api.post("/auth/email/verification/send", { email: uniqueEmail() })).body.code).toBe("1004");
    expect((await api.get(`/auth/email/verified?email=${uniqueEmail()}`)).body.code).toBe("1004");
  });
});

describe("login and sessions", () => {
  it("returns the session state of an ordinary account", async () => {
    const email = await verified(uniqueEmail(), { language: "en" });
    const res = await api.post("/auth/login", { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email,
      userType: "ordinary",
      isAdmin: false,
      subAccountAppId: null,
      noticeFeatureEnabled: false,
      paymentCurrency: "USD",
      language: "en",
    });
    expect(String(res.body.sessionToken)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers 1004 for an unknown email", async () => {
    const res = await api.post("/auth/login", { email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(res.body.code).toBe("1004");
  });

  it("counts failed logins in 1024 and locks the account at the 5th with 1025", async () => {
    const email = await verified();
    for (let n = 1; n < MAX_FAILED_LOGINS; n++) {
      const res = await api.post("/auth/login", { email, password: "Wrong-pass-123" });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "1024", data: { failedLoginCount: n, maxFailedLogins: 5 } });
    }
    const fifth = await api.post("/auth/login", { email, password: "Wrong-pass-123" });
    expect(fifth.body).toMatchObject({ code: "1025", data: { failedLoginCount: 5 } });
    const rightPassword = await api.post("/auth/login", { email, password: STRONG_PASSWORD });
    expect(rightPassword.status).toBe(423);
    expect(rightPassword.body.code).toBe("1025");
  });

  it("keeps the count at 5 and the account locked when 16 wrong passwords arrive at once", async () => {
    const email = await verified();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => api.post("/auth/login", { email, password: "Wrong-pass-123" })),
    );
    for (const res of answers) expect(["1024", "1025"]).toContain(res.body.code);
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(row?.failedLoginCount).toBe(MAX_FAILED_LOGINS);
    expect(row?.lockedAt).not.toBeNull();
    expect((await api.post("/auth/login", { email, password: STRONG_PASSWORD })).body.code).toBe("1025");
  });

  it("gives no session to a right password whose check ends after a burst locked the account", async () => {
    const email = await verified();
    const [account] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    const sessionsOf = () =>
      t.ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.accountId, account?.id ?? ""));
    // The verification link signed the user in once; the login below must add no session to that one.
    const before = (await sessionsOf()).length;
    // The burst locks the account while the right password is being checked: after the account was read
    // unlocked, before the check's answer is acted on.
    const verify = argon2.verify;
    const spy = vi.spyOn(argon2, "verify").mockImplementationOnce(async (...args) => {
      await t.ctx.database.db
        .update(accounts)
        .set({ failedLoginCount: MAX_FAILED_LOGINS, lockedAt: t.clock.now() })
        .where(eq(accounts.email, email));
      return verify(...args);
    });
    const res = await api.post("/auth/login", { email, password: STRONG_PASSWORD });
    spy.mockRestore();
    expect(res.body.code).toBe("1025");
    expect(await sessionsOf()).toHaveLength(before);
  });

  it("unlocks a locked account by password reset", async () => {
    const email = await verified();
    for (let n = 0; n < MAX_FAILED_LOGINS; n++) await api.post("/auth/login", { email, password: "Wrong-pass-123" });
    await api.post("/auth/password/reset", { email });
    const code = codeFromMail(await t.waitForMail(email, /비밀번호/));
    const newPassword = "Brand-new-pass-7";
    expect((await api.post("/auth/password/reset/confirm", { email, code, password: newPassword })).status).toBe(200);
    expect((await api.post("/auth/login", { email, password: newPassword })).status).toBe(200);
  });

  it("clears the failure count after a successful login", async () => {
    const email = await verified();
    await api.post("/auth/login", { email, password: "Wrong-pass-123" });
    await api.post("/auth/login", { email, password: "Wrong-pass-123" });
    await login(email);
    const res = await api.post("/auth/login", { email, password: "Wrong-pass-123" });
    expect(res.body.data?.failedLoginCount).toBe(1);
  });

  it("answers 1001 without a token, with an unknown token, and after logout", async () => {
    expect((await api.get("/account")).body.code).toBe("1001");
    expect((await api.get("/account", "not-a-real-token")).body.code).toBe("1001");
    const token = await login(await verified());
    expect((await api.get("/account", token)).status).toBe(200);
    expect((await api.post("/auth/logout", {}, token)).status).toBe(200);
    const after = await api.get("/account", token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("1001");
  });

  it("expires a session left idle for more than 30 days", async () => {
    const token = await login(await verified());
    t.clock.advance(29 * DAY_MS);
    expect((await api.get("/account", token)).status).toBe(200);
    t.clock.advance(29 * DAY_MS);
    expect((await api.get("/account", token)).status).toBe(200);
    t.clock.advance(31 * DAY_MS);
    expect((await api.get("/account", token)).body.code).toBe("1001");
  });
});

describe("password reset", () => {
  it("answers 1004 for an unknown email", async () => {
    expect((await api.post("/auth/password/reset", { email: uniqueEmail() })).body.code).toBe("1004");
  });

  it("resets with the mailed code once, ends old sessions, and the code cannot be reused", async () => {
    const email = await verified();
    const oldToken = await login(email);
    await api.post("/auth/password/reset", { email });
    const code = codeFromMail(await t.waitForMail(email, /비밀번호/));
    const password = "Another-pass-42";
    expect((await api.post("/auth/password/reset/confirm", { email, code, password })).status).toBe(200);
    expect((await api.get("/account", oldToken)).body.code).toBe("1001");
    expect((await api.post("/auth/login", { email, password: STRONG_PASSWORD })).body.code).toBe("1024");
    await login(email, password);
    const reuse = await api.post("/auth/password/reset/confirm", { email, code, password: "Third-pass-42" });
    expect(reuse.body.code).toBe("1010");
  });

  it("rejects a wrong code with 1010", async () => {
    const email = await verified();
    await api.post("/auth/password/reset", { email });
    const res = await api.post("/auth/password/reset/confirm", { email, code: "nope", password: "Another-pass-42" });
    expect(res.body.code).toBe("1010");
  });

  it("rejects a link older than one hour with 1011", async () => {
    const email = await verified();
    await api.post("/auth/password/reset", { email });
    const code = codeFromMail(await t.waitForMail(email, /비밀번호/));
    t.clock.advance(61 * 60 * 1000);
    const res = await api.post("/auth/password/reset/confirm", { email, code, password: "Another-pass-42" });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe("1011");
  });

  it("applies the password policy to the new password", async () => {
    const email = await verified();
    await api.post("/auth/password/reset", { email });
    const code = codeFromMail(await t.waitForMail(email, /비밀번호/));
    const res = await api.post("/auth/password/reset/confirm", { email, code, password: "onlyletters" });
    expect(res.body.code).toBe("300");
  });
});

describe("unverified account clean-up", () => {
  it("deletes accounts unverified after 7 days and keeps younger and verified ones", async () => {
    const stale = await signUp();
    const kept = await verified();
    t.clock.advance(6 * DAY_MS);
    const young = await signUp();
    const purge = t.jobHandlers.get("accounts.purge-unverified");
    expect(purge).toBeDefined();
    await purge?.handle({}, { jobId: "test-1" });
    expect((await api.get(`/auth/email/verified?email=${stale}`)).status).toBe(200);
    t.clock.advance(1 * DAY_MS + 60_000);
    await purge?.handle({}, { jobId: "test-2" });
    expect((await api.get(`/auth/email/verified?email=${stale}`)).body.code).toBe("1004");
    expect((await api.get(`/auth/email/verified?email=${young}`)).status).toBe(200);
    expect((await api.get(`/auth/email/verified?email=${kept}`)).status).toBe(200);
  });

  it("is scheduled daily on the job queue", async () => {
    const rows = await t.ctx.database.query<{ name: string; cron: string }>(
      "select name, cron from job_schedules where name = $1",
      ["accounts.purge-unverified"],
    );
    expect(rows).toEqual([{ name: "accounts.purge-unverified", cron: "17 3 * * *" }]);
  });
});
