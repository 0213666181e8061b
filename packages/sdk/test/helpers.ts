import { startTestApp, type TestApp } from "@parley/server/testing";
import { WebSocket } from "ws";
import { chatApp } from "../../server/test/chat-client";
import { type ConnectionState, ParleyClient, type ParleyClientOptions, type TMessage } from "../src";

/** A whole server listening on a real port, as an app's clients would reach it. */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<{
  t: TestApp;
  baseUrl: string;
}> {
  const t = await startTestApp(options);
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("the server has no port");
  return { t, baseUrl: `http://127.0.0.1:${address.port}` };
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
export async function sdkApp(t: TestApp, baseUrl: string, settings: { allowAnonymousLogin?: boolean } = {}) {
  const { appId, apiKey, dashboardAuth } = await chatApp(t, settings);
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
    /** The app owner's dashboard credential, for `/api` settings calls through `t.server.inject`. */
    dashboardAuth,
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
