import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { appWithUsers, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
  const cell = (role: string, permission: string) =>
    t("roles.matrix.cell", { role, permission: t(`roles.permission.${permission}.long`) });

  test(`an operator changes a channel type's permissions, which the chat API then enforces, and gives users roles (${language})`, async ({
    page,
    request,
  }) => {
    const { session, app, server, users } = await appWithUsers(request, {
      language,
      appName: `Roles ${language}`,
      userIds: ["kim", "lee"],
    });
    await signInBrowser(page, session, language);
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lobby", userIds: ["kim", "lee"] } })
    ).json();
    const messages = `/v1/channels/${channel.id}/messages`;
    expect((await request.post(messages, { headers: users.lee, data: { text: "before" } })).status()).toBe(200);

    // The matrix of the channel's type: take sending from app members, give guests the pin.
    await page.goto(`/apps/${app.id}/roles`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await page.getByRole("tab", { name: t(`roles.channelType.${channel.type}`), exact: true }).click();
    await expect(page.getByText(t("roles.matrix.default"), { exact: true })).toBeVisible();
    const save = page.getByRole("button", { name: t("roles.matrix.save"), exact: true });
    await expect(save).toBeDisabled();
    const memberSend = page.getByRole("checkbox", { name: cell(t("roles.appRole.member"), "send"), exact: true });
    const guestPin = page.getByRole("checkbox", { name: cell(t("roles.appRole.guest"), "pin"), exact: true });
    await expect(memberSend).toBeChecked();
    await expect(guestPin).not.toBeChecked();
    await memberSend.uncheck();
    await guestPin.check();
    await expect(page.getByText(t("roles.matrix.unsaved"), { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/roles-matrix-${language}.png`, fullPage: true });
    await save.click();
    await expect(page.getByText(t("roles.matrix.saved"))).toBeVisible();
    await expect(page.getByText(t("roles.matrix.customised"), { exact: true })).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: t(`roles.channelType.${channel.type}`), exact: true }).click();
    await expect(
      page.getByRole("checkbox", { name: cell(t("roles.appRole.member"), "send"), exact: true }),
    ).not.toBeChecked();
    await expect(
      page.getByRole("checkbox", { name: cell(t("roles.appRole.guest"), "pin"), exact: true }),
    ).toBeChecked();

    // The chat API follows the saved matrix: a plain member may no longer send here.
    const refused = await request.post(messages, { headers: users.lee, data: { text: "after" } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe("3197");

    await page.setViewportSize({ width: 400, height: 900 });
    await page.screenshot({ path: `test-results/roles-narrow-${language}.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A custom role, given to a user from the users page.
    await page.getByRole("button", { name: t("roles.custom.add") }).click();
    const dialog = page.getByRole("dialog", { name: t("roles.custom.createTitle") });
    await dialog.getByLabel(t("roles.custom.name"), { exact: false }).fill("support");
    await dialog.getByLabel(t("roles.custom.descriptionField")).fill("Answers questions in the help channels");
    await page.screenshot({ path: `test-results/roles-dialog-${language}.png` });
    await dialog.getByRole("button", { name: t("roles.custom.create") }).click();
    await expect(dialog).toBeHidden();
    const roleRow = page
      .getByRole("table", { name: t("roles.custom.tableLabel"), exact: true })
      .getByRole("row", { name: /support/ });
    await expect(roleRow).toContainText("0");

    await page.goto(`/apps/${app.id}/user`);
    await page.getByRole("combobox", { name: t("roles.userRoleOf", { userId: "kim" }) }).click();
    await page.getByRole("option", { name: "support" }).click();
    await expect(page.getByText(t("roles.userRoleChanged", { userId: "kim", role: "support" }))).toBeVisible();
    await page.screenshot({ path: `test-results/roles-user-${language}.png` });
    await page.reload();
    await expect(page.getByRole("combobox", { name: t("roles.userRoleOf", { userId: "kim" }) })).toHaveText("support");

    await page.goto(`/apps/${app.id}/roles`);
    await expect(
      page
        .getByRole("table", { name: t("roles.custom.tableLabel"), exact: true })
        .getByRole("row", { name: /support/ }),
    ).toContainText("1");

    // A member of the channel made its moderator from the member details.
    await page.goto(`/apps/${app.id}/channels/${channel.id}`);
    await page
      .getByRole("list", { name: t("members.tabs.members") })
      .getByRole("button", { name: /LEE lee/ })
      .click();
    const detail = page.getByRole("dialog", { name: t("members.detailTitle") });
    await detail.getByRole("combobox", { name: t("roles.memberRole") }).click();
    await page.getByRole("option", { name: t("roles.channelRole.moderator") }).click();
    await expect(
      page.getByText(t("roles.memberRoleChanged", { name: "LEE", role: t("roles.channelRole.moderator") })),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/roles-member-${language}.png` });
  });
}
