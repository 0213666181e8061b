import fs from "node:fs";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { appWithUsers, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  test(`the audit log shows who changed a setting and what it was, in the app and in account settings (${language})`, async ({
    page,
    request,
  }) => {
    const { session, auth, app, secret } = await appWithUsers(request, {
      language,
      appName: `Audit ${language}`,
      keyLabel: "deploy-bot",
    });
    const settings = `/api/apps/${app.id}/reports/settings`;
    await request.put(settings, { headers: auth, data: { autoHideAfter: 4 } });
    await request.put(settings, { headers: auth, data: { autoHideAfter: 9 } });
    await request.post("/v1/channels", {
      headers: { authorization: `Bearer ${secret}` },
      data: { name: "Created by the server" },
    });

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${app.id}/audit`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { name: text(language, "pages.audit"), level: 1 })).toBeVisible();
    const serverRow = page.getByRole("row").filter({ hasText: "deploy-bot" });
    // The list names the change in the reader's language; the raw route stays in the entry's detail.
    await expect(serverRow).toContainText(text(language, "auditLabels.actions.createChannel"));
    await expect(serverRow).toContainText(text(language, "audit.actorKind.apiKey"));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("searchbox", { name: text(language, "audit.search") }).fill("autoHideAfter");
    // The search answers after a pause: until the server's row is gone, the list is the unfiltered one, and a click
    // on it can land just as it is drawn again.
    await expect(serverRow).toHaveCount(0);
    const rows = page.getByRole("row").filter({ hasText: text(language, "auditLabels.actions.updateReportSettings") });
    await expect(rows).toHaveCount(2);
    await rows.first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`/api/apps/${app.id}/reports/settings`);
    await expect(
      dialog.getByText(
        text(language, "audit.op.update", { table: text(language, "auditLabels.tables.report_settings") }),
        { exact: false },
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel(text(language, "audit.detail.before"))).toContainText('"autoHideAfter": 4');
    await expect(dialog.getByLabel(text(language, "audit.detail.after"))).toContainText('"autoHideAfter": 9');
    await dialog.getByRole("button", { name: text(language, "common.close") }).click();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: text(language, "audit.export") }).click();
    const csv = fs.readFileSync((await (await download).path()) as string, "utf8");
    expect(csv).toContain("autoHideAfter");
    expect(csv).not.toContain("deploy-bot");

    await page.goto("/settings");
    const accountLog = page.getByRole("region", { name: text(language, "audit.accountTitle") });
    await expect(accountLog.getByRole("row").filter({ hasText: "deploy-bot" })).toBeVisible();
  });
}
