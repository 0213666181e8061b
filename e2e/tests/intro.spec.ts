import { expect, test } from "@playwright/test";
import { uniqueEmail, waitForMail } from "./support";

const pages = [
  "/intro",
  "/intro/product",
  "/intro/pricing",
  "/intro/company",
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
