import { OPEN_CHANNEL_MEMBER_LIMIT } from "@parley/contract";
import { paths } from "../../packages/web/src/config/paths";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { appWithUsers, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  test(`an open channel is created in the dashboard and listed with its type (${language})`, async ({
    page,
    request,
  }) => {
    const { session, app } = await appWithUsers(request, { language, appName: `Open ${language}` });
    await signInBrowser(page, session, language);
    await page.goto(paths.apps.channels.getHref(app.id));
    await expect(page.locator("html")).toHaveAttribute("lang", language);

    await page.getByRole("button", { name: text(language, "channels.create") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(text(language, "channels.fields.name")).fill("Keynote");
    await dialog.getByRole("combobox", { name: text(language, "channels.fields.type") }).click();
    await page.getByRole("option", { name: text(language, "channels.type.open"), exact: true }).click();
    const max = OPEN_CHANNEL_MEMBER_LIMIT.toLocaleString(language);
    await expect(dialog.getByText(text(language, "channels.typeHint.open", { max }))).toBeVisible();
    await expect(dialog.getByLabel(text(language, "channels.fields.memberLimit"))).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/open-channel-dialog-${language}.png` });

    await dialog.getByRole("button", { name: text(language, "channels.create"), exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.goto(paths.apps.channels.getHref(app.id));
    await expect(page.getByRole("row").filter({ hasText: "Keynote" })).toContainText(
      text(language, "channels.type.open"),
    );
    await page.screenshot({ path: `test-results/open-channel-list-${language}.png` });
  });
}
