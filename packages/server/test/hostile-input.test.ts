import { errorCatalogue, isErrorCode } from "@parley/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../src/app";
import { accounts } from "../src/db/schema";
import { chatApp } from "./chat-client";
import { startTestApp, type TestApp } from "./harness";
import { asQueryValue, hostileObject, hostileValue, type JsonSchema, toJsonSchema } from "./hostile-values";
import { startTranslateReceiver, type TranslateReceiver } from "./translate-receiver";
import { workQueue } from "./webhooks-jobs";

/**
 * Every route of the dashboard API and the chat API, sent generated input derived from its contract schemas: values
 * on and past each boundary, of the wrong type, nasty strings, unknown keys, malformed bodies, made-up ids and
 * credentials. However hostile the input, the server answers without a 5xx, every refusal carries a catalogue code
 * with its catalogue status, and a refused request changes nothing in the database.
 */

const CASES_PER_ROUTE = 200;
/** Cases per route whose database state is compared before and after (the comparison reads every table). */
const CHECKED_FOR_CHANGES = 4;
const SEED = Number(process.env.HOSTILE_SEED ?? 20261121);

/**
 * Left out: routes that end the caller's own sessions take no input and would sign the sweep out, and the
 * WebSocket's input arrives in frames (the gateway tests send it hostile frames).
 */
const SKIPPED = new Set(["POST /api/auth/logout", "DELETE /api/auth/sessions"]);

/** Refusals that change the database by design. */
const CHANGES_WHEN_REFUSED = new Set([
  // A wrong password counts towards the lock-out.
  "POST /api/auth/login",
]);

let t: TestApp;
let google: TranslateReceiver;
let stopMail: () => Promise<void>;
const real: Record<string, string> = {};
const credentials: Record<string, string> = {};
let tables: string[] = [];

beforeAll(async () => {
  // Outside services answer as they would, so their refusals are what the sweep sees rather than a dead network.
  google = await startTranslateReceiver();
  // No background workers: nothing but the request under test writes while the database is compared.
  // The read cache on, as in production: tens of thousands of requests need not each read the same session.
  t = await startTestApp({ env: { JOBS_ENABLED: "false", TRANSLATE_BASE_URL: google.url, READ_CACHE_MS: "60000" } });
  stopMail = await workQueue(t, "mail.send");
  const chat = await chatApp(t);
  await t.ctx.database.db
    .update(accounts)
    .set({ noticeFeatureEnabled: true })
    .where(eq(accounts.email, chat.owner.email));
  t.services.auth.forgetCachedSessions();
  const kim = await chat.user("kim");
  await chat.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  Object.assign(real, { id: chat.appId, appId: chat.appId, channelId: channel.id, userId: "kim", language: "en" });
  Object.assign(credentials, { dashboard: chat.owner.token, apiKey: chat.apiKey, user: kim.sessionToken });
  tables = (
    await t.ctx.database.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => row.tablename);
}, 60_000);

afterAll(async () => {
  await stopMail?.();
  await t?.close();
  await google?.close();
});

/** One digest per table of everything it holds. */
async function fingerprint(): Promise<Record<string, string>> {
  const columns = tables.map(
    // A sum of row hashes: no sort, no string building, and any added, removed or changed row moves it.
    (name) => `(select coalesce(sum(hashtextextended(t::text, 0)), 0)::text from "${name}" t) as "${name}"`,
  );
  const [row] = await t.ctx.database.query<Record<string, string>>(`select ${columns.join(", ")}`);
  return row ?? {};
}

const junkBodies = fc.constantFrom(
  { raw: '{"a":', type: "application/json" },
  { raw: "", type: "application/json" },
  { raw: "null", type: "application/json" },
  { raw: '"text"', type: "application/json" },
  { raw: "[1,2,3]", type: "application/json" },
  { raw: '{"__proto__":{"isAdmin":true}}', type: "application/json" },
  { raw: `${"[".repeat(5000)}${"]".repeat(5000)}`, type: "application/json" },
  { raw: "name=x&email=y", type: "application/x-www-form-urlencoded" },
  { raw: "plain words", type: "text/plain" },
  {
    raw: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--b--',
    type: "multipart/form-data; boundary=b",
  },
);

interface Case {
  params: Record<string, unknown>;
  query: Record<string, unknown> | null;
  body: { json: unknown } | { raw: string; type: string } | null;
  credential: string;
}

function caseArbitrary(route: RegisteredRoute): fc.Arbitrary<Case> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const paramsSchema = toJsonSchema(route.schema.params);
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => {
        const fitting = real[name];
        const hostile = hostileValue(paramsSchema?.properties?.[name] ?? { type: "string" });
        return [
          name,
          fitting
            ? fc.oneof({ weight: 3, arbitrary: fc.constant(fitting) }, { weight: 2, arbitrary: hostile }, fc.uuid())
            : fc.oneof(hostile, fc.uuid()),
        ];
      }),
    ),
  );
  const querySchema = toJsonSchema(route.schema.querystring);
  const query = querySchema
    ? fc.oneof({ weight: 6, arbitrary: hostileObject(querySchema) }, fc.constant(null))
    : fc.option(
        fc.dictionary(fc.constantFrom("limit", "cursor", "q", "x"), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
      );
  const bodySchema: JsonSchema | null = toJsonSchema(route.schema.body);
  const sendsBody = route.method !== "GET" && route.method !== "DELETE";
  const body = sendsBody
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: (bodySchema ? hostileValue(bodySchema) : hostileValue(undefined)).map((json) => ({ json })),
        },
        { weight: 1, arbitrary: junkBodies },
        { weight: 1, arbitrary: fc.constant(null) },
      )
    : fc.constant(null);
  const credential = route.url.startsWith("/v1/")
    ? fc.constantFrom(credentials.apiKey, credentials.user, credentials.user, "", "pcs_forged", "psk_forged")
    : fc.constantFrom(credentials.dashboard, credentials.dashboard, credentials.dashboard, "", "forged-session");
  return fc.record({ params, query, body, credential }) as fc.Arbitrary<Case>;
}

/** Percent-encoding; a lone surrogate, which has no UTF-8, goes as the bytes a careless client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

function urlOf(route: RegisteredRoute, c: Case): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encode(asQueryValue(c.params[name])));
  if (!c.query) return path;
  const text = Object.entries(c.query)
    .map(([key, value]) => `${encode(key)}=${encode(asQueryValue(value))}`)
    .join("&");
  return text ? `${path}?${text}` : path;
}

async function send(route: RegisteredRoute, c: Case) {
  const headers: Record<string, string> = c.credential ? { authorization: `Bearer ${c.credential}` } : {};
  let payload: string | undefined;
  if (c.body && "json" in c.body) {
    payload = JSON.stringify(c.body.json) ?? "null";
    headers["content-type"] = "application/json";
  } else if (c.body) {
    payload = c.body.raw;
    headers["content-type"] = c.body.type;
  }
  return t.server.inject({
    method: route.method as "GET",
    url: urlOf(route, c),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

function describeCase(route: RegisteredRoute, c: Case, status: number, body: string): string {
  const shown = JSON.stringify(c, (_k, v) => (typeof v === "string" && v.length > 120 ? `${v.slice(0, 120)}…` : v));
  return `${route.method} ${route.url} answered ${status} ${body.slice(0, 300)} to ${shown}`;
}

function sweptRoutes(): RegisteredRoute[] {
  return t.routes.filter(
    (r) =>
      (r.url.startsWith("/api/") || r.url.startsWith("/v1/")) &&
      r.method !== "HEAD" &&
      r.method !== "OPTIONS" &&
      !r.websocket &&
      !SKIPPED.has(`${r.method} ${r.url}`),
  );
}

describe("hostile input on every route", () => {
  it("sweeps every dashboard and chat API route the server registers", () => {
    const routes = sweptRoutes();
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.some((r) => r.url.startsWith("/v1/"))).toBe(true);
  });

  it(
    `answers ${CASES_PER_ROUTE} generated cases a route with no 5xx, a catalogue code on every refusal, and no change from a refused request`,
    async () => {
      const failures: string[] = [];
      for (const route of sweptRoutes()) {
        const key = `${route.method} ${route.url}`;
        let index = 0;
        await fc
          .assert(
            fc.asyncProperty(caseArbitrary(route), async (c) => {
              const compare = index++ < CHECKED_FOR_CHANGES && !CHANGES_WHEN_REFUSED.has(key);
              const before = compare ? await fingerprint() : null;
              const res = await send(route, c);
              const problem = (what: string) => `${what}: ${describeCase(route, c, res.statusCode, res.body)}`;
              if (res.statusCode >= 500) throw new Error(problem("server error"));
              if (res.statusCode >= 400) {
                let code: unknown;
                try {
                  code = JSON.parse(res.body).code;
                } catch {
                  throw new Error(problem("refusal without a JSON envelope"));
                }
                if (!isErrorCode(code)) throw new Error(problem("refusal without a catalogue code"));
                if (errorCatalogue[code].status !== res.statusCode)
                  throw new Error(problem("status differs from catalogue"));
                if (before) {
                  const after = await fingerprint();
                  const changed = tables.filter((name) => before[name] !== after[name]);
                  if (changed.length) throw new Error(problem(`refused but changed ${changed.join(", ")}`));
                }
              }
            }),
            { numRuns: CASES_PER_ROUTE, seed: SEED, endOnFailure: true },
          )
          .catch((err: Error) => {
            // fast-check keeps the property's own error as the cause; its message names the route and the case.
            const cause = err.cause instanceof Error ? err.cause.message : err.message;
            failures.push(cause.slice(0, 600));
          });
      }
      expect(failures).toEqual([]);
    },
    15 * 60_000,
  );
});
