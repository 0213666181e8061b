import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { appWithUsers, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  test(`a message two users reported is hidden, reviewed in its conversation and deleted from the queue (${language})`, async ({
    page,
    request,
  }) => {
    const { session, app, server, users } = await appWithUsers(request, {
      language,
      appName: `Reports ${language}`,
      userIds: ["kim", "lee", "park"],
    });
    const { channel } = await (
      await request.post("/v1/channels", {
        headers: server,
        data: { name: "Lobby", userIds: ["kim", "lee", "park"] },
      })
    ).json();
    const messages = `/v1/channels/${channel.id}/messages`;
    await request.post(messages, { headers: users.lee, data: { text: "good morning" } });
    const { message } = await (
      await request.post(messages, { headers: users.kim, data: { text: "cheap followers at spam.example" } })
    ).json();
    await request.post(messages, { headers: users.park, data: { text: "please stop" } });

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${app.id}/reports`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByText(text(language, "reportQueue.emptyOpen"))).toBeVisible();

    // Auto-hide after two reporters, set on the screen.
    await page.getByLabel(text(language, "reportQueue.autoHide.switch")).check();
    await page.getByLabel(text(language, "reportQueue.autoHide.threshold")).fill("2");
    await page.getByRole("button", { name: text(language, "common.save"), exact: true }).click();
    await expect(page.getByText(text(language, "reportQueue.autoHide.saved"))).toBeVisible();

    for (const [who, reason] of [
      ["lee", "spam"],
      ["park", "scam"],
    ] as const) {
      const reported = await request.post(`${messages}/${message.id}/report`, {
        headers: users[who],
        data: { reason, description: `${who} saw it` },
      });
      expect(reported.status()).toBe(200);
    }
    const history = await (await request.get(messages, { headers: users.lee })).json();
    expect(history.messages.map((m: { text: string }) => m.text)).toEqual(["good morning", "please stop"]);

    await page.reload();
    const card = page.getByRole("listitem").filter({ hasText: "cheap followers at spam.example" });
    await expect(card).toBeVisible();
    await expect(card.getByText(text(language, "reportQueue.hidden"), { exact: true })).toBeVisible();
    await expect(card.getByText(text(language, "reportQueue.reason.scam"), { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole("button", { name: text(language, "reportQueue.review") }).click();
    const dialog = page.getByRole("dialog");
    const context = dialog.getByRole("list", { name: text(language, "reportQueue.detail.context") });
    await expect(context.getByRole("listitem")).toHaveText([/good morning/, /cheap followers/, /please stop/]);
    await expect(dialog.getByText("park saw it")).toBeVisible();
    await dialog.getByLabel(text(language, "reportQueue.action.delete")).check();
    await dialog.getByRole("button", { name: text(language, "reportQueue.detail.resolve") }).click();
    await expect(page.getByText(text(language, "reportQueue.done.delete"))).toBeVisible();
    await expect(page.getByText(text(language, "reportQueue.emptyOpen"))).toBeVisible();

    await page.getByRole("tab", { name: text(language, "reportQueue.status.resolved") }).click();
    const resolved = page.getByRole("listitem").filter({ hasText: "cheap followers at spam.example" });
    await expect(resolved.getByText(text(language, "reportQueue.resolved.delete"))).toBeVisible();
  });
}
