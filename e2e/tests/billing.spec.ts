import { expect, test } from "@playwright/test";
import { accountSession, signInBrowser } from "./setup";

const text = {
  ko: {
    registerCard: "카드 등록",
    registered: /카드\(Visa •••• 4242\) 등록이 완료되었습니다/,
    apply: "유료 플랜 전환",
    confirm: "신청",
    applied: "유료 플랜이 신청되었습니다.",
    state: "신청 완료",
  },
  en: {
    registerCard: "Register card",
    registered: /Your card Visa •••• 4242 is registered/,
    apply: "Switch to paid plan",
    confirm: "Apply",
    applied: "The paid plan was applied.",
    state: "Application complete",
  },
} as const;

for (const language of ["ko", "en"] as const) {
  test(`registers the succeeding test card on the hosted page and applies the paid plan (${language})`, async ({
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
  });
}
