import { expect, test } from "@playwright/test";
import { linkFromMail, PASSWORD, uniqueEmail, waitForMail } from "./support";

test("signs up, verifies by the mailed link, logs in, keeps the language across reloads and logs out", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/intro$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");

  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const email = uniqueEmail();
  await page.goto("/signup");
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password\b/).fill(PASSWORD);
  await page.getByLabel(/^Name\b/).fill("Hana Kim");
  await page.getByLabel(/^Phone\b/).fill("01012345678");
  await page.getByLabel(/^Company name\b/).fill("Hana Games");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/email\/verification\/send/);
  await expect(page.getByText(email).first()).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toBe("[Parley] Verify your email address");
  await page.goto(linkFromMail(mail));
  await expect(page).toHaveURL(/\/email\/verification\/confirm/);
  await expect(page.getByText("Your email is verified and your 30-day free trial has started.")).toBeVisible();

  await page.goto("/login");
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(PASSWORD);
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("You are on the free trial. 30 days left.", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "KO", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page).toHaveURL(/\/dashboard$/);

  expect(await page.evaluate(() => localStorage.getItem("parley.session"))).toContain(email);
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/intro$/);
  expect(await page.evaluate(() => localStorage.getItem("parley.session"))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("parley.language"))).toBe("ko");
});

test("sends a logged-out visitor of a protected route to /login", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/apps/3f1f6f4e-2d2b-4d6b-9d8c-1f0f3c6b2a11/user");
  await expect(page).toHaveURL(/\/login$/);
});

test("shows the not-found page for an unknown path", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByTestId("not-found")).toBeVisible();
});

test("answers an unknown API path with the JSON error envelope", async ({ request }) => {
  const res = await request.get("/api/no/such/route");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: "004" });
});
