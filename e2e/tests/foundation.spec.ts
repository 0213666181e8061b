import { expect, test } from "./fixtures";
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
  // Both agreements are required, each on its own; the marketing consent beside them is not.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("You must agree to the Terms of Service to sign up.")).toBeVisible();
  await expect(page.getByText("You must agree to the Privacy Policy to sign up.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  const terms = page.getByRole("checkbox", { name: /Terms of Service/ });
  const privacy = page.getByRole("checkbox", { name: /Privacy Policy/ });
  await expect(page.getByRole("link", { name: /Terms of Service/ })).toHaveAttribute("href", "/intro/terms");
  await terms.check();
  await privacy.check();
  await expect(page.getByRole("checkbox", { name: /Send me product news/ })).not.toBeChecked();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/email\/verification\/send/);
  await expect(page.getByText(email).first()).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toBe("[Parley] Verify your email address");
  await page.goto(linkFromMail(mail));
  await expect(page).toHaveURL(/\/email\/verification\/confirm/);
  await expect(page.getByText("Your email is verified and your 30-day free trial has started.")).toBeVisible();
  // The link signs the browser that opened it in: no second typing of the password just chosen.
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await page.getByRole("link", { name: "Open the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

  // And the password logs in too.
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/intro$/);
  await page.goto("/login");
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(PASSWORD);
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // Verified today (UTC): the trial's 30th day, its last, is 29 days later.
  const lastDay = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(Date.now() + 29 * 86_400_000),
  );
  await expect(
    page.getByText(`You are on the free trial through ${lastDay} (UTC). Days left: 30.`, { exact: true }),
  ).toBeVisible();

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

test("answers an unknown path with 404 and the not-found page, and a known one with 200", async ({
  page,
  consoleWatch,
}) => {
  // The browser logs the 404 this test asks for.
  consoleWatch.allow(/\/no\/such\/page: Failed to load resource: the server responded with a status of 404/);
  const unknown = await page.goto("/no/such/page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  for (const known of ["/login", "/apps/3f1f6f4e-2d2b-4d6b-9d8c-1f0f3c6b2a11/report", "/intro/docs/sdk", "/status"]) {
    expect((await page.request.get(known)).status(), known).toBe(200);
  }
});

test("opens the server status page from the footer, with every component working, in both languages", async ({
  page,
}) => {
  await page.goto("/intro/company");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("사업자등록번호 123-45-67890")).toBeVisible();
  await footer.getByRole("link", { name: "서버 상태" }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole("heading", { level: 1, name: "서버 상태" })).toBeVisible();
  await expect(page.getByText("모든 시스템이 정상 동작 중입니다.")).toBeVisible();
  const components = page.getByRole("region", { name: "구성 요소" }).getByRole("listitem");
  await expect(components).toHaveCount(5);
  for (const row of await components.all()) await expect(row).toContainText("정상");

  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Server status" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Components" }).getByText("Real-time chat (WebSocket)")).toBeVisible();
  await expect(page.getByText(/^No incidents recorded since /)).toBeVisible();
  await expect(page.getByText(/pglite|postgres/i)).toHaveCount(0);
});

test("answers an unknown API path with the JSON error envelope", async ({ request }) => {
  const res = await request.get("/api/no/such/route");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: "004" });
});
