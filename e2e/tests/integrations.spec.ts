import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startReceivers, VALID_TRANSLATION_KEY } from "./receivers";
import { accountSession, signInBrowser, turnOn } from "./setup";

const text = {
  ko: {
    save: "저장",
    translationEnabled: "메시지 번역 사용",
    registerKey: "키 등록",
    apiKey: "API 키",
    verify: "검증",
    keyValid: "Google에서 사용할 수 있는 키로 확인했습니다.",
    keySaved: "번역 키를 저장했습니다.",
    webhooksEnabled: "웹훅 사용",
    url: "URL",
    allEvents: "모든 이벤트",
    webhookSaved: "웹훅 설정을 저장했습니다.",
    sendTest: "테스트 전송",
    testDelivered: /테스트 요청을 전달했습니다/,
    messageSent: "메시지 전송",
    delivered: "전달됨",
    pushEnabled: "푸시 알림 사용",
    registerCredential: "자격 증명 등록",
    legacyKey: "기존 서버 키(지원 종료)",
    serverKey: "서버 키",
    credentialSaved: "FCM 자격 증명을 저장했습니다.",
    userId: "사용자 ID",
    sendTestPush: "테스트 푸시 보내기",
    pushResult: /kim의 기기 1대 중 1대에 보냈습니다/,
    pushSent: "전송됨",
  },
  en: {
    save: "Save",
    translationEnabled: "Use message translation",
    registerKey: "Register key",
    apiKey: "API key",
    verify: "Verify",
    keyValid: "Google accepted this key.",
    keySaved: "The translation key was saved.",
    webhooksEnabled: "Send webhooks",
    url: "URL",
    allEvents: "All events",
    webhookSaved: "The webhook settings were saved.",
    sendTest: "Send test",
    testDelivered: /The test was delivered/,
    messageSent: "Message sent",
    delivered: "Delivered",
    pushEnabled: "Send push notifications",
    registerCredential: "Register credential",
    legacyKey: "Legacy server key (deprecated)",
    serverKey: "Server key",
    credentialSaved: "The FCM credential was saved.",
    userId: "User ID",
    sendTestPush: "Send test push",
    pushResult: /Sent to 1 of 1 devices of kim/,
    pushSent: "Sent",
  },
} as const;

let receivers: Awaited<ReturnType<typeof startReceivers>>;
test.beforeAll(async () => {
  receivers = await startReceivers();
});
test.afterAll(async () => {
  await receivers.close();
});

/** An account with one app, an API key, an end user `kim` with a chat session, and a channel with kim in it. */
async function chatSetup(request: APIRequestContext, language: "ko" | "en", appName: string) {
  const session = await accountSession(request, language);
  const auth = { authorization: `Bearer ${session.sessionToken}` };
  const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: appName } })).json();
  const { secret } = await (
    await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "e2e" } })
  ).json();
  const server = { authorization: `Bearer ${secret}` };
  await request.post("/v1/users", { headers: server, data: { userId: "kim", nickname: "Kim" } });
  const { token } = await (await request.post("/v1/users/kim/token", { headers: server, data: {} })).json();
  const login = await (await request.post("/v1/auth/login", { data: { appId: app.id, userId: "kim", token } })).json();
  const kim = { authorization: `Bearer ${login.sessionToken}` };
  const { channel } = await (
    await request.post("/v1/channels", { headers: server, data: { name: "Lobby", userIds: ["kim"] } })
  ).json();
  return { session, appId: app.id as string, server, kim, channelId: channel.id as string };
}

for (const language of ["ko", "en"] as const) {
  test(`translation: a verified key lets end users translate messages (${language})`, async ({ page, request }) => {
    const t = text[language];
    const { session, appId, server, kim, channelId } = await chatSetup(request, language, `Translate ${language}`);

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}/translation`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const translationEnabledSwitch = page.getByRole("switch", { name: t.translationEnabled });
    // Translation cannot be switched on before a key is saved.
    await expect(translationEnabledSwitch).toBeDisabled();
    await page.getByRole("button", { name: t.registerKey }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: t.apiKey }).fill(VALID_TRANSLATION_KEY);
    await dialog.getByRole("button", { name: t.verify }).click();
    await expect(dialog.getByText(t.keyValid)).toBeVisible();
    await dialog.getByRole("button", { name: t.save, exact: true }).click();
    await expect(page.getByText(t.keySaved)).toBeVisible();
    await expect(page.getByText(`…${VALID_TRANSLATION_KEY.slice(-4)}`)).toBeVisible();
    await turnOn(translationEnabledSwitch);

    const sent = await request.post(`/v1/channels/${channelId}/messages`, { headers: server, data: { text: "hello" } });
    const { message } = await sent.json();
    const translated = await request.get(`/v1/channels/${channelId}/messages/${message.id}/translations/ko`, {
      headers: kim,
    });
    expect((await translated.json()).translation.text).toBe("[ko] hello");
  });

  test(`webhooks: a signed test send and a chat event show in the delivery log (${language})`, async ({
    page,
    request,
  }) => {
    const t = text[language];
    const { session, appId, kim, channelId } = await chatSetup(request, language, `Hooks ${language}`);
    const hookPath = `/hooks/ok-${language}`;

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}/webhooks`);
    // Webhooks cannot be switched on before a URL is saved.
    await expect(page.getByRole("switch", { name: t.webhooksEnabled })).toBeDisabled();
    await page.getByRole("textbox", { name: t.url }).fill(receivers.url(hookPath));
    await page.getByRole("checkbox", { name: t.allEvents }).check();
    await page.getByRole("button", { name: t.save, exact: true }).click();
    await expect(page.getByText(t.webhookSaved)).toBeVisible();
    const webhooksEnabledSwitch = page.getByRole("switch", { name: t.webhooksEnabled });
    await turnOn(webhooksEnabledSwitch);

    await page.getByRole("button", { name: t.sendTest }).click();
    await expect(page.getByText(t.testDelivered)).toBeVisible();
    const test = receivers.received.find((r) => r.path === hookPath);
    expect(test?.headers["webhook-signature"]).toMatch(/^v1,/);

    await request.post(`/v1/channels/${channelId}/messages`, { headers: kim, data: { text: "hook me" } });
    await expect
      .poll(() => receivers.received.filter((r) => r.path === hookPath && r.body.includes("hook me")).length)
      .toBe(1);
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: t.messageSent });
    await expect(row.first()).toContainText(t.delivered);
  });

  test(`push: a legacy FCM key and a test push to a registered device (${language})`, async ({ page, request }) => {
    const t = text[language];
    const { session, appId, kim } = await chatSetup(request, language, `Push ${language}`);
    const registered = await request.post("/v1/me/push-tokens", {
      headers: kim,
      data: { token: `device-token-${language}-0001`, platform: "android" },
    });
    expect(registered.ok()).toBe(true);

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}/push-notification`);
    const pushEnabledSwitch = page.getByRole("switch", { name: t.pushEnabled, exact: true });
    await turnOn(pushEnabledSwitch);
    await page.getByRole("button", { name: t.registerCredential }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: t.legacyKey }).check();
    await dialog.getByRole("textbox", { name: t.serverKey }).fill("AAAAe2e-legacy-server-key-0123456789");
    await dialog.getByRole("button", { name: t.save, exact: true }).click();
    await expect(page.getByText(t.credentialSaved)).toBeVisible();

    await page.getByRole("textbox", { name: t.userId }).first().fill("kim");
    await page.getByRole("button", { name: t.sendTestPush }).click();
    await expect(page.getByText(t.pushResult)).toBeVisible();
    const push = receivers.received.findLast((r) => r.path === "/fcm/send");
    expect(push?.headers.authorization).toBe("key=AAAAe2e-legacy-server-key-0123456789");
    expect(JSON.parse(push?.body ?? "{}").to).toBe(`device-token-${language}-0001`);
    await expect(page.getByRole("row").filter({ hasText: "kim" }).first()).toContainText(t.pushSent);
  });
}
