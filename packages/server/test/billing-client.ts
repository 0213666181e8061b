import { SANDBOX_TEST_CARDS, type TCardSessionResponse } from "@parley/contract";
import { expect } from "vitest";
import { STRONG_PASSWORD, type TestApp } from "./harness";

export type Reply<T = Record<string, unknown>> = {
  status: number;
  body: T & { code?: string; data?: { fields?: { path: string; message: string }[] } };
};

export interface Owner {
  email: string;
  token: string;
}

/**
 * A JSON client for the dashboard API as one account. Tests move the clock by months, past the session's idle
 * lifetime, so an expired session (1001) signs in again, as the user would, and the call is repeated.
 */
export function dashboard(t: TestApp, owner: Owner) {
  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${owner.token}` },
    });
  const withSession = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) => {
    const res = await send(method, url, body);
    if (res.statusCode !== 401 || res.json().code !== "1001") return res;
    const login = await t.server.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: STRONG_PASSWORD },
    });
    owner.token = login.json().sessionToken;
    return send(method, url, body);
  };
  const call = async <T>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) => {
    const res = await withSession(method, url, body);
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} } as Reply<T>;
  };
  return {
    get: <T = Record<string, unknown>>(url: string) => call<T>("GET", url),
    post: <T = Record<string, unknown>>(url: string, body: unknown = {}) => call<T>("POST", url, body),
    put: <T = Record<string, unknown>>(url: string, body: unknown = {}) => call<T>("PUT", url, body),
    delete: <T = Record<string, unknown>>(url: string) => call<T>("DELETE", url),
    raw: (url: string) => withSession("GET", url),
  };
}

/** Submits the sandbox gateway's hosted page as a browser would (form post), and returns the session's result. */
export async function registerCard(
  t: TestApp,
  owner: Owner,
  form: { number?: string; expiry?: string; holder?: string; action?: "register" | "cancel" } = {},
) {
  const api = dashboard(t, owner);
  const session = await api.post<TCardSessionResponse>("/billing/card/session");
  expect(session.status).toBe(200);
  const pagePath = new URL(session.body.redirectUrl).pathname;
  const submitted = await t.server.inject({
    method: "POST",
    url: pagePath,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      number: form.number ?? SANDBOX_TEST_CARDS.succeeds,
      expiry: form.expiry ?? "12/30",
      holder: form.holder ?? "JISOO PARK",
      action: form.action ?? "register",
    }).toString(),
  });
  expect(submitted.statusCode).toBe(303);
  const result = await api.get<{ result: string; card: Record<string, string> | null }>(
    `/billing/card/session/${session.body.sessionId}`,
  );
  return { sessionId: session.body.sessionId, location: submitted.headers.location, ...result.body };
}

/**
 * Writes an app's daily counters directly, as the metrics service would after that much traffic: each day from
 * `from` to `to` gets `messages` messages and `dau` active users, in the day's first slot.
 */
export async function seedUsage(t: TestApp, appId: string, from: string, to: string, messages: number, dau: number) {
  await t.ctx.database.query(
    `insert into daily_metrics (app_id, day, message_count, message_sender_count, active_user_count)
     select $1, d::date, $2, $3, $3 from generate_series($4::date, $5::date, interval '1 day') d
     on conflict (app_id, day, slot) do update set message_count = excluded.message_count,
       message_sender_count = excluded.message_sender_count, active_user_count = excluded.active_user_count`,
    [appId, messages, dau, from, to],
  );
}

/** Runs the daily billing job as the job queue would. */
export async function runBillingDay(t: TestApp, jobId = `billing-${t.clock.now().toISOString()}`) {
  const handler = t.jobHandlers.get("billing.daily");
  if (!handler) throw new Error("billing.daily is not registered");
  await handler.handle({}, { jobId });
}

/** The texts a PDF draws, from its uncompressed or compressed content streams (TJ arrays of hex strings). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { inflateSync } = await import("node:zlib");
  const raw = pdf.toString("latin1");
  const streams: string[] = [];
  // Each stream is cut by the byte length its dictionary gives: deflated bytes may end in a carriage return, which a
  // search for the line ending before "endstream" would take as part of that ending. The dictionary may hold another
  // after its length (`/DecodeParms << … >>`), whose end is not the stream dictionary's.
  const re = /\/Length (\d+)(?:<<[^>]*>>|[^>])*>>\s*stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const data = raw.slice(re.lastIndex, re.lastIndex + Number(m[1]));
    try {
      streams.push(inflateSync(Buffer.from(data, "latin1")).toString("latin1"));
    } catch {
      streams.push(data);
    }
  }
  const lines: string[] = [];
  for (const stream of streams) {
    for (const tj of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? "").join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}
