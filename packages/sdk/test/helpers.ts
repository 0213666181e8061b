import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { WebSocket } from "ws";
import { type ConnectionState, ParleyClient, type ParleyClientOptions, type TMessage } from "../src";
import { startTestServer, type TestServer } from "./server";

export { ALLOW_LOOPBACK, type TestServer } from "./server";

/** A whole server process listening on a real port, as an app's clients would reach it. */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<{
  t: TestServer;
  baseUrl: string;
}> {
  const t = await startTestServer(inject("sdkServerTemplate"), options.env);
  return { t, baseUrl: t.baseUrl };
}

/** Calls the dashboard API (`/api`) over HTTP with the account's credential, as the web app does. */
export function dashboardApi(baseUrl: string, auth: { authorization: string }) {
  return (method: string, url: string, payload?: unknown, contentType = "application/json"): Promise<Response> =>
    fetch(`${baseUrl}/api${url}`, {
      method,
      headers: payload === undefined ? auth : { ...auth, "content-type": contentType },
      ...(payload === undefined ? {} : { body: typeof payload === "string" ? payload : JSON.stringify(payload) }),
    });
}

async function json<T>(what: string, response: Promise<Response>): Promise<T> {
  const res = await response;
  const body = await res.json();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

const PASSWORD = "Parley-2026-ok";

/** Signs up, verifies by the mailed code and logs in over HTTP: an ordinary account ready to use. */
async function signedInAccount(t: TestServer) {
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
async function chatApp(t: TestServer, settings: { allowAnonymousLogin?: boolean }) {
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

/**
 * An app with an API key, and a factory of signed-in SDK clients. Every client is remembered so `cleanup`
 * disconnects it even when a test fails halfway.
 */
export async function sdkApp(t: TestServer, baseUrl: string, settings: { allowAnonymousLogin?: boolean } = {}) {
  const { appId, apiKey, owner, dashboard } = await chatApp(t, settings);
  const server = appServer(baseUrl, apiKey);
  const clients: ParleyClient[] = [];

  function client(options: Partial<ParleyClientOptions> = {}) {
    const c = new ParleyClient({
      baseUrl,
      appId,
      WebSocket,
      reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
      ...options,
    });
    clients.push(c);
    return c;
  }

  /** Creates the user with the API key, has the server issue a login token, and logs in with the SDK. */
  async function user(userId: string, options: Partial<ParleyClientOptions> = {}) {
    await server("POST", "/users", { userId, nickname: userId.toUpperCase() });
    const { token } = await server<{ token: string }>("POST", `/users/${userId}/token`, {});
    const c = client(options);
    await c.loginWithToken(userId, token);
    return c;
  }

  return {
    appId,
    apiKey,
    /** The app owner's email, which the testing endpoints know the account by. */
    ownerEmail: owner.email,
    /** The app owner's dashboard API, for settings an app developer makes in the dashboard. */
    dashboard,
    server,
    client,
    user,
    cleanup: () => {
      for (const c of clients) c.disconnect();
    },
  };
}

/** Polls until `probe` returns a value, failing after `ms` with a message naming what was awaited. */
export async function waitFor<T>(what: string, probe: () => T | undefined | null | false, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Records a client's messages and connection states in the order the client emitted them. */
export function record(client: ParleyClient) {
  const log: string[] = [];
  const messages: TMessage[] = [];
  const eventIds: string[] = [];
  const states: ConnectionState[] = [];
  client.on("message.created", (event) => {
    if (!event.message) throw new Error("message.created without a message");
    eventIds.push(event.id);
    messages.push(event.message);
    log.push(`message:${event.message.text}`);
  });
  client.on("connection", (change) => {
    states.push(change.state);
    log.push(`state:${change.state}`);
  });
  return { log, messages, eventIds, states };
}

/**
 * One server for a test file, and per test a fresh app where kim made a channel "Room" that lee joined; every client
 * is disconnected after its test and the server closed after the file.
 */
export function useRooms() {
  let t: TestServer | undefined;
  let baseUrl = "";
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    ({ t, baseUrl } = await startServer());
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  afterAll(() => t?.close());

  return async function room() {
    if (!t) throw new Error("the server has not started");
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const channel = await kim.channels.create({ name: "Room" });
    await lee.channels.join(channel.id);
    return { app: a, kim, lee, channel };
  };
}
