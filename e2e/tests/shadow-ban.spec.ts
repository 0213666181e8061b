import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  test(`the dashboard switches a user's shadow ban in the app and a member's in a channel, and marks shadowed messages (${language})`, async ({
    page,
    request,
  }) => {
    const session = await accountSession(request, language);
    await signInBrowser(page, session, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Shadow" } })).json();
    const key = await (
      await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "e2e" } })
    ).json();
    const server = { authorization: `Bearer ${key.secret}` };
    for (const userId of ["kim", "lee"]) {
      await request.post("/v1/users", { headers: server, data: { userId, nickname: userId.toUpperCase() } });
    }
    const shadowBanOf = async (path: string) =>
      (await (await request.get(path, { headers: server })).json()).shadowBanned;

    // The users page: the row's menu opens the shadow-ban switch.
    await page.goto(`/apps/${app.id}/user`);
    await page.getByRole("button", { name: t("users.moreActions", { userId: "lee" }) }).click();
    await page.getByRole("menuitem", { name: t("users.shadowBanAction") }).click();
    const dialog = page.getByRole("dialog", { name: t("users.shadowBanTitle", { userId: "lee" }) });
    const userSwitch = dialog.getByRole("switch", { name: t("users.shadowBan") });
    await expect(userSwitch).not.toBeChecked();
    await userSwitch.click();
    await expect(page.getByText(t("users.shadowBanOn", { userId: "lee" }))).toBeVisible();
    await expect(userSwitch).toBeChecked();
    expect(await shadowBanOf("/v1/users/lee/shadow-ban")).toBe(true);
    await page.screenshot({ path: `../.reports/shadow-ban-user-${language}.png` });
    await userSwitch.click();
    await expect(page.getByText(t("users.shadowBanOff", { userId: "lee" }))).toBeVisible();
    expect(await shadowBanOf("/v1/users/lee/shadow-ban")).toBe(false);
    await dialog.getByRole("button", { name: t("common.close") }).click();

    // A channel's member: the details dialog holds the channel's switch, and the shadowed message shows marked.
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lunch", userIds: ["kim", "lee"] } })
    ).json();
    await page.goto(`/apps/${app.id}/channels/${channel.id}`);
    await page
      .getByRole("list", { name: t("members.tabs.members") })
      .getByRole("button", { name: /LEE lee/ })
      .click();
    const detail = page.getByRole("dialog", { name: t("members.detailTitle") });
    const memberSwitch = detail.getByRole("switch", { name: t("members.shadowBan") });
    await expect(memberSwitch).not.toBeChecked();
    await memberSwitch.click();
    await expect(memberSwitch).toBeChecked();
    expect(await shadowBanOf(`/v1/channels/${channel.id}/shadow-bans/lee`)).toBe(true);
    await page.screenshot({ path: `../.reports/shadow-ban-member-${language}.png` });
    await detail.getByRole("button", { name: t("common.close") }).click();

    const { token } = await (await request.post("/v1/users/lee/token", { headers: server, data: {} })).json();
    const login = await (
      await request.post("/v1/auth/login", { data: { appId: app.id, userId: "lee", token } })
    ).json();
    const lee = { authorization: `Bearer ${login.sessionToken}` };
    const sent = await request.post(`/v1/channels/${channel.id}/messages`, {
      headers: lee,
      data: { text: "seen by lee only" },
    });
    expect(sent.status()).toBe(200);
    const item = page.getByTestId("chat-message").filter({ hasText: "seen by lee only" });
    await expect(item).toBeVisible();
    await expect(item.getByText(t("chat.shadowed"), { exact: true })).toBeVisible();
    await page.screenshot({ path: `../.reports/shadow-ban-chat-${language}.png` });
  });
}
