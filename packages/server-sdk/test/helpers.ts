import { inject } from "vitest";
import { chatApp } from "../../../scripts/server-accounts";
import { startTestServer, type TestServer } from "../../../scripts/server-process";
import { ParleyServer, type ParleyServerOptions } from "../src";

export { dashboardApi, json } from "../../../scripts/server-accounts";
export { ALLOW_LOOPBACK, type TestServer } from "../../../scripts/server-process";

/** A whole server process for a test file, on a copy of the migrated data folder, as an app's backend reaches it. */
export function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(inject("sdkServerTemplate"), env);
}

/** A fresh app with an API key, made through the dashboard API, and a client of it. */
export async function serverApp(t: TestServer, options: Partial<ParleyServerOptions> = {}) {
  const { appId, apiKey, dashboard } = await chatApp(t);
  const parley = new ParleyServer({
    baseUrl: t.baseUrl,
    apiKey,
    appId,
    retries: { max: 3, baseDelayMs: 10, maxDelayMs: 100 },
    ...options,
  });
  return { appId, apiKey, dashboard, parley };
}

/** Logs an end user in with a login token, as the chat SDK does, and answers the session token. */
export async function loginWith(baseUrl: string, appId: string, userId: string, token: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appId, userId, token }),
  });
}

/** Polls until `probe` returns a value, failing after `ms` with a message naming what was awaited. */
export async function waitFor<T>(what: string, probe: () => T | undefined | null | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A fetch whose first request matching `pattern` reaches the server and is applied, but whose answer is lost on the
 * way back, as when a connection drops after the server answered: the caller sees a network failure.
 */
export function losingFirstAnswer(pattern: RegExp) {
  let lost = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (lost === 0 && pattern.test(`${init?.method ?? "GET"} ${String(input)}`)) {
      lost++;
      await response.arrayBuffer();
      throw new TypeError("fetch failed: the connection closed before the answer arrived");
    }
    return response;
  };
  return { fetch: fetchImpl, lostCount: () => lost };
}
