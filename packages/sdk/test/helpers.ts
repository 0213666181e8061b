import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { WebSocket } from "ws";
import { appServer, chatApp } from "../../../scripts/server-accounts";
import { startTestServer, type TestServer } from "../../../scripts/server-process";
import { type ConnectionState, ParleyClient, type ParleyClientOptions, type TMessage } from "../src";

export { appServer, dashboardApi } from "../../../scripts/server-accounts";
export { ALLOW_LOOPBACK, type TestServer } from "../../../scripts/server-process";

/** A whole server process listening on a real port, as an app's clients would reach it. */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<{
  t: TestServer;
  baseUrl: string;
}> {
  const t = await startTestServer(inject("sdkServerTemplate"), options.env);
  return { t, baseUrl: t.baseUrl };
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
