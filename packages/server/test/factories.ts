/**
 * Factories that arrange what a test needs straight through the modules that own it, with no sign-up, mail or
 * password hashing per account: only the sign-up tests go through sign-up and mail (`signUpThroughMail`).
 */

import { type Language, LOGIN_TOKEN_TTL_DEFAULT_SECONDS, zSignupRequest } from "@parley/contract";
import { expect } from "vitest";
import type { App } from "../src/app";
import {
  type Authenticated,
  createAuthRepository,
  hashingOncePerPassword,
  signupAccountColumns,
} from "../src/modules/auth";
import { v1 } from "./chat-client";
import { signupBody, uniqueEmail } from "./harness";

/** What the factories use of a test's app. */
type AppUnderTest = Pick<App, "ctx" | "services" | "server">;

/** The user agent `inject` sends: what a session started by confirming the mailed code through the API records. */
const INJECT_USER_AGENT = "lightMyRequest";

/** argon2 is slow on purpose (tens of milliseconds, 19 MiB): each password is hashed once per test process. */
const passwordHashOf = hashingOncePerPassword();

/**
 * A verified, signed-in ordinary account, stored as sign-up and the confirmation of its mailed code leave it: the
 * profile, language, currency and consents of the sign-up body (`overrides` takes the same fields, checked by the
 * same schema), verified now (which starts the free trial), and a session. The password is `STRONG_PASSWORD` unless
 * overridden.
 */
export async function createAccount(t: AppUnderTest, overrides: Record<string, unknown> = {}) {
  const input = zSignupRequest.parse(signupBody(uniqueEmail(), overrides));
  const now = t.ctx.clock.now();
  const account = await createAuthRepository(t.ctx.database.db).insertAccount({
    ...signupAccountColumns(input, await passwordHashOf(input.password), now),
    emailVerifiedAt: now,
  });
  const session = await t.services.auth.startSessionFor(account, INJECT_USER_AGENT);
  return { email: account.email, token: session.sessionToken, accountId: account.id, password: input.password };
}

export type Account = Awaited<ReturnType<typeof createAccount>>;

/** The account and session behind a dashboard token, as a request made with it is admitted. */
async function authenticated(t: AppUnderTest, token: string): Promise<Authenticated> {
  const auth = await t.services.auth.authenticate(token);
  if (!auth) throw new Error("the token signs no one in");
  return auth;
}

/** An app of the account whose token is given, as the dashboard's create button makes it. */
export async function createApp(t: AppUnderTest, owner: { token: string }, name = "Chat") {
  return t.services.apps.createApp(await authenticated(t, owner.token), name);
}

/** A server API key of the app; `secret` is what the app's server sends. */
export async function createApiKey(t: AppUnderTest, owner: { token: string }, appId: string, label = "server") {
  return t.services.apps.createApiKey(await authenticated(t, owner.token), appId, label);
}

/** A chat session for an existing user of the app, as a login with a token the app's server issued starts it. */
export async function createChatSession(t: AppUnderTest, appId: string, userId: string) {
  const app = await t.services.apps.cachedApp(appId);
  if (!app) throw new Error(`no app ${appId}`);
  await t.services.apps.requireChatAccess(app);
  const { token } = await t.services.chatUsers.issueLoginToken(app, userId, LOGIN_TOKEN_TTL_DEFAULT_SECONDS);
  return t.services.chatUsers.login({ appId, userId, token });
}

/** A signing secret for the app's own login tokens, as the dashboard creates it; `value` is what the app signs with. */
export async function createLoginSigningSecret(t: AppUnderTest, appId: string, overlapSeconds = 0) {
  const app = await t.services.apps.cachedApp(appId);
  if (!app) throw new Error(`no app ${appId}`);
  const { secret, value } = await t.services.chatUsers.signing.createSecret(app, overlapSeconds);
  return { kid: secret.id, value };
}

/**
 * An account with one app and an API key: what an app developer has after setup. `owner` gives the app to an
 * account the test made otherwise (through sign-up, where sign-up is part of what the test proves).
 */
export async function createChatApp<Owner extends { email: string; token: string } = Account>(
  t: AppUnderTest,
  settings: { allowAnonymousLogin?: boolean; language?: Language; owner?: Owner } = {},
) {
  const owner: Owner | Account =
    settings.owner ?? (await createAccount(t, settings.language ? { language: settings.language } : {}));
  const { id: appId } = await createApp(t, owner);
  const { secret: apiKey } = await createApiKey(t, owner, appId);
  if (settings.allowAnonymousLogin) {
    const auth = await authenticated(t, owner.token);
    await t.services.apps.updateChatSettings(auth, appId, { allowAnonymousLogin: true, defaultMemberLimit: 100 });
  }
  const server = v1(t.server, apiKey);

  /**
   * A chat user the app's server creates through the chat API (the audit log names it under the key), signed in
   * with a login token.
   */
  async function user(userId: string, nickname = userId) {
    expect((await server.post("/users", { userId, nickname })).status).toBe(200);
    const { sessionToken } = await createChatSession(t, appId, userId);
    return { userId, sessionToken, api: v1(t.server, sessionToken) };
  }

  return { owner, appId, apiKey, server, user, dashboardAuth: { authorization: `Bearer ${owner.token}` } };
}
