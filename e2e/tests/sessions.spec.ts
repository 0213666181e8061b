import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { PASSWORD } from "./support";

const TEXT = {
  en: { title: "Active sessions", end: "End", endAll: "Log out everywhere", phone: "Safari on iPhone" },
  ko: { title: "로그인된 세션", end: "로그아웃", endAll: "모든 기기에서 로그아웃", phone: "iPhone의 Safari" },
} as const;

for (const language of ["ko", "en"] as const) {
  test(`lists the account's sessions, ends one, then logs out everywhere (${language})`, async ({ page, request }) => {
    const text = TEXT[language];
    const session = await accountSession(request, language);
    // The same account signed in on a phone, and once more elsewhere.
    const phone = await request.post("/api/auth/login", {
      headers: {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1",
      },
      data: { email: session.email, password: PASSWORD },
    });
    const phoneToken: string = (await phone.json()).sessionToken;
    const laptop = await request.post("/api/auth/login", { data: { email: session.email, password: PASSWORD } });
    const laptopToken: string = (await laptop.json()).sessionToken;
    const asPhone = { authorization: `Bearer ${phoneToken}` };
    const asLaptop = { authorization: `Bearer ${laptopToken}` };

    await signInBrowser(page, session, language);
    await page.goto("/settings");
    const card = page.getByRole("list", { name: text.title });
    await expect(card.getByRole("listitem")).toHaveCount(3);
    await expect(card.getByText(text.phone)).toBeVisible();

    // Ending the phone's session signs the phone out on its next request.
    await card.getByRole("listitem").filter({ hasText: text.phone }).getByRole("button", { name: text.end }).click();
    await expect(card.getByRole("listitem")).toHaveCount(2);
    expect((await request.get("/api/apps", { headers: asPhone })).status()).toBe(401);
    expect((await request.get("/api/apps", { headers: asLaptop })).status()).toBe(200);

    // Log out everywhere, confirmed: this browser leaves, and the laptop is signed out too.
    await page.getByRole("button", { name: text.endAll }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.endAll }).click();
    await expect(page).toHaveURL(/\/$|\/intro/);
    expect((await request.get("/api/apps", { headers: asLaptop })).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem("parley.session"))).toBeNull();
  });
}
