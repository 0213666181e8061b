import fs from "node:fs";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { appWithUsers, signInBrowser } from "./setup";
import { waitForMail } from "./support";
import { languages, text } from "./texts";
import { readZip } from "./zip";

for (const language of languages) {
  test(`the app's data is exported to a zip of NDJSON files and a user is erased with their messages kept (${language})`, async ({
    page,
    request,
  }) => {
    const { session, app, server, users } = await appWithUsers(request, {
      language,
      appName: `Export ${language}`,
      userIds: ["kim", "lee", "park"],
    });
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lobby", userIds: ["kim", "lee", "park"] } })
    ).json();
    const messages = `/v1/channels/${channel.id}/messages`;
    for (const [who, words] of [
      ["kim", "good morning"],
      ["lee", "morning kim"],
      ["kim", "the build is green"],
      ["park", "nice"],
    ] as const) {
      expect((await request.post(messages, { headers: users[who], data: { text: words } })).status()).toBe(200);
    }

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${app.id}/exports`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { name: text(language, "pages.dataExport"), level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: text(language, "nav.app.dataExport") })).toHaveAttribute(
      "href",
      `/apps/${app.id}/exports`,
    );
    await expect(page.getByText(text(language, "dataExport.emptyTitle"))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await expect(page.getByRole("switch", { name: text(language, "dataExport.new.includeFiles") })).not.toBeChecked();
    await page.getByRole("button", { name: text(language, "dataExport.new.submit") }).click();
    await expect(page.getByText(text(language, "dataExport.new.started"))).toBeVisible();

    // The job runs within a second on this data; the list reads it again every second until it completes.
    const card = page.getByTestId(/^export-/);
    await expect(card).toHaveCount(1);
    await expect(card.getByText(text(language, "dataExport.what.app"), { exact: true })).toBeVisible();
    await expect(card.getByText(text(language, "dataExport.status.completed"), { exact: true })).toBeVisible();
    await expect(card.getByRole("progressbar")).toHaveCount(0);
    const link = card.getByRole("link", { name: new RegExp(`^${text(language, "dataExport.download")}`) });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/exports\/[0-9a-f-]+\/[^/]+\/parley-export-\d{8}-\d{4}\.zip$/);
    expect((await waitForMail(session.email, 30_000, href ?? "")).text).toContain(href);
    expect(await seriousViolations(page)).toEqual([]);

    const download = page.waitForEvent("download");
    await link.click();
    const archive = fs.readFileSync((await (await download).path()) as string);
    expect(archive.subarray(0, 2).toString("latin1")).toBe("PK");
    const files = readZip(archive);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(["users.ndjson", "channels.ndjson", "members.ndjson", "messages.ndjson", "manifest.json"]),
    );
    expect([...files.keys()].filter((name) => name.startsWith("files"))).toEqual([]);
    const lines = (name: string) =>
      (files.get(name)?.toString("utf8") ?? "")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    expect(lines("users.ndjson").map((row: { userId: string }) => row.userId)).toEqual(
      expect.arrayContaining(["kim", "lee", "park"]),
    );
    expect(lines("messages.ndjson").map((row: { text: string }) => row.text)).toEqual(
      expect.arrayContaining(["good morning", "the build is green"]),
    );
    const manifest = JSON.parse(files.get("manifest.json")?.toString("utf8") ?? "{}");
    expect(manifest).toMatchObject({ exportId: expect.any(String), userId: null, includeFiles: false });

    // Erasing kim: their two messages stay in the channel without a sender; the others' are untouched.
    await page.goto(`/apps/${app.id}/user`);
    await page.getByRole("button", { name: text(language, "users.moreActions", { userId: "kim" }) }).click();
    await page.getByRole("menuitem", { name: text(language, "users.erase.action") }).click();
    const dialog = page.getByRole("dialog", { name: text(language, "users.erase.title") });
    await expect(dialog.getByText(text(language, "users.erase.keepsMessages"))).toBeVisible();
    const erase = dialog.getByRole("button", { name: text(language, "users.erase.submit") });
    await expect(erase).toBeDisabled();
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([]);
    await dialog.getByLabel(text(language, "users.erase.confirmLabel")).fill("kim");
    await erase.click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole("alert").filter({
        hasText: text(language, "users.erase.done", { userId: "kim", messages: 2, files: 0 }),
      }),
    ).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "KIM" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "LEE" })).toHaveCount(1);

    const history = await (await request.get(messages, { headers: users.lee })).json();
    expect(
      history.messages.map((message: { text: string; sender: { userId: string } | null }) => [
        message.text,
        message.sender?.userId ?? null,
      ]),
    ).toEqual([
      ["good morning", null],
      ["morning kim", "lee"],
      ["the build is green", null],
      ["nice", "park"],
    ]);
  });
}
