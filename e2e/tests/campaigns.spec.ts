import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { PASSWORD } from "./support";

const text = {
  ko: {
    brandName: "브랜드 이름",
    register: "등록",
    brandCreated: /브랜드를 등록했습니다/,
    brand: "브랜드",
    title: "제목",
    content: "내용",
    insertUserName: /\{\{user\.name\}\} 넣기/,
    sampleUser: "김지민",
    temporarySave: "임시 저장",
    saved: "임시 저장했습니다.",
    next: "다음",
    recipients: "받는 사람",
    scheduled: "예약 발송",
    sendAt: "발송 일시",
    confirm: "발송 확인",
    schedule: "예약",
    awaiting: "발송 대기",
    sent: "발송 완료",
    report: "리포트 보기",
  },
  en: {
    brandName: "Brand name",
    register: "Register",
    brandCreated: /Brand .* registered/,
    brand: "Brand",
    title: "Title",
    content: "Content",
    insertUserName: /Insert \{\{user\.name\}\}/,
    sampleUser: "Alex Kim",
    temporarySave: "Temporary save",
    saved: "Saved temporarily.",
    next: "Next",
    recipients: "Recipients",
    scheduled: "Scheduled send",
    sendAt: "Send at",
    confirm: "Confirm",
    schedule: "Schedule",
    awaiting: "Awaiting send",
    sent: "Send complete",
    report: "View report",
  },
} as const;

test.afterEach(async ({ request }) => {
  await request.put("/api/testing/clock", { data: { now: null } });
});

/** An account with the notice feature on, one app with an API key, and the chat users kim and lee. */
async function noticeApp(request: APIRequestContext, language: "ko" | "en") {
  const first = await accountSession(request, language);
  const enabled = await request.put("/api/testing/notice-feature", { data: { email: first.email, enabled: true } });
  expect(enabled.ok()).toBe(true);
  // Logged in again, so the session state carries the flag as a fresh login would.
  const session = await (
    await request.post("/api/auth/login", { data: { email: first.email, password: PASSWORD } })
  ).json();
  const auth = { authorization: `Bearer ${session.sessionToken}` };
  const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Shop" } })).json();
  const { secret } = await (
    await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "server" } })
  ).json();
  for (const userId of ["kim", "lee"]) {
    const created = await request.post("/v1/users", {
      headers: { authorization: `Bearer ${secret}` },
      data: { userId, nickname: userId.toUpperCase() },
    });
    expect(created.ok()).toBe(true);
  }
  return { session, appId: app.id as string, apiKey: secret as string };
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input takes it. */
function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

for (const language of ["en", "ko"] as const) {
  const t = text[language];

  test(`registers a brand, then a bulk message in three steps whose scheduled send fires when the clock moves (${language})`, async ({
    page,
    request,
  }) => {
    const { session, appId, apiKey } = await noticeApp(request, language);
    await signInBrowser(page, session, language);

    await page.goto(`/apps/${appId}/message/brand/register`);
    const brandName = `Parley Shop ${language}`;
    await page.getByLabel(t.brandName).fill(brandName);
    await page.getByRole("button", { name: t.register, exact: true }).click();
    await expect(page.getByText(t.brandCreated)).toBeVisible();

    await page.goto(`/apps/${appId}/message/campaign/register`);
    // Step 1: brand, title, content with a variable, and its preview.
    await page.getByRole("combobox", { name: t.brand }).click();
    await page.getByRole("option", { name: brandName }).click();
    await page.getByRole("textbox", { name: new RegExp(`^${t.title}`) }).fill("Spring sale");
    const content = page.getByRole("textbox", { name: new RegExp(`^${t.content}`) });
    await content.fill("Hello ");
    await page.getByRole("button", { name: t.insertUserName }).click();
    await content.press("End");
    await content.pressSequentially(", the sale has started.");
    await expect(page.getByText(`Hello ${t.sampleUser}, the sale has started.`)).toBeVisible();
    await page.getByRole("button", { name: t.temporarySave }).click();
    await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/campaign\/[0-9a-f-]+\/draft/);
    await page.getByRole("button", { name: t.next }).click();

    // Step 2: the recipient file, with one unknown user left out.
    await page.locator('input[type="file"]').setInputFiles({
      name: "recipients.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("userId\nkim\nlee\nghost\n"),
    });
    const valid = page
      .locator("dt", { hasText: new RegExp(`^${t.recipients}$`) })
      .locator("xpath=following-sibling::dd[1]");
    await expect(valid).toHaveText("2");
    await page.getByRole("button", { name: t.next }).click();

    // Step 3: a send one hour from now, reviewed and confirmed.
    await page.getByLabel(t.scheduled).check();
    const sendAt = new Date(Date.now() + 60 * 60 * 1000);
    await page.getByLabel(t.sendAt).fill(localInputValue(sendAt));
    await page.locator("form").getByRole("button", { name: t.confirm }).click();
    await page.getByRole("dialog").getByRole("button", { name: t.schedule }).click();
    await expect(page).toHaveURL(/\/campaign\/[0-9a-f-]+\/detail/);
    await expect(page.getByText(t.awaiting).first()).toBeVisible();

    // The clock moves past the scheduled time and the minute's sweep runs.
    await request.put("/api/testing/clock", { data: { now: new Date(sendAt.getTime() + 60_000).toISOString() } });
    expect((await request.post("/api/testing/jobs/notice.campaigns-due")).ok()).toBe(true);
    await expect(page.getByText(t.sent).first()).toBeVisible();

    // kim has it in the brand channel, with the variable filled.
    const { token } = await (
      await request.post("/v1/users/kim/token", { headers: { authorization: `Bearer ${apiKey}` }, data: {} })
    ).json();
    const login = await (await request.post("/v1/auth/login", { data: { appId, userId: "kim", token } })).json();
    const mine = await (
      await request.get("/v1/channels?scope=mine", { headers: { authorization: `Bearer ${login.sessionToken}` } })
    ).json();
    expect(mine.channels).toHaveLength(1);
    expect(mine.channels[0]).toMatchObject({ name: brandName, isFrozen: true });
    expect(mine.channels[0].lastMessage.text).toBe("Hello KIM, the sale has started.");

    await page
      .getByRole("link", { name: t.report })
      .or(page.getByRole("button", { name: t.report }))
      .click();
    await expect(page).toHaveURL(/\/report$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}
