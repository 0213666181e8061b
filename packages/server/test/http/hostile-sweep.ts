import { errorCatalogue, isErrorCode } from "@parley/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../../src/app";
import { accounts } from "../../src/db/schema";
import { createChatApp } from "../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../harness";
import { asQueryValue, hostileObject, hostileValue, type JsonSchema, toJsonSchema } from "../hostile-values";
import { startTranslateReceiver } from "../translate-receiver";
import { workQueue } from "../webhooks-jobs";

/**
 * The hostile-input sweep's server, fixture, case generator and answer checks, shared by its test files
 * (test/http/hostile-input-*.test.ts). The sweep is several files so that its parts run on several workers at once; each
 * file starts its own server and database, so no part sees what another part's requests did.
 */

export const CASES_PER_ROUTE = 200;
/**
 * Cases per route whose refusal is checked for changes to the database: two reads of the change counts each (all 200
 * would add two thirds to the sweep's time).
 */
const CHECKED_FOR_CHANGES = 8;
const SEED = Number(process.env.HOSTILE_SEED ?? 20261121);
/** An id of the right shape that names nothing. */
export const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Left out: routes that end the caller's own sessions take no input and would sign the sweep out, the WebSocket's
 * input arrives in frames (the gateway tests send it hostile frames), and the live tail's accepted answer is a
 * stream that never ends, as are an API key's streams of live and webhook events (their malformed filters are tested
 * over a real connection in test/modules/live and test/modules/webhooks/listen.test.ts).
 */
const SKIPPED = new Set([
  "POST /api/auth/logout",
  "DELETE /api/auth/sessions",
  "GET /api/apps/:id/events/live",
  "GET /v1/events/live",
  "GET /v1/webhooks/listen",
]);

/** Refusals that change the database by design. */
const CHANGES_WHEN_REFUSED = new Set([
  // A wrong password counts towards the lock-out.
  "POST /api/auth/login",
]);

/** The real ids and credentials the cases use, so input gets past the access checks. */
export interface Fixture {
  real: Record<string, string>;
  credentials: Record<string, string>;
}

export interface Sweep {
  t: TestApp;
  /** The fixture made at start; the generated cases use its ids. */
  fixture: Fixture;
  /** A new account, app and users, for a part that must not meet what earlier requests deleted or signed out. */
  prepareFixture(): Promise<Fixture>;
  /** How many rows each table has had written so far, by table; a table never written is absent. */
  changeCounts(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startSweep(): Promise<Sweep> {
  // Outside services answer as they would, so their refusals are what the sweep sees rather than a dead network.
  const google = await startTranslateReceiver();
  // No background workers: nothing but the request under test writes while the database is compared.
  // The read cache on, as in production: tens of thousands of requests need not each read the same session.
  const t = await startTestApp({
    env: { ...ALLOW_LOOPBACK, JOBS_ENABLED: "false", TRANSLATE_BASE_URL: google.url, READ_CACHE_MS: "60000" },
  });
  const stopMail = await workQueue(t, "mail.send");
  const prepareFixture = () => prepareFixtureOn(t);
  const fixture = await prepareFixture();
  const tables = (
    await t.ctx.database.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => row.tablename);
  await countChanges(t, tables);
  const changeCounts = async () => {
    const rows = await t.ctx.database.query<{ name: string; n: string }>(`select name, n::text from ${CHANGES}`);
    return Object.fromEntries(rows.map((row) => [row.name, row.n]));
  };
  const close = async () => {
    await stopMail();
    await stopCountingChanges(t, tables);
    await t.close();
    await google.close();
  };
  return { t, fixture, prepareFixture, changeCounts, close };
}

/** Where the sweep's triggers count the rows each table has had written, by table. */
const CHANGES = "sweep_changes.counts";

/**
 * Counts every row written to `tables`, by table: each insert, delete and update that changes a row (one that sets the
 * values a row already holds is no change), and each truncate. Reading the counts is one small query, where hashing
 * every table's rows before and after a case took a third of the sweep's time.
 */
async function countChanges(t: TestApp, tables: string[]): Promise<void> {
  await t.ctx.database.exec(`
    create schema sweep_changes;
    create table ${CHANGES} (name text primary key, n bigint not null);
    create function sweep_changes.count() returns trigger language plpgsql as $$
    begin
      insert into ${CHANGES} values (tg_table_name, 1) on conflict (name) do update set n = counts.n + 1;
      return null;
    end $$;
    ${tables
      .map(
        (name) => `
    create trigger sweep_written after insert or delete on "${name}"
      for each row execute function sweep_changes.count();
    create trigger sweep_updated after update on "${name}"
      for each row when (old::text is distinct from new::text) execute function sweep_changes.count();
    create trigger sweep_truncated after truncate on "${name}"
      for each statement execute function sweep_changes.count();`,
      )
      .join("")}`);
}

/** Leaves the database as the template made it, so the worker's next file may have it. */
async function stopCountingChanges(t: TestApp, tables: string[]): Promise<void> {
  await t.ctx.database.exec(`
    ${tables
      .map(
        (name) => `
    drop trigger sweep_written on "${name}";
    drop trigger sweep_updated on "${name}";
    drop trigger sweep_truncated on "${name}";`,
      )
      .join("")}
    drop schema sweep_changes cascade;`);
}

/**
 * An account with the notice feature and an app, its API key, users `kim` (signed in, owning a channel) and `lee`,
 * a brand and a draft bulk message.
 */
async function prepareFixtureOn(t: TestApp): Promise<Fixture> {
  const chat = await createChatApp(t);
  await t.ctx.database.db
    .update(accounts)
    .set({ noticeFeatureEnabled: true })
    .where(eq(accounts.email, chat.owner.email));
  t.services.auth.forgetCachedSessions();
  const kim = await chat.user("kim");
  await chat.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  const notice = `/api/apps/${chat.appId}/notice`;
  const brand = await t.server.inject({
    method: "POST",
    url: `${notice}/brands`,
    headers: chat.dashboardAuth,
    payload: { name: "Brand", description: "News" },
  });
  const campaign = await t.server.inject({
    method: "POST",
    url: `${notice}/campaigns`,
    headers: chat.dashboardAuth,
    payload: {},
  });
  return {
    real: {
      id: chat.appId,
      appId: chat.appId,
      channelId: channel.id,
      userId: "kim",
      language: "en",
      brandId: brand.json().brand.id,
      campaignId: campaign.json().campaign.id,
    },
    credentials: { dashboard: chat.owner.token, apiKey: chat.apiKey, user: kim.sessionToken },
  };
}

/**
 * The parts the generated cases are split into, each its own test file, of about equal time: the dashboard API outside
 * an app (sign-up, account, billing, administration, the apps list), an app's channels, push and notice routes, the
 * rest of an app's dashboard routes, and the chat API.
 */
export type RouteGroup = "dashboard" | "app-messaging" | "app-settings" | "chat";

const APP_MESSAGING = /^\/api\/apps\/:id\/(channels|push|notice)\//;

export function groupOf(route: RegisteredRoute): RouteGroup {
  if (route.url.startsWith("/v1/")) return "chat";
  if (!route.url.startsWith("/api/apps/:id/")) return "dashboard";
  return APP_MESSAGING.test(route.url) ? "app-messaging" : "app-settings";
}

/** Every dashboard and chat API route the server registers, but those left out above. */
export function sweptRoutes(t: TestApp): RegisteredRoute[] {
  return t.routes.filter(
    (r) =>
      (r.url.startsWith("/api/") || r.url.startsWith("/v1/")) &&
      r.method !== "HEAD" &&
      r.method !== "OPTIONS" &&
      !r.websocket &&
      !SKIPPED.has(`${r.method} ${r.url}`),
  );
}

/** An upload whose body breaks off inside the file: what a dropped connection leaves. */
export const TRUNCATED_MULTIPART =
  '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a fi';

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
  { raw: TRUNCATED_MULTIPART, type: "multipart/form-data; boundary=b" },
);

export interface Case {
  params: Record<string, unknown>;
  query: Record<string, unknown> | null;
  body: { json: unknown } | { raw: string; type: string } | null;
  credential: string;
}

export const paramNamesOf = (route: RegisteredRoute) => [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

function caseArbitrary(route: RegisteredRoute, { real, credentials }: Fixture): fc.Arbitrary<Case> {
  const paramNames = paramNamesOf(route);
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

export async function send(t: TestApp, route: RegisteredRoute, c: Case) {
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

export function describeCase(route: RegisteredRoute, c: Case, status: number, body: string): string {
  const shown = JSON.stringify(c, (_k, v) => (typeof v === "string" && v.length > 120 ? `${v.slice(0, 120)}…` : v));
  return `${route.method} ${route.url} answered ${status} ${body.slice(0, 300)} to ${shown}`;
}

/**
 * What is wrong with an answer, or null: a 5xx, a refusal without the envelope, a code outside the catalogue or
 * with another status, or a field problem worded by zod rather than keyed for the forms to localize.
 */
export function answerProblem(res: { statusCode: number; body: string }): string | null {
  if (res.statusCode >= 500) return "server error";
  if (res.statusCode < 400) return null;
  let envelope: { code?: unknown; data?: { fields?: { message?: unknown }[] } };
  try {
    envelope = JSON.parse(res.body);
  } catch {
    return "refusal without a JSON envelope";
  }
  const { code } = envelope;
  if (!isErrorCode(code)) return "refusal without a catalogue code";
  if (errorCatalogue[code].status !== res.statusCode) return "status differs from catalogue";
  const unkeyed = (envelope.data?.fields ?? []).filter((f) => !/^VALIDATION_/.test(String(f.message)));
  if ((code === "300" || code === "301") && unkeyed.length) return "field problem without a VALIDATION key";
  return null;
}

/**
 * Sends CASES_PER_ROUTE generated cases to each route of a group, in the server's order, and returns what went
 * wrong: a 5xx, a refusal without a catalogue code, or a refused request that changed the database.
 */
export async function sweepGenerated(sweep: Sweep, group: RouteGroup): Promise<string[]> {
  const failures: string[] = [];
  for (const route of sweptRoutes(sweep.t).filter((r) => groupOf(r) === group)) {
    const key = `${route.method} ${route.url}`;
    let index = 0;
    await fc
      .assert(
        fc.asyncProperty(caseArbitrary(route, sweep.fixture), async (c) => {
          const compare = index++ < CHECKED_FOR_CHANGES && !CHANGES_WHEN_REFUSED.has(key);
          const before = compare ? await sweep.changeCounts() : null;
          const res = await send(sweep.t, route, c);
          const problem = (what: string) => `${what}: ${describeCase(route, c, res.statusCode, res.body)}`;
          const wrong = answerProblem(res);
          if (wrong) throw new Error(problem(wrong));
          if (res.statusCode >= 400 && before) {
            const after = await sweep.changeCounts();
            const names = new Set([...Object.keys(before), ...Object.keys(after)]);
            const changed = [...names].filter((name) => before[name] !== after[name]);
            if (changed.length) throw new Error(problem(`refused but changed ${changed.join(", ")}`));
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
  return failures;
}

/**
 * One part of the sweep as a test file declares it: a server for the file, and the generated cases of `group`'s
 * routes in one test; `more` adds tests of the file's own on the same server.
 */
export function describeSweep(group: RouteGroup, title: string, more?: (sweep: () => Sweep) => void): void {
  let sweep: Sweep | undefined;
  const current = () => {
    if (!sweep) throw new Error("the sweep's server has not started");
    return sweep;
  };
  beforeAll(async () => {
    sweep = await startSweep();
  }, 60_000);
  afterAll(async () => {
    await sweep?.close();
  });
  describe(title, () => {
    more?.(current);
    it(
      `answers ${CASES_PER_ROUTE} generated cases a route with no 5xx, a catalogue code on every refusal, and no change from a refused request`,
      async () => {
        expect(await sweepGenerated(current(), group)).toEqual([]);
      },
      15 * 60_000,
    );
  });
}
