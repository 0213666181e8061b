import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { accountBody } from "./support";

/**
 * An ordinary account, verified and signed in, made by the server's testing endpoint as sign-up and the confirmation
 * of its mailed code leave it, and its session state. Sign-up itself is the subject of its own tests
 * (foundation.spec.ts, account-kinds.spec.ts), which go through the form and the mail.
 */
export async function accountSession(request: APIRequestContext, language: "ko" | "en" = "en") {
  const made = await request.post("/api/testing/accounts", { data: accountBody(language) });
  if (!made.ok()) throw new Error(`the account could not be made: ${await made.text()}`);
  const { session } = (await made.json()) as { session: { sessionToken: string; email: string } };
  return session;
}

/** Opens the browser already signed in, the way the web app keeps its session. */
export async function signInBrowser(page: Page, session: object, language: "ko" | "en" = "en") {
  await page.addInitScript(
    ([state, lang]) => {
      localStorage.setItem("parley.session", state as string);
      localStorage.setItem("parley.language", lang as string);
    },
    [JSON.stringify(session), language],
  );
}

type Authorization = { authorization: string };

/**
 * An account with one app and an API key (`server`), and chat users made by the key and signed in (`users`, each a
 * session's authorization header): the usual start of a test of an app's screens.
 */
export async function appWithUsers(
  request: APIRequestContext,
  options: { language: "ko" | "en"; appName: string; keyLabel?: string; userIds?: string[] },
) {
  const session = await accountSession(request, options.language);
  const auth: Authorization = { authorization: `Bearer ${session.sessionToken}` };
  const { app } = (await (
    await request.post("/api/apps", { headers: auth, data: { name: options.appName } })
  ).json()) as {
    app: { id: string };
  };
  const { secret } = (await (
    await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: options.keyLabel ?? "e2e" } })
  ).json()) as { secret: string };
  const server: Authorization = { authorization: `Bearer ${secret}` };
  const users: Record<string, Authorization> = {};
  for (const userId of options.userIds ?? []) {
    await request.post("/v1/users", { headers: server, data: { userId, nickname: userId.toUpperCase() } });
    const { token } = await (await request.post(`/v1/users/${userId}/token`, { headers: server, data: {} })).json();
    const login = await (await request.post("/v1/auth/login", { data: { appId: app.id, userId, token } })).json();
    users[userId] = { authorization: `Bearer ${login.sessionToken}` };
  }
  return { session, auth, app, secret, server, users };
}

/**
 * Turns a switch on and waits until the server has stored it: while saving, a switch of the dashboard already shows
 * the asked state but is disabled, so checked alone does not mean saved.
 */
export async function turnOn(control: Locator) {
  await control.click();
  await expect(control).toBeChecked();
  await expect(control).toBeEnabled();
}
