import fs from "node:fs/promises";
import path from "node:path";
import { ParleyClient } from "@parley/sdk";
import { WebSocket } from "ws";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { languages, text } from "./texts";

/**
 * `SLOW_MODE_SHOTS_DIR=/some/folder` also saves a screenshot of the settings dialog there, to look at; the test's
 * report has it either way.
 */
const shotsDir = process.env.SLOW_MODE_SHOTS_DIR;

for (const language of languages) {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  test(`the channel settings turn slow mode on, and a member's second message waits (${language})`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const session = await accountSession(request, language);
    await signInBrowser(page, session, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Live" } })).json();
    const key = await (
      await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "e2e" } })
    ).json();
    const server = { authorization: `Bearer ${key.secret}` };
    await request.post("/v1/users", { headers: server, data: { userId: "lee", nickname: "LEE" } });
    const { token } = await (await request.post("/v1/users/lee/token", { headers: server, data: {} })).json();
    const lee = new ParleyClient({ baseUrl: baseURL as string, appId: app.id, WebSocket: WebSocket as never });
    await lee.loginWithToken("lee", token);
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Concert", userIds: ["lee"] } })
    ).json();

    await page.goto(`/apps/${app.id}/channels/${channel.id}`);
    await page.getByRole("button", { name: t("common.edit") }).click();
    const dialog = page.getByRole("dialog");
    const field = dialog.getByLabel(t("channels.form.slowModeSeconds"));
    await expect(field).toHaveValue("0");
    await field.fill("30");
    await expect(dialog.getByText(t("channels.form.slowModeHint", { max: "21600" }))).toBeVisible();
    expect(await seriousViolations(page, "[role=dialog]"), "axe on the channel settings").toEqual([]);
    const image = await dialog.screenshot();
    await testInfo.attach(`slow-mode-settings-${language}`, { body: image, contentType: "image/png" });
    if (shotsDir) {
      await fs.mkdir(shotsDir, { recursive: true });
      await fs.writeFile(path.join(shotsDir, `slow-mode-settings-${language}.png`), image);
    }
    await dialog.getByRole("button", { name: t("common.save") }).click();
    await expect(dialog).toBeHidden();

    // The member's SDK reads the channel's slow mode, sends once, and is held back for the rest of the cooldown.
    await lee.channels.get(channel.id);
    await lee.messages.send(channel.id, "one");
    expect(lee.slowMode.remainingSeconds(channel.id)).toBeGreaterThan(25);
    await expect(lee.messages.send(channel.id, "two")).rejects.toMatchObject({ code: "3206" });
  });
}
