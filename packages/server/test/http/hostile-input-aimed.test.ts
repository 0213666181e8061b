import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../../src/app";
import {
  directedBodies,
  directedQueries,
  HUGE_NUMBER,
  LONE_SURROGATES,
  toJsonSchema,
  UNSTORABLE_BODIES,
} from "../hostile-values";
import {
  answerProblem,
  type Case,
  describeCase,
  MADE_UP_ID,
  paramNamesOf,
  type Sweep,
  send,
  startSweep,
  sweptRoutes,
  TRUNCATED_MULTIPART,
} from "./hostile-sweep";

/**
 * Aimed cases that reach each place of every route once: each text and record key with a lone surrogate, each query
 * parameter and id with numbers past bigint, each body with a truncated upload and an empty JSON body, each upload
 * with hostile file names, and a JSON body holding NUL or a lone surrogate on every route that parses a body. However
 * hostile the input, the server answers without a 5xx and with keyed field problems.
 */

let sweep: Sweep;

beforeAll(async () => {
  sweep = await startSweep();
}, 60_000);

afterAll(async () => {
  await sweep?.close();
});

describe("hostile input aimed at each place of every route", () => {
  it(
    "answers aimed cases on every route with no 5xx and keyed field problems: a lone surrogate in each text and record key, numbers past bigint in each query parameter and id, truncated uploads, empty JSON bodies",
    async () => {
      // This file's own server: no generated case has deleted, deactivated or signed out the fixture's users.
      const { fixture } = sweep;
      const failures: string[] = [];
      const check = async (
        route: RegisteredRoute,
        c: Case,
        label: string,
        expectation: (res: { statusCode: number; body: string }) => string | null = () => null,
      ) => {
        const res = await send(sweep.t, route, c);
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
      const routes = sweptRoutes(sweep.t).sort((a, b) => isLogout(a) - isLogout(b));

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
        const res = await sweep.t.server.inject({ method: "GET", url: new URL(url).pathname });
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
        const fixture = await sweep.prepareFixture();
        const key = await sweep.t.server.inject({
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
          const res = await sweep.t.server.inject({
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
      const routes = sweptRoutes(sweep.t)
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
            const res = await send(sweep.t, route, c);
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
