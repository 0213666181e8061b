import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { uniqueEmail, waitForMail } from "./support";

// Its tests share nothing (each makes its own account or opens a public page), so they spread over the workers.
test.describe.configure({ mode: "parallel" });

const pages = [
  "/intro",
  "/intro/product",
  "/intro/pricing",
  "/intro/company",
  "/intro/terms",
  "/intro/privacy",
  "/intro/freetrial",
  "/intro/partner",
  "/intro/contactus",
  "/intro/docs",
];

const text = {
  ko: {
    name: "이름",
    email: "이메일",
    phone: "연락처",
    description: "문의 내용",
    submit: "문의 보내기",
    required: "내용을 입력하세요.",
    phoneRule: "하이픈(-) 없이 숫자만 입력해 주세요.",
    sent: /문의가 접수되었습니다/,
    webhooksTab: "웹훅",
  },
  en: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    description: "Inquiry",
    submit: "Send inquiry",
    required: "Enter text.",
    phoneRule: "Enter digits only, without hyphens.",
    sent: /Your inquiry was sent/,
    webhooksTab: "Webhooks",
  },
} as const;

for (const language of ["ko", "en"] as const) {
  test(`every /intro page renders one heading without console errors (${language})`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });

  test(`docs tabs switch by URL and the contact form validates, sends and mails sales (${language})`, async ({
    page,
  }) => {
    const t = text[language];
    await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
    await page.goto("/intro/docs/webhooks");
    await expect(page.getByRole("tab", { name: t.webhooksTab })).toHaveAttribute("aria-selected", "true");

    await page.goto("/intro/contactus");
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByText(t.required).first()).toBeVisible();
    await page.getByRole("textbox", { name: t.name }).fill("Mina Choi");
    const email = uniqueEmail();
    await page.getByRole("textbox", { name: t.email }).fill(email);
    await page.getByRole("textbox", { name: t.phone }).fill("010-5555-6666");
    await page.getByRole("textbox", { name: t.description }).fill(`Interested in Parley for our game (${email}).`);
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByText(t.phoneRule)).toBeVisible();
    await page.getByRole("textbox", { name: t.phone }).fill("01055556666");
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByText(t.sent)).toBeVisible();
    await expect(page.getByRole("textbox", { name: t.name })).toHaveValue("");
    const mail = await waitForMail("sales@parley.localhost", 20_000, email);
    expect(mail.text).toContain("Mina Choi");
  });
}

for (const [language, link] of [
  ["ko", "SDK API 레퍼런스"],
  ["en", "SDK API reference"],
] as const) {
  test(`the SDK docs link to the generated API reference, which documents the client (${language})`, async ({
    page,
  }) => {
    await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
    await page.goto("/intro/docs/sdk");
    // A click while the prerendered page hydrates can be lost; a visitor clicks again, a test waits.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(/\/sdk-reference\/index\.html$/);
    await expect(page).toHaveTitle(/@parley\/sdk/);
    // The navigation's links carry an icon of the symbol's kind in their name: found by where they go.
    await page.locator('a[href$="classes/ParleyClient.html"]').first().click();
    await expect(page.getByRole("heading", { name: /ParleyClient/ }).first()).toBeVisible();
    await expect(page.getByText("loginWithToken").first()).toBeVisible();
  });
}

test("public pages arrive as HTML in the requested language, with title, description, canonical and hreflang", async ({
  request,
  baseURL,
}) => {
  for (const [language, heading, title] of [
    ["ko", "요금", "요금 · Parley"],
    ["en", "Pricing", "Pricing · Parley"],
  ] as const) {
    const res = await request.get(`/intro/pricing?lang=${language}`);
    const html = await res.text();
    expect(html).toContain(`<html lang="${language}" data-prerendered>`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/intro/pricing?lang=${language}" />`);
    for (const other of ["ko", "en"]) {
      expect(html).toContain(
        `<link rel="alternate" hreflang="${other}" href="${baseURL}/intro/pricing?lang=${other}" />`,
      );
    }
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/intro/docs/webhooks?lang=en</loc>`);
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("a visitor who prefers English gets the Korean-addressed page switched after it hydrates, without errors", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  // A remembered choice without the cookie: the server sends Korean, the page hydrates it, then switches.
  await page.addInitScript(() => localStorage.setItem("parley.language", "en"));
  await page.goto("/intro");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The fastest way to put chat in your app");
  // The choice now travels with the requests too, so the next page arrives in English.
  const next = await page.request.get("/intro/product");
  expect(await next.text()).toContain('<html lang="en" data-prerendered>');
  expect(errors).toEqual([]);
});

test("the home page without a session loads its small script only: neither the app nor any texts", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (["script", "fetch"].includes(request.resourceType()) || request.url().endsWith(".js"))
      scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/intro", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !/^\/assets\/(intro-lite|choice)-[\w-]+\.js$/.test(path))).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "");
});

test("the home page's language switch works without the app and reloads in the chosen language", async ({ page }) => {
  await page.goto("/intro");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await page.getByRole("button", { name: "EN" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The fastest way to put chat in your app");
  await expect(page).toHaveURL(/\/intro$/);
  // The choice is remembered for the app as well as for the server.
  expect(await page.evaluate(() => localStorage.getItem("parley.language"))).toBe("en");

  await page.goto("/intro?lang=en");
  await page.getByRole("button", { name: "KO" }).click();
  await expect(page).toHaveURL(/\/intro\?lang=ko$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
});

test("a visitor with a session gets the home page hydrated by the app, with the console in the header", async ({
  page,
  request,
}) => {
  const session = await accountSession(request);
  await signInBrowser(page, session, "en");
  await page.goto("/intro");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("link", { name: "Open console" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toHaveCount(0);
});
