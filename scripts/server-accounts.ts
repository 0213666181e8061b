/**
 * An app developer's set-up on a test server process, made over HTTP as the dashboard makes it: an account signed up
 * and verified by the mailed code, an app, and an API key. For the tests of the packages that reach the server only
 * over the network (the chat SDK, the server SDK, the samples), beside `server-process.ts`.
 */
import { randomBytes } from "node:crypto";
import type { TestServer } from "./server-process";

/** Calls the dashboard API (`/api`) over HTTP with the account's credential, as the web app does. */
export function dashboardApi(baseUrl: string, auth: { authorization: string }) {
  return (method: string, url: string, payload?: unknown, contentType = "application/json"): Promise<Response> =>
    fetch(`${baseUrl}/api${url}`, {
      method,
      headers: payload === undefined ? auth : { ...auth, "content-type": contentType },
      ...(payload === undefined ? {} : { body: typeof payload === "string" ? payload : JSON.stringify(payload) }),
    });
}

/** The answer's JSON body, or an error naming `what` with the status and body when it was not a success. */
export async function json<T>(what: string, response: Promise<Response>): Promise<T> {
  const res = await response;
  const body = await res.json();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

const PASSWORD = "Parley-2026-ok";

/** Signs up, verifies by the mailed code and logs in over HTTP: an ordinary account ready to use. */
export async function signedInAccount(t: TestServer) {
  const email = `sdk.${process.pid}.${randomBytes(4).toString("hex")}@example.com`;
  const anonymous = dashboardApi(t.baseUrl, { authorization: "" });
  await json(
    "signup",
    anonymous("POST", "/auth/signup", {
      email,
      password: PASSWORD,
      name: "Jisoo Park",
      contact: "01012345678",
      companyName: "Acme Chat",
      companyHomepage: "https://acme.example.com",
      companyAddress: { postalCode: "06236", address: "Teheran-ro 123", detail: "5F" },
      marketingConsent: false,
      termsAccepted: true,
      privacyAccepted: true,
      language: "ko",
    }),
  );
  const code = /[?&]code=([A-Za-z0-9_-]+)/.exec((await t.waitForMail(email)).text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  await json("email verification", anonymous("POST", "/auth/email/verification/confirm", { email, code }));
  const { sessionToken } = await json<{ sessionToken: string }>(
    "login",
    anonymous("POST", "/auth/login", { email, password: PASSWORD }),
  );
  return { email, auth: { authorization: `Bearer ${sessionToken}` } };
}

/** An account with one app and an API key, made through the dashboard API: what an app developer has after setup. */
export async function chatApp(t: TestServer, settings: { allowAnonymousLogin?: boolean } = {}) {
  const owner = await signedInAccount(t);
  const dashboard = dashboardApi(t.baseUrl, owner.auth);
  const { app } = await json<{ app: { id: string } }>("app", dashboard("POST", "/apps", { name: "Chat" }));
  const { secret } = await json<{ secret: string }>(
    "API key",
    dashboard("POST", `/apps/${app.id}/api-keys`, { label: "server" }),
  );
  if (settings.allowAnonymousLogin) {
    await json(
      "app settings",
      dashboard("PUT", `/apps/${app.id}/admin`, { allowAnonymousLogin: true, defaultMemberLimit: 100 }),
    );
  }
  return { appId: app.id, apiKey: secret, owner, dashboard };
}

/** Calls `/v1` with the API key over HTTP, as an app's own server does. */
export function appServer(baseUrl: string, apiKey: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json as T;
  };
}
