import type { APIRequestContext } from "@playwright/test";
import { WebSocket } from "ws";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { type Language, languages, text } from "./texts";

/** An account with one app, its API key, and the chat users kim and lee, each with a chat session. */
async function callSetup(request: APIRequestContext, language: Language) {
  const session = await accountSession(request, language);
  const auth = { authorization: `Bearer ${session.sessionToken}` };
  const { app } = await (
    await request.post("/api/apps", { headers: auth, data: { name: `Calls ${language}` } })
  ).json();
  const { secret } = await (
    await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "e2e" } })
  ).json();
  const server = { authorization: `Bearer ${secret}` };
  const sessions: Record<string, string> = {};
  const users = [
    ["kim", "Kim"],
    ["lee", "Lee"],
  ] as const;
  for (const [userId, nickname] of users) {
    await request.post("/v1/users", { headers: server, data: { userId, nickname } });
    const { token } = await (await request.post(`/v1/users/${userId}/token`, { headers: server, data: {} })).json();
    const login = await (await request.post("/v1/auth/login", { data: { appId: app.id, userId, token } })).json();
    sessions[userId] = login.sessionToken;
  }
  return { session, auth, appId: app.id as string, kim: sessions.kim as string, lee: sessions.lee as string };
}

/**
 * A chat socket for the user, open once the server said it is ready. The server ends an accepted call as failed
 * when neither party holds a socket, so a call the test talks in keeps one open.
 */
async function openChatSocket(baseURL: string, sessionToken: string) {
  const ws = new WebSocket(`${baseURL.replace(/^http/, "ws")}/v1/ws`);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const ready = new Promise<void>((resolve) =>
    ws.on("message", (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === "ready") resolve();
    }),
  );
  ws.send(JSON.stringify({ type: "auth", token: sessionToken }));
  await ready;
  return ws;
}

for (const language of languages) {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  test(`calls: a video call made through the chat API shows with its duration and timeline (${language})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { session, appId, kim, lee } = await callSetup(request, language);
    const socket = await openChatSocket(baseURL as string, kim);
    const started = await request.post("/v1/calls", {
      headers: { authorization: `Bearer ${kim}` },
      data: { calleeId: "lee", kind: "video" },
    });
    const { call } = await started.json();
    expect(
      (await request.post(`/v1/calls/${call.id}/accept`, { headers: { authorization: `Bearer ${lee}` } })).ok(),
    ).toBe(true);
    const ended = await request.post(`/v1/calls/${call.id}/end`, {
      headers: { authorization: `Bearer ${kim}` },
      data: {},
    });
    const record = (await ended.json()).call;
    expect(record).toMatchObject({ state: "ended", endReason: "hangup", endedBy: "kim" });
    // The list shows the record's own talk time, whatever it came to, as m:ss.
    const seconds: number = record.durationSeconds;
    const talk = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    socket.close();

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}/calls`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1, name: t("pages.calls") })).toBeVisible();
    const row = page.getByTestId(`call-row-${call.id}`);
    await expect(row).toContainText("Kim");
    await expect(row).toContainText("Lee");
    await expect(row).toContainText(t("calls.kind.video"));
    await expect(row).toContainText(t("calls.state.ended"));
    await expect(row).toContainText(t("calls.endReason.hangup"));
    await expect(row.getByRole("cell").filter({ hasText: new RegExp(`^${talk}$`) })).toHaveCount(1);
    expect(await seriousViolations(page), "axe on the calls list").toEqual([]);

    await page.getByRole("searchbox", { name: t("calls.filters.userId") }).fill("nobody");
    await expect(page.getByText(t("calls.noMatch"))).toBeVisible();
    await page.getByRole("searchbox", { name: t("calls.filters.userId") }).fill("lee");
    await row.click();
    const dialog = page.getByRole("dialog", { name: t("calls.detail.title") });
    const steps = dialog.getByRole("list", { name: t("calls.detail.timeline") }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText(t("calls.timeline.ringing", { name: "Kim (kim)" }));
    await expect(steps.nth(1)).toContainText(t("calls.timeline.accepted", { name: "Lee (lee)" }));
    await expect(steps.nth(2)).toContainText(t("calls.step.ended"));
    await expect(steps.nth(2)).toContainText(t("calls.timeline.ended", { name: "Kim (kim)" }));
    expect(await seriousViolations(page), "axe on the call's detail").toEqual([]);
    await dialog.getByRole("button", { name: t("common.close") }).click();
    await expect(dialog).toBeHidden();
  });

  test(`calls: ICE servers are saved from the app settings, the TURN secret write-only (${language})`, async ({
    page,
    request,
    consoleWatch,
  }) => {
    // Saving TURN URLs with no secret is refused on purpose, and Chromium logs the refused request.
    consoleWatch.allow(/status of 400 \(Bad Request\) at \S+\/api\/apps\/[0-9a-f-]+\/calls\/settings:/);
    const { session, auth, appId } = await callSetup(request, language);
    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}/settings`);
    const card = page.getByRole("form", { name: t("calls.ice.title") });
    await expect(page.getByText(t("calls.ice.noTurn"))).toBeVisible();
    await card.getByRole("textbox", { name: t("calls.ice.stunUrls") }).fill("stun:stun.example.com:3478");
    // Nothing listens here: the test that follows must report that the server did not answer.
    await card.getByRole("textbox", { name: t("calls.ice.turnUrls") }).fill("turn:127.0.0.1:3479");
    await card.getByRole("button", { name: t("common.save"), exact: true }).click();
    await expect(card.getByText(t("ERROR_3098"))).toBeVisible();
    expect(await seriousViolations(page), "axe on the ICE card with its error").toEqual([]);

    const secretField = card.getByLabel(t("calls.ice.turnSecret"), { exact: true });
    await secretField.fill("e2e-static-auth-secret");
    await card.getByRole("button", { name: t("common.save"), exact: true }).click();
    await expect(page.getByText(t("calls.ice.saved"))).toBeVisible();
    await expect(card.getByText(t("calls.ice.secretStored"))).toBeVisible();
    await expect(secretField).toHaveValue("");
    await expect(page.getByText(t("calls.ice.noTurn"))).toBeHidden();

    const stored = await (await request.get(`/api/apps/${appId}/calls/settings`, { headers: auth })).json();
    expect(stored.settings).toEqual({
      stunUrls: ["stun:stun.example.com:3478"],
      turnUrls: ["turn:127.0.0.1:3479"],
      hasTurnSecret: true,
    });

    await page.getByRole("button", { name: t("calls.ice.test.button"), exact: true }).click();
    await expect(page.getByTestId("turn-test-result")).toHaveText(t("calls.ice.test.noAnswer", { seconds: "8" }), {
      timeout: 20_000,
    });
  });

  test(`app settings: link previews turned off stay off after a reload (${language})`, async ({ page, request }) => {
    const session = await accountSession(request, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (
      await request.post("/api/apps", { headers: auth, data: { name: `Previews ${language}` } })
    ).json();
    await signInBrowser(page, session, language);
    await page.goto(`/apps/${app.id}/settings`);
    const toggle = page.getByRole("switch", { name: t("linkPreviews.enabled") });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText(t("linkPreviews.turnedOff"))).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: t("linkPreviews.enabled") })).not.toBeChecked();
    const stored = await (await request.get(`/api/apps/${app.id}/link-previews/enabled`, { headers: auth })).json();
    expect(stored).toEqual({ enabled: false });
  });
}
