import { errorCatalogue, isErrorCode } from "@parley/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../../src/app";
import { accounts } from "../../src/db/schema";
import { createChatApp } from "../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../harness";
import {
  asQueryValue,
  directedBodies,
  directedQueries,
  HUGE_NUMBER,
  hostileObject,
  hostileValue,
  type JsonSchema,
  LONE_SURROGATES,
  toJsonSchema,
  UNSTORABLE_BODIES,
} from "../hostile-values";
import { startTranslateReceiver, type TranslateReceiver } from "../translate-receiver";
import { workQueue } from "../webhooks-jobs";

/**
 * Every route of the dashboard API and the chat API, sent generated input derived from its contract schemas: values
 * on and past each boundary, of the wrong type, nasty strings, unknown keys, malformed bodies, made-up ids and
 * credentials. However hostile the input, the server answers without a 5xx, every refusal carries a catalogue code
 * with its catalogue status and every field problem a VALIDATION key, and a refused request changes nothing in the
 * database. Aimed cases then reach each place of every route once: each text and record key with a lone surrogate,
 * each query parameter and id with numbers past bigint, each body with a truncated upload and an empty JSON body.
 */

const CASES_PER_ROUTE = 200;
/** Cases per route whose database state is compared before and after (the comparison reads every table). */
const CHECKED_FOR_CHANGES = 4;
const SEED = Number(process.env.HOSTILE_SEED ?? 20261121);
/** An id of the right shape that names nothing. */
const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

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
  t = await startTestApp({
    env: { ...ALLOW_LOOPBACK, JOBS_ENABLED: "false", TRANSLATE_BASE_URL: google.url, READ_CACHE_MS: "60000" },
  });
  stopMail = await workQueue(t, "mail.send");
  const fixture = await prepareFixture();
  Object.assign(real, fixture.real);
  Object.assign(credentials, fixture.credentials);
  tables = (
    await t.ctx.database.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => row.tablename);
}, 60_000);

/**
 * An account with the notice feature and an app, its API key, users `kim` (signed in, owning a channel) and `lee`,
 * a brand and a draft bulk message: the real ids and credentials the cases use, so input gets past the access checks.
 */
async function prepareFixture() {
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
    } as Record<string, string>,
    credentials: { dashboard: chat.owner.token, apiKey: chat.apiKey, user: kim.sessionToken } as Record<string, string>,
  };
}

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

/** An upload whose body breaks off inside the file: what a dropped connection leaves. */
const TRUNCATED_MULTIPART =
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

interface Case {
  params: Record<string, unknown>;
  query: Record<string, unknown> | null;
  body: { json: unknown } | { raw: string; type: string } | null;
  credential: string;
}

const paramNamesOf = (route: RegisteredRoute) => [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

function caseArbitrary(route: RegisteredRoute): fc.Arbitrary<Case> {
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

/**
 * What is wrong with an answer, or null: a 5xx, a refusal without the envelope, a code outside the catalogue or
 * with another status, or a field problem worded by zod rather than keyed for the forms to localize.
 */
function answerProblem(res: { statusCode: number; body: string }): string | null {
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
              const wrong = answerProblem(res);
              if (wrong) throw new Error(problem(wrong));
              if (res.statusCode >= 400) {
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

  it(
    "answers aimed cases on every route with no 5xx and keyed field problems: a lone surrogate in each text and record key, numbers past bigint in each query parameter and id, truncated uploads, empty JSON bodies",
    async () => {
      // A fresh app: the generated cases may have deleted, deactivated or signed out the first one's users.
      const fixture = await prepareFixture();
      const failures: string[] = [];
      const check = async (
        route: RegisteredRoute,
        c: Case,
        label: string,
        expectation: (res: { statusCode: number; body: string }) => string | null = () => null,
      ) => {
        const res = await send(route, c);
        const wrong = answerProblem(res) ?? expectation(res);
        if (wrong)
          failures.push(`${wrong}, ${label}: ${describeCase(route, c, res.statusCode, res.body)}`.slice(0, 600));
      };
      const fittingParams = (route: RegisteredRoute) =>
        Object.fromEntries(paramNamesOf(route).map((name) => [name, fixture.real[name] ?? MADE_UP_ID]));
      const credentialsOf = (route: RegisteredRoute) =>
        route.url.startsWith("/v1/")
          ? [fixture.credentials.user as string, fixture.credentials.apiKey as string]
          : [fixture.credentials.dashboard as string];
      const refusesUnstorable = (res: { statusCode: number }) =>
        res.statusCode < 400 ? "accepted text that no database column can store" : null;

      const madeUpParams = (route: RegisteredRoute) =>
        Object.fromEntries(paramNamesOf(route).map((name) => [name, MADE_UP_ID]));
      // Signing out goes last, so every case before it still has its session.
      const isLogout = (route: RegisteredRoute) => Number(route.url.endsWith("/logout"));
      const routes = sweptRoutes().sort((a, b) => isLogout(a) - isLogout(b));

      for (const route of routes) {
        const params = fittingParams(route);
        const bodySchema = route.method === "GET" || route.method === "DELETE" ? null : toJsonSchema(route.schema.body);
        const querySchema = toJsonSchema(route.schema.querystring);
        for (const credential of credentialsOf(route)) {
          for (const aimed of bodySchema ? directedBodies(bodySchema) : []) {
            const c: Case = { params, query: null, body: { json: aimed.value }, credential };
            await check(route, c, aimed.label, aimed.unstorable ? refusesUnstorable : undefined);
          }
          for (const aimed of querySchema ? directedQueries(querySchema) : []) {
            await check(route, { params, query: aimed.query, body: null, credential }, aimed.label);
          }
          for (const name of paramNamesOf(route)) {
            for (const value of [HUGE_NUMBER, LONE_SURROGATES[0]]) {
              const c: Case = { params: { ...params, [name]: value }, query: null, body: null, credential };
              await check(route, c, `${value} as :${name}`);
            }
          }
        }
      }

      // Made-up ids except at upload routes: a body is parsed before any lookup, so the answer still shows how the
      // body was taken, while an action that ignores its body (deactivating a user) finds nothing to act on.
      const takesBody = (route: RegisteredRoute) => ["POST", "PUT", "PATCH"].includes(route.method);
      const multipart = (raw: string): Case["body"] => ({ raw, type: "multipart/form-data; boundary=b" });
      const file = (name: string) =>
        `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n`;
      const nulCaption = `--b\r\nContent-Disposition: form-data; name="caption"\r\n\r\na\u0000b\r\n${file("a.txt")}`;
      const fileUrls: string[] = [];
      // A stored upload must be reachable by the URL it was given, whatever its name was: checked after the uploads.
      const keepFileUrl = (res: { statusCode: number; body: string }) => {
        const url =
          res.statusCode < 300
            ? (JSON.parse(res.body) as { message?: { file?: { url?: string } } }).message?.file?.url
            : undefined;
        if (url) fileUrls.push(url);
        return null;
      };
      for (const route of routes.filter(takesBody)) {
        const params = route.multipart ? fittingParams(route) : madeUpParams(route);
        for (const credential of credentialsOf(route)) {
          const truncated: Case = { params, query: null, body: multipart(TRUNCATED_MULTIPART), credential };
          await check(route, truncated, "truncated upload", (res) =>
            route.multipart && res.statusCode < 400 ? "accepted a truncated upload" : null,
          );
          if (!route.multipart) continue;
          await check(
            route,
            { params, query: null, body: multipart(nulCaption), credential },
            "NUL in a field",
            (res) => (res.statusCode < 400 ? "accepted a field no database column can store" : null),
          );
          for (const name of [`${"가".repeat(150)}.txt`, "a\u0000b.txt", "..", `${"😀".repeat(60)}.png`]) {
            await check(
              route,
              { params, query: null, body: multipart(file(name)), credential },
              "a hostile file name",
              keepFileUrl,
            );
          }
        }
      }

      for (const url of fileUrls) {
        const res = await t.server.inject({ method: "GET", url: new URL(url).pathname });
        if (res.statusCode !== 200)
          failures.push(`stored upload not downloadable: GET ${url} answered ${res.statusCode}`);
      }

      for (const route of routes.filter((route) => takesBody(route) || route.method === "DELETE")) {
        const hasBody = Boolean(route.schema.body);
        const emptyBodyTaken = (res: { statusCode: number; body: string }) => {
          if (route.multipart || res.statusCode !== 400) return null;
          const { code, data } = JSON.parse(res.body) as { code: string; data?: { fields?: { path: string }[] } };
          const fields = data?.fields ?? [];
          if (hasBody) {
            // A made-up id may be refused first (300 naming that parameter); the body itself must be missing.
            const malformed = code === "300" && (fields.length === 0 || fields.some((f) => f.path === ""));
            return malformed ? "an empty body taken as malformed rather than missing" : null;
          }
          return (code === "300" || code === "301") && fields.length === 0
            ? "an empty JSON body refused on a route that takes none"
            : null;
        };
        for (const credential of credentialsOf(route)) {
          const body = { raw: "", type: "application/json" };
          await check(
            route,
            { params: madeUpParams(route), query: null, body, credential },
            "empty JSON body",
            emptyBodyTaken,
          );
        }
      }
      expect(failures).toEqual([]);
    },
    10 * 60_000,
  );

  it(
    "answers a JSON body holding NUL or a lone surrogate, in a value or a key, with no 5xx on every route that parses a body, those that take none included",
    async () => {
      /** A fixture with one more API key, so that revoking a key has a real one to revoke. */
      const freshFixture = async () => {
        const fixture = await prepareFixture();
        const key = await t.server.inject({
          method: "POST",
          url: `/api/apps/${fixture.real.id}/api-keys`,
          headers: { authorization: `Bearer ${fixture.credentials.dashboard}` },
          payload: { label: "spare" },
        });
        const real: Record<string, string> = { ...fixture.real, keyId: key.json().apiKey.id };
        return { ...fixture, real };
      };
      /**
       * Whether the last route left the fixture usable: a route that takes no body acts on the real ids it is given
       * (deletes the app, deactivates kim), and the next routes must reach their handlers to prove anything.
       */
      const isIntact = async ({ real: ids, credentials: creds }: Awaited<ReturnType<typeof freshFixture>>) => {
        const probes = [
          { url: `/api/apps/${ids.id}`, credential: creds.dashboard },
          { url: `/api/apps/${ids.id}/notice/brands/${ids.brandId}`, credential: creds.dashboard },
          { url: `/api/apps/${ids.id}/notice/campaigns/${ids.campaignId}`, credential: creds.dashboard },
          { url: `/v1/channels/${ids.channelId}`, credential: creds.user },
          { url: `/v1/users/${ids.userId}`, credential: creds.apiKey },
        ];
        for (const probe of probes) {
          const res = await t.server.inject({
            method: "GET",
            url: probe.url,
            headers: { authorization: `Bearer ${probe.credential}` },
          });
          if (res.statusCode !== 200) return false;
        }
        return true;
      };
      // Fastify parses no body of a GET or a HEAD; signing out goes last, so every case before it has its session.
      const isLogout = (route: RegisteredRoute) => Number(route.url.endsWith("/logout"));
      const routes = sweptRoutes()
        .filter((route) => route.method !== "GET" && !route.multipart)
        .sort((a, b) => isLogout(a) - isLogout(b));
      const failures: string[] = [];
      let fixture = await freshFixture();
      for (const route of routes) {
        const params = Object.fromEntries(paramNamesOf(route).map((name) => [name, fixture.real[name] ?? MADE_UP_ID]));
        const credentials = route.url.startsWith("/v1/")
          ? [fixture.credentials.user as string, fixture.credentials.apiKey as string]
          : [fixture.credentials.dashboard as string];
        for (const credential of credentials) {
          for (const aimed of UNSTORABLE_BODIES) {
            const c: Case = { params, query: null, body: { json: aimed.json }, credential };
            const res = await send(route, c);
            const wrong = answerProblem(res);
            if (wrong) failures.push(`${wrong}, ${aimed.label}: ${describeCase(route, c, res.statusCode, res.body)}`);
          }
        }
        if (!(await isIntact(fixture))) fixture = await freshFixture();
      }
      expect(failures.map((failure) => failure.slice(0, 600))).toEqual([]);
    },
    10 * 60_000,
  );
});
