import fs from "node:fs/promises";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { PASSWORD } from "./support";

const text = {
  ko: {
    registerCard: "카드 등록",
    registered: /카드\(Visa •••• 4242\) 등록이 완료되었습니다/,
    apply: "유료 플랜 전환",
    confirm: "신청",
    applied: "유료 플랜이 신청되었습니다.",
    state: "신청 완료",
    paid: "결제 완료",
  },
  en: {
    registerCard: "Register card",
    registered: /Your card Visa •••• 4242 is registered/,
    apply: "Switch to paid plan",
    confirm: "Apply",
    applied: "The paid plan was applied.",
    state: "Application complete",
    paid: "Paid",
  },
} as const;

test.afterEach(async ({ request }) => {
  await request.put("/api/testing/clock", { data: { now: null } });
});

/** The 5th of the month after the one `day` (YYYY-MM-DD) is in, early in the morning (UTC). */
function invoiceDayAfter(day: string): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  return `${next}-05T01:00:00.000Z`;
}

for (const language of ["ko", "en"] as const) {
  test(`registers the test card, applies the paid plan and downloads the paid invoice of the 5th (${language})`, async ({
    page,
    request,
  }) => {
    const t = text[language];
    const session = await accountSession(request, language);
    await signInBrowser(page, session, language);

    await page.goto("/bills");
    await page.getByRole("button", { name: t.registerCard }).click();
    await page.waitForURL(/\/sandbox-gateway\/card\//);
    await page.locator("#number").fill("4242 4242 4242 4242");
    await page.locator("#expiry").fill("12/30");
    await page.locator("#holder").fill("Mina Choi");
    await page.locator("button[value=register]").click();
    await page.waitForURL(/\/billing-payletter\?/);
    await expect(page.getByText(t.registered)).toBeVisible();

    await page.goto("/bills");
    await page.getByRole("main").getByRole("button", { name: t.apply }).click();
    await page.getByRole("dialog").getByRole("button", { name: t.confirm, exact: true }).click();
    await expect(page.getByText(t.applied)).toBeVisible();
    await expect(page).toHaveURL(/\/bills$/);
    await expect(page.getByRole("main").getByText(t.state, { exact: true })).toBeVisible();

    // The plan starts after the trial; its first month is invoiced and charged on the following 5th.
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { current } = await (await request.get("/api/plans/current", { headers: auth })).json();
    await request.put("/api/testing/clock", { data: { now: invoiceDayAfter(current.paid.startDate) } });
    expect((await request.post("/api/testing/jobs/billing.daily")).ok()).toBe(true);
    // More than 30 idle days have passed for the old session, so sign in again.
    const login = await request.post("/api/auth/login", { data: { email: session.email, password: PASSWORD } });
    await signInBrowser(page, await login.json(), language);

    await page.goto("/bills");
    const invoice = page.getByRole("main").getByRole("row").filter({ hasText: t.paid });
    await expect(invoice).toHaveCount(1);
    const download = page.waitForEvent("download");
    await invoice.getByRole("button", { name: /PDF/ }).click();
    const pdf = await fs.readFile((await (await download).path()) as string);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
}
