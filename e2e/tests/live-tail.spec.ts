import { ParleyClient } from "@parley/sdk";
import { WebSocket } from "ws";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  test(`live tail: a message sent with the SDK shows in the table within a second, and opens as JSON (${language})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const session = await accountSession(request, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (
      await request.post("/api/apps", { headers: auth, data: { name: `Live ${language}` } })
    ).json();
    const appId = app.id as string;
    const { secret } = await (
      await request.post(`/api/apps/${appId}/api-keys`, { headers: auth, data: { label: "e2e" } })
    ).json();
    const server = { authorization: `Bearer ${secret}` };
    await request.post("/v1/users", { headers: server, data: { userId: "kim", nickname: "Kim" } });
    const { token } = await (await request.post("/v1/users/kim/token", { headers: server, data: {} })).json();
    const kim = new ParleyClient({ baseUrl: baseURL as string, appId, WebSocket: WebSocket as never });
    await kim.loginWithToken("kim", token);
    const channel = await kim.channels.create({ name: "Live room" });

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}/live`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1, name: t("pages.liveTail") })).toBeVisible();
    await expect(page.getByRole("link", { name: t("nav.app.liveTail") })).toBeVisible();
    await expect(page.getByText(t("liveTail.status.live"), { exact: true })).toBeVisible();

    const greeting = `Hello live tail (${language})`;
    await kim.messages.send(channel.id, greeting);
    const row = page.getByTestId("live-row").filter({ hasText: greeting });
    // Stored when the send answered; on the screen within a second of that.
    await expect(row).toBeVisible({ timeout: 1_000 });
    await expect(row).toContainText("message.created");
    await expect(row).toContainText("kim");
    expect(await seriousViolations(page), "axe on the live tail").toEqual([]);

    await page.getByRole("button", { name: t("liveTail.pause") }).click();
    await kim.messages.send(channel.id, "while paused");
    await expect(page.getByText(t("liveTail.status.paused", { count: "1" }))).toBeVisible();
    await expect(page.getByText("while paused")).toHaveCount(0);
    await page.getByRole("button", { name: t("liveTail.resume") }).click();
    await expect(page.getByTestId("live-row").filter({ hasText: "while paused" })).toBeVisible();

    await row.click();
    const dialog = page.getByRole("dialog", { name: /message\.created/ });
    const json = JSON.parse((await dialog.getByTestId("live-event-json").textContent()) ?? "");
    expect(json).toMatchObject({
      type: "message.created",
      channelId: channel.id,
      data: { message: { text: greeting } },
    });
    await dialog.getByRole("button", { name: t("common.close") }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("combobox", { name: t("liveTail.filters.type") }).click();
    await page.getByRole("option", { name: t("liveTail.groups.logins") }).click();
    // A new stream for the new filter: the table starts empty and the chip says live once the server is ready.
    await expect(page.getByText(t("liveTail.emptyTitle"))).toBeVisible();
    await expect(page.getByText(t("liveTail.status.live"), { exact: true })).toBeVisible();
    await kim.messages.send(channel.id, "filtered out");
    await kim.loginWithToken(
      "kim",
      (await (await request.post("/v1/users/kim/token", { headers: server, data: {} })).json()).token,
    );
    await expect(page.getByTestId("live-row").filter({ hasText: "user.login" })).toBeVisible();
    await expect(page.getByText("filtered out")).toHaveCount(0);
  });
}
