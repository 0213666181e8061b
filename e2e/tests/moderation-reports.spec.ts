import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";

const text = {
  ko: {
    enabled: "비속어 필터 사용",
    keywords: /^키워드/,
    save: "저장",
    saved: "필터 설정을 저장했습니다.",
    export: "CSV 내보내기",
  },
  en: {
    enabled: "Use the profanity filter",
    keywords: /^Keywords/,
    save: "Save",
    saved: "The filter settings were saved.",
    export: "Export CSV",
  },
} as const;

for (const language of ["ko", "en"] as const) {
  test(`profanity filter masks chat, and the report counts the message and a reaction apart (${language})`, async ({
    page,
    request,
  }) => {
    const t = text[language];
    const session = await accountSession(request, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (
      await request.post("/api/apps", { headers: auth, data: { name: `Filter ${language}` } })
    ).json();
    const { secret } = await (
      await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "e2e" } })
    ).json();
    const server = { authorization: `Bearer ${secret}` };
    await request.post("/v1/users", { headers: server, data: { userId: "kim", nickname: "Kim" } });
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lobby", userIds: ["kim"] } })
    ).json();

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${app.id}/profanity-filter`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await page.getByRole("switch", { name: t.enabled }).or(page.getByLabel(t.enabled)).first().check();
    await page.getByRole("textbox", { name: t.keywords }).fill("scam*");
    await page.getByRole("button", { name: t.save, exact: true }).click();
    await expect(page.getByText(t.saved)).toBeVisible();

    const sent = await request.post(`/v1/channels/${channel.id}/messages`, {
      headers: server,
      data: { text: "this is a scammer link" },
    });
    const message = (await sent.json()).message;
    expect(message.text).toBe("this is a ******* link");
    // A member's reaction is counted in the report beside the messages, never as one.
    const { token } = await (await request.post("/v1/users/kim/token", { headers: server, data: {} })).json();
    const login = await (
      await request.post("/v1/auth/login", { data: { appId: app.id, userId: "kim", token } })
    ).json();
    const kim = { authorization: `Bearer ${login.sessionToken}` };
    const reacted = await request.post(`/v1/channels/${channel.id}/messages/${message.id}/reactions`, {
      headers: kim,
      data: { reaction: "👍" },
    });
    expect(reacted.ok()).toBe(true);

    await page.goto(`/apps/${app.id}/report`);
    await expect(page.getByTestId("total-reactionCount")).toHaveText("1");
    await expect(page.getByTestId("total-messageCount")).toHaveText("1");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: t.export }).click();
    const csv = await (await download).path();
    expect(csv).toBeTruthy();
    const today = new Date().toISOString().slice(0, 10);
    const fs = await import("node:fs/promises");
    const content = await fs.readFile(csv as string, "utf8");
    // Messages, senders (the app sent it), active users (kim signed in), reactions, replies.
    expect(content).toContain(`${today},1,0,1,1,0`);
  });
}
