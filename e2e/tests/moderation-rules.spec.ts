import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { appWithUsers, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  test(`a moderation rule is created, tried on a message and replayed over the last messages (${language})`, async ({
    page,
    request,
  }) => {
    const { session, app, server, users } = await appWithUsers(request, {
      language,
      appName: `Rules ${language}`,
      userIds: ["kim", "lee"],
    });
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lobby", userIds: ["kim", "lee"] } })
    ).json();
    const messages = `/v1/channels/${channel.id}/messages`;
    for (const [who, said] of [
      ["kim", "cheap spam here"],
      ["lee", "good morning"],
      ["kim", "more spam"],
    ] as const) {
      expect((await request.post(messages, { headers: users[who], data: { text: said } })).status()).toBe(200);
    }

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${app.id}/moderation-rules`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByText(text(language, "moderationRules.empty"))).toBeVisible();

    await page.getByRole("button", { name: text(language, "moderationRules.add") }).click();
    const editor = page.getByRole("dialog");
    await editor.getByLabel(text(language, "moderationRules.field.name")).fill("No spam");
    await editor.getByLabel(text(language, "moderationRules.field.keywords")).fill("spam");
    await editor.getByRole("button", { name: text(language, "moderationRules.save"), exact: true }).click();
    await expect(editor).toBeHidden();
    const rules = page.getByRole("table", { name: text(language, "moderationRules.listTitle") });
    await expect(rules.getByRole("row").filter({ hasText: "No spam" })).toContainText(
      text(language, "moderationRules.action.block"),
    );

    await page.getByLabel(text(language, "moderationRules.test.text"), { exact: true }).fill("buy spam now");
    await page.getByLabel(text(language, "moderationRules.test.userId"), { exact: true }).fill("kim");
    await page.getByLabel(text(language, "moderationRules.test.channelId"), { exact: true }).fill(channel.id);
    await page.getByRole("button", { name: text(language, "moderationRules.test.run"), exact: true }).click();
    await expect(page.getByText(text(language, "moderationRules.test.refused"))).toBeVisible();

    await page.getByLabel(text(language, "moderationRules.replay.limit"), { exact: true }).fill("10");
    await page.getByRole("button", { name: text(language, "moderationRules.replay.run"), exact: true }).click();
    const replay = page.getByRole("region", { name: text(language, "moderationRules.replay.result") });
    await expect(replay.getByText(text(language, "moderationRules.replay.scanned", { count: 3 }))).toBeVisible();
    await expect(
      replay.getByText(text(language, "moderationRules.replay.perRule", { name: "No spam", count: 2 })),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/moderation-rules-${language}.png`, fullPage: true });

    // The rule edited but not saved: to public channels only, on another word. The tester and the replay try it.
    await page.getByRole("button", { name: text(language, "moderationRules.edit", { name: "No spam" }) }).click();
    await editor.getByLabel(text(language, "moderationRules.field.keywords")).fill("morning");
    await editor.getByRole("combobox", { name: text(language, "moderationRules.field.channelTypes") }).click();
    await page.getByRole("option", { name: text(language, "channels.type.public"), exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(
      editor.getByRole("combobox", { name: text(language, "moderationRules.field.channelTypes") }),
    ).toContainText(text(language, "channels.type.public"));
    await page.screenshot({ path: `test-results/moderation-rules-editor-${language}.png` });
    await editor.getByRole("button", { name: text(language, "moderationRules.draft.keep") }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole("alert", { name: text(language, "moderationRules.draft.title") })).toContainText(
      text(language, "moderationRules.draft.unsaved", { name: "No spam" }),
    );
    await expect(page.getByText(text(language, "moderationRules.draft.trying"))).toHaveCount(2);

    await page.getByLabel(text(language, "moderationRules.test.text"), { exact: true }).fill("good morning");
    await page.getByRole("button", { name: text(language, "moderationRules.test.run"), exact: true }).click();
    await expect(page.getByText(text(language, "moderationRules.test.refused"))).toBeVisible();
    await page.getByRole("button", { name: text(language, "moderationRules.replay.run"), exact: true }).click();
    await expect(
      replay.getByText(text(language, "moderationRules.replay.perRule", { name: "No spam", count: 1 })),
    ).toBeVisible();
    // Nothing was saved: the list still shows the rule as it was, with its hits.
    await expect(rules.getByRole("row").filter({ hasText: "No spam" })).toContainText(
      text(language, "moderationRules.action.block"),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/moderation-rules-draft-${language}.png`, fullPage: true });

    await page.getByRole("button", { name: text(language, "moderationRules.draft.discard") }).click();
    await expect(page.getByText(text(language, "moderationRules.draft.tryingSaved"))).toHaveCount(2);
    await page.getByRole("button", { name: text(language, "moderationRules.test.run"), exact: true }).click();
    await expect(page.getByText(text(language, "moderationRules.test.nothing"))).toBeVisible();
  });
}
