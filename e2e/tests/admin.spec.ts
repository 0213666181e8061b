import { expect, test } from "./fixtures";
import { accountSession, signInBrowser, turnOn } from "./setup";
import { PASSWORD } from "./support";

const text = {
  ko: {
    search: "회사명, 담당자 이름 또는 이메일 검색",
    noticeFeature: "공지 기능(대량 메시지)",
    noticeOn: /공지 기능을 켰습니다/,
    messages: "메시지 발송",
    brandList: "브랜드 목록",
  },
  en: {
    search: "Search company, contact name or email",
    noticeFeature: "Notice feature (bulk messages)",
    noticeOn: /notice feature on|turned the notice feature on/i,
    messages: "Messages",
    brandList: "Brands",
  },
} as const;

for (const language of ["ko", "en"] as const) {
  const t = text[language];

  test(`an admin switches a customer's notice feature on and the customer then has the message area (${language})`, async ({
    browser,
    request,
  }) => {
    const customer = await accountSession(request, language);
    const auth = { authorization: `Bearer ${customer.sessionToken}` };
    const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Shop" } })).json();

    const customerPage = await browser.newPage();
    await signInBrowser(customerPage, customer, language);
    await customerPage.goto(`/apps/${app.id}/report`);
    const appMenu = customerPage.getByRole("navigation");
    await expect(appMenu.getByRole("link", { name: t.messages, exact: true })).toHaveCount(0);

    const adminAccount = await accountSession(request, language);
    expect((await request.put("/api/testing/role", { data: { email: adminAccount.email, role: "admin" } })).ok()).toBe(
      true,
    );
    const admin = await (
      await request.post("/api/auth/login", { data: { email: adminAccount.email, password: PASSWORD } })
    ).json();
    const adminPage = await browser.newPage();
    await signInBrowser(adminPage, admin, language);
    await adminPage.goto("/admin/companylist");
    await adminPage.getByRole("searchbox", { name: t.search }).fill(customer.email);
    await expect(adminPage).toHaveURL(/[?&]q=/);
    // Once the search has narrowed the list to this one company.
    const rows = adminPage.getByRole("row").filter({ has: adminPage.getByRole("cell") });
    await expect(rows).toHaveCount(1);
    await rows.filter({ hasText: customer.email }).getByRole("link").first().click();
    await expect(adminPage).toHaveURL(/\/admin\/companydetail\//);
    const flag = adminPage
      .getByRole("switch", { name: t.noticeFeature })
      .or(adminPage.getByRole("checkbox", { name: t.noticeFeature }));
    await expect(flag).not.toBeChecked();
    await turnOn(flag);

    // The customer signs in again and finds the area, as the flag rides in the session state.
    const again = await (
      await request.post("/api/auth/login", { data: { email: customer.email, password: PASSWORD } })
    ).json();
    const after = await browser.newPage();
    await signInBrowser(after, again, language);
    await after.goto(`/apps/${app.id}/report`);
    await after.getByRole("navigation").getByRole("link", { name: t.messages, exact: true }).click();
    await expect(after).toHaveURL(/\/message\/brand\/list$/);
    await expect(after.getByRole("heading", { level: 1 })).toBeVisible();
  });
}
