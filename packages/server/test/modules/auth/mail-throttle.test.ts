import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MAIL_LIMITS } from "../../../src/modules/auth/service";
import { client } from "../../client";
import { codeFromMail, signupBody, startTestApp, type TestApp, uniqueEmail } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

const RESET_SUBJECT = /비밀번호/;
const VERIFY_SUBJECT = /인증/;

/** The mails written to `to` whose subject matches, oldest first, once every queued mail job has run. */
async function mailsTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }[]> {
  await t.jobsIdle();
  const dir = t.ctx.config.mailDir;
  const files = (await fs.readdir(dir)).filter((name) => name.endsWith(".json"));
  const mails = await Promise.all(
    files.map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), "utf8"))),
  );
  return mails
    .filter((mail) => mail.to === to && subject.test(mail.subject))
    .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
}

async function signUp(): Promise<string> {
  const email = uniqueEmail();
  expect((await api.post("/auth/signup", signupBody(email))).status).toBe(200);
  return email;
}

/** Sends `count` requests at once: what a script hammering the form does. */
const burst = (count: number, url: string, email: string) =>
  Promise.all(Array.from({ length: count }, () => api.post(url, { email })));

describe("password reset and verification mail throttling", () => {
  it("mails one reset link for 20 requests at once, answers all 20 alike, and the mailed link still works", async () => {
    const email = await signUp();
    const answers = await burst(20, "/auth/password/reset", email);
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify(answers[0])]));
    expect(answers[0]?.status).toBe(200);
    const mails = await mailsTo(email, RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    const code = codeFromMail(mails[0] as { text: string });
    expect((await api.post("/auth/password/reset/confirm", { email, code, password: "Another-pass-42" })).status).toBe(
      200,
    );
  });

  it("mails again a minute later, at most five an hour, and keeps the last mailed link valid past the limit", async () => {
    const email = await signUp();
    for (let sent = 0; sent < AUTH_MAIL_LIMITS.perHour; sent++) {
      expect((await api.post("/auth/password/reset", { email })).status).toBe(200);
      t.clock.advance(AUTH_MAIL_LIMITS.spacingMs);
    }
    expect(await mailsTo(email, RESET_SUBJECT)).toHaveLength(AUTH_MAIL_LIMITS.perHour);
    // A minute after the fifth, the sixth within the hour: answered as ever, nothing mailed, nothing voided.
    const past = await api.post("/auth/password/reset", { email });
    expect(past.status).toBe(200);
    const mails = await mailsTo(email, RESET_SUBJECT);
    expect(mails).toHaveLength(AUTH_MAIL_LIMITS.perHour);
    const last = codeFromMail(mails.at(-1) as { text: string });

    // Once the first has left the hour, another goes out, voiding the last one mailed before it.
    t.clock.advance(60 * 60_000 - AUTH_MAIL_LIMITS.perHour * AUTH_MAIL_LIMITS.spacingMs + 1000);
    expect((await api.post("/auth/password/reset", { email })).status).toBe(200);
    const after = await mailsTo(email, RESET_SUBJECT);
    expect(after).toHaveLength(AUTH_MAIL_LIMITS.perHour + 1);
    const password = "Another-pass-42";
    expect((await api.post("/auth/password/reset/confirm", { email, code: last, password })).body.code).toBe("1010");
    const newest = codeFromMail(after.at(-1) as { text: string });
    expect((await api.post("/auth/password/reset/confirm", { email, code: newest, password })).status).toBe(200);
  });

  it("keeps a throttled request from voiding the link mailed before it", async () => {
    const email = await signUp();
    await api.post("/auth/password/reset", { email });
    t.clock.advance(AUTH_MAIL_LIMITS.spacingMs - 1000);
    expect((await api.post("/auth/password/reset", { email })).status).toBe(200);
    const mails = await mailsTo(email, RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    const code = codeFromMail(mails[0] as { text: string });
    expect((await api.post("/auth/password/reset/confirm", { email, code, password: "Another-pass-42" })).status).toBe(
      200,
    );
  });

  it("throttles verification mails the same way, counted apart from reset mails", async () => {
    const email = await signUp();
    const answers = await burst(20, "/auth/email/verification/send", email);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // The signup's own mail is the one sent: every resend within its minute is answered and dropped.
    const verifications = await mailsTo(email, VERIFY_SUBJECT);
    expect(verifications).toHaveLength(1);
    // A reset is another kind of mail with a count of its own.
    expect((await api.post("/auth/password/reset", { email })).status).toBe(200);
    expect(await mailsTo(email, RESET_SUBJECT)).toHaveLength(1);
    const code = codeFromMail(verifications[0] as { text: string });
    expect((await api.post("/auth/email/verification/confirm", { email, code })).status).toBe(200);
  });
});
