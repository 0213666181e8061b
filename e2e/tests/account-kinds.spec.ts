import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { PASSWORD, uniqueEmail, waitForMail } from "./support";

/** The secret the test server is started with (playwright.config.ts). */
const MARKETPLACE_SECRET = "e2e-marketplace-secret-0123456789";

/** A token as a cloud marketplace signs it. */
function marketplaceToken(email: string): string {
  const payload = Buffer.from(
    JSON.stringify({ customerId: `cust-${email}`, email, exp: Math.floor(Date.now() / 1000) + 3600 }),
  ).toString("base64url");
  return `${payload}.${createHmac("sha256", MARKETPLACE_SECRET).update(payload).digest("base64url")}`;
}

const text = {
  ko: {
    invite: "초대하기",
    sendInvitation: "초대 메일 보내기",
    email: "이메일",
    newPassword: "새 비밀번호",
    confirmPassword: "새 비밀번호 확인",
    setPassword: "비밀번호 설정",
    overview: "개요",
    billing: "결제",
    report: "리포트",
    name: "이름",
    contact: "연락처",
    companyName: "회사명",
    createAccount: "계정 만들기",
    apps: "앱",
    terms: "이용약관",
    privacy: "개인정보 처리방침",
  },
  en: {
    invite: "Invite",
    sendInvitation: "Send invitation",
    email: "Email",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    setPassword: "Set password",
    overview: "Overview",
    billing: "Billing",
    report: "Report",
    name: "Name",
    contact: "Phone",
    companyName: "Company name",
    createAccount: "Create account",
    apps: "Apps",
    terms: "Terms of Service",
    privacy: "Privacy Policy",
  },
} as const;

/** The drawer of an account that may not see Overview, Billing or Settings. */
async function expectRestrictedShell(page: Page, t: { overview: string; billing: string }) {
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: t.overview, exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: t.billing, exact: true })).toHaveCount(0);
  // The account's settings; an app's own settings page stays in the app menu.
  await expect(page.locator('a[href="/settings"]')).toHaveCount(0);
}

for (const language of ["en", "ko"] as const) {
  const t = text[language];

  test(`invites a sub-account whose link signs it in, asks for a password and keeps it inside its app (${language})`, async ({
    browser,
    page,
    request,
    consoleWatch,
  }) => {
    const owner = await accountSession(request, language);
    const auth = { authorization: `Bearer ${owner.sessionToken}` };
    const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Team app" } })).json();
    const { app: other } = await (await request.post("/api/apps", { headers: auth, data: { name: "Other" } })).json();

    await signInBrowser(page, owner, language);
    await page.goto(`/apps/${app.id}/settings`);
    const subEmail = uniqueEmail();
    await page.getByRole("button", { name: t.invite, exact: true }).click();
    await page.getByRole("dialog").getByLabel(t.email).fill(subEmail);
    await page.getByRole("dialog").getByRole("button", { name: t.sendInvitation }).click();
    await expect(page.getByRole("table").getByText(subEmail)).toBeVisible();

    const link = /https?:\/\/\S+/.exec((await waitForMail(subEmail)).text)?.[0] ?? "";
    expect(new URL(link).searchParams.get("usertype")).toBe("subaccount");

    const invitee = await browser.newPage();
    await invitee.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
    await invitee.goto(new URL(link).pathname + new URL(link).search);
    await expect(invitee).toHaveURL(/\/password\/first/);
    expect(invitee.url()).not.toContain("sessiontoken");
    await invitee
      .getByLabel(new RegExp(`^${t.newPassword}`))
      .first()
      .fill(PASSWORD);
    await invitee.getByLabel(new RegExp(`^${t.confirmPassword}`)).fill(PASSWORD);
    await invitee.getByRole("button", { name: t.setPassword }).click();
    await expect(invitee).toHaveURL(new RegExp(`/apps/${app.id}/report`));
    await expectRestrictedShell(invitee, t);

    // Anywhere outside its app, it is sent back to its app's report.
    for (const elsewhere of ["/dashboard", "/bills", "/settings", `/apps/${other.id}/report`]) {
      await invitee.goto(elsewhere);
      await expect(invitee).toHaveURL(new RegExp(`/apps/${app.id}/report`));
    }
    // The link worked once: opened again it is refused, which the browser logs.
    consoleWatch.allow(/status of 400 \(Bad Request\) at \S+\/api\/auth\/link\/login/);
    await invitee.goto(new URL(link).pathname + new URL(link).search);
    await expect(invitee.getByRole("alert").or(invitee.getByRole("status")).first()).toBeVisible();
  });

  test(`signs up a marketplace customer from a signed token and lands on the app list (${language})`, async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
    await page.goto(`/marketplace/signup?token=${encodeURIComponent(marketplaceToken(email))}`);
    await page.getByRole("textbox", { name: new RegExp(`^${t.name}`) }).fill("Mina Choi");
    await page.getByRole("textbox", { name: new RegExp(`^${t.contact}`) }).fill("01055556666");
    await page.getByRole("textbox", { name: new RegExp(`^${t.companyName}`) }).fill("Cloud Buyer");
    await page.getByRole("checkbox", { name: new RegExp(t.terms) }).check();
    await page.getByRole("checkbox", { name: new RegExp(t.privacy) }).check();
    await page.getByRole("button", { name: t.createAccount }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expectRestrictedShell(page, t);
    await page.goto("/bills");
    await expect(page).toHaveURL(/\/apps$/);
  });

  test(`signs a marketplace account in by its link and lands on the app list (${language})`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    const signup = await request.post("/api/marketplace/signup", {
      data: {
        name: "Mina Choi",
        contact: "01055556666",
        companyName: "Cloud Buyer",
        companyHomepage: "",
        companyAddress: { postalCode: "", address: "", detail: "" },
        marketingConsent: false,
        termsAccepted: true,
        privacyAccepted: true,
        language,
        token: marketplaceToken(email),
      },
    });
    const { signInToken } = await signup.json();
    await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
    const query = new URLSearchParams({ usertype: "marketplaceaccount", sessiontoken: signInToken, useremail: email });
    await page.goto(`/?${query.toString()}`);
    await expect(page).toHaveURL(/\/apps$/);
    expect(page.url()).not.toContain("sessiontoken");
    await expectRestrictedShell(page, t);
  });
}

test("a customer signed in elsewhere is replaced by the link's account", async ({ page, request }) => {
  const other = await accountSession(request, "en");
  await signInBrowser(page, other, "en");
  const email = uniqueEmail();
  const signup = await request.post("/api/marketplace/signup", {
    data: {
      name: "Mina Choi",
      contact: "01055556666",
      companyName: "Cloud Buyer",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
      termsAccepted: true,
      privacyAccepted: true,
      language: "en",
      token: marketplaceToken(email),
    },
  });
  const { signInToken } = await signup.json();
  await page.goto(`/?usertype=marketplaceaccount&sessiontoken=${signInToken}&useremail=${encodeURIComponent(email)}`);
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByText(email).first()).toBeVisible();
});
