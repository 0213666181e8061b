import { CONTACT_DESCRIPTION_MAX, V } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount } from "../../factories";
import { startTestApp, type TestApp, uniqueEmail } from "../../harness";

const SALES = "sales@parley.test";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ env: { SALES_EMAIL: SALES } });
  api = client(t.server);
});
afterAll(() => t?.close());

function inquiry(overrides: Record<string, unknown> = {}) {
  return {
    name: "Kim Minji",
    email: uniqueEmail("visitor"),
    phone: "01012345678",
    company: "Acme Games",
    category: "sales",
    description: "We expect 20,000 daily users.\nCan we talk about pricing?",
    language: "ko",
    ...overrides,
  };
}

async function storedInquiries(email: string) {
  return t.ctx.database.query<Record<string, unknown>>(
    "select name, email, phone, company, category, description, language, mail_job_id from contact_inquiries where email = $1",
    [email],
  );
}

describe("POST auth/contactus", () => {
  it("stores the inquiry and mails it to the sales address with the visitor as Reply-To, without a session", async () => {
    const body = inquiry();
    const res = await api.post("/auth/contactus", body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const rows = await storedInquiries(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Kim Minji",
      phone: "01012345678",
      company: "Acme Games",
      category: "sales",
      description: body.description,
      language: "ko",
    });
    expect(rows[0]?.mail_job_id).toEqual(expect.any(String));

    const mail = (await t.waitForMail(SALES, /Kim Minji/)) as { subject: string; text: string; replyTo?: string };
    expect(mail.subject).toBe("[Parley] Sales (도입 상담) — Kim Minji / Acme Games");
    expect(mail.text).toContain(body.email);
    expect(mail.text).toContain(body.description);
    expect(mail.replyTo).toBe(body.email);
  });

  it("accepts an inquiry from a signed-in user too", async () => {
    const { token } = await createAccount(t);
    const body = inquiry({ category: "product", company: "", name: "Signed In" });
    const res = await api.post("/auth/contactus", body, token);
    expect(res.status).toBe(200);
    const mail = await t.waitForMail(SALES, /Signed In/);
    expect(mail.subject).toBe("[Parley] Product (제품 문의) — Signed In");
  });

  it("escapes markup of the inquiry in the HTML part and keeps it verbatim in the text part", async () => {
    const description = '<a href="https://evil.test">click</a> & <script>x</script>';
    const res = await api.post("/auth/contactus", inquiry({ name: "Markup Sender", description }));
    expect(res.status).toBe(200);
    const mail = await t.waitForMail(SALES, /Markup Sender/);
    expect(mail.text).toContain(description);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('<a href="https://evil.test">');
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it("answers 301 naming each missing field", async () => {
    const res = await api.post("/auth/contactus", { language: "en" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("301");
    const fields = (res.body.data?.fields ?? []) as { path: string; message: string }[];
    expect(fields.map((f) => f.path).sort()).toEqual(["category", "description", "email", "name", "phone"]);
  });

  it("answers 300 for a blank name, a phone with hyphens, a bad email and a description over 1,000 characters", async () => {
    const res = await api.post(
      "/auth/contactus",
      inquiry({
        name: "  ",
        phone: "010-1234-5678",
        email: "not-an-email",
        description: "x".repeat(CONTACT_DESCRIPTION_MAX + 1),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
    const fields = (res.body.data?.fields ?? []) as { path: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: "name", message: V.required },
        { path: "phone", message: V.phone },
        { path: "email", message: V.email },
        { path: "description", message: V.tooLong },
      ]),
    );
  });

  it("refuses a name or company with a line break, which could inject a mail header", async () => {
    const email = uniqueEmail("inject");
    const res = await api.post(
      "/auth/contactus",
      inquiry({ email, name: "Eve\r\nBcc: victim@example.com", company: "X\nCc: other@example.com" }),
    );
    expect(res.status).toBe(400);
    const fields = (res.body.data?.fields ?? []) as { path: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: "name", message: V.singleLine },
        { path: "company", message: V.singleLine },
      ]),
    );
    expect(await storedInquiries(email)).toEqual([]);
  });

  it("refuses an unknown category", async () => {
    const res = await api.post("/auth/contactus", inquiry({ category: "partnership" }));
    expect(res.status).toBe(400);
    const fields = (res.body.data?.fields ?? []) as { path: string }[];
    expect(fields.map((f) => f.path)).toEqual(["category"]);
  });
});
