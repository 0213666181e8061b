import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../src/db/schema";
import { issueMarketplaceToken } from "../../src/modules/admin/marketplace";
import { client } from "../client";
import { createAccount } from "../factories";
import { STRONG_PASSWORD, startTestApp, type TestApp, uniqueEmail } from "../harness";

/**
 * The permission matrix of the dashboard API: every route the server registers under `/api`, called by each kind
 * of account, with the answer each must get. "ok" means the caller got past every permission check (the route may
 * still refuse the empty input with 300, or a made-up id with its not-found code); a code means exactly that
 * refusal. A route missing from the matrix fails the test, so a new route cannot skip its decision.
 */

type Answer = "ok" | "1023" | "3003" | "3133" | "3176";
type Principal = "ordinary" | "subOwnApp" | "subOtherApp" | "marketplace" | "admin";
type Row = Record<Principal, Answer>;

const PRINCIPALS: Principal[] = ["ordinary", "subOwnApp", "subOtherApp", "marketplace", "admin"];
const all = (answer: Answer): Row => ({
  ordinary: answer,
  subOwnApp: answer,
  subOtherApp: answer,
  marketplace: answer,
  admin: answer,
});

/** Routes of one app: the owner, its sub-account, a marketplace account on its own app and admins may. */
const APP_ROUTE: Row = { ...all("ok"), subOtherApp: "3003" };
/** Managing an app's sub-accounts is for the company's owner (admins included), not for the sub-account itself. */
const SUB_ACCOUNT_ROUTE: Row = { ...APP_ROUTE, subOwnApp: "1023", marketplace: "1023" };
/** Account settings, plans and billing belong to an ordinary company's owner. */
const OWNER_ROUTE: Row = { ...all("ok"), subOwnApp: "1023", subOtherApp: "1023", marketplace: "1023" };
const ADMIN_ROUTE: Row = { ...all("1023"), admin: "ok" };

/** Matched in order: the first pattern that matches a route decides its row. */
const MATRIX: [RegExp, Row | "open" | "not called"][] = [
  // Open to everyone: each proves the caller by its own input.
  [
    /^(GET|POST) \/api\/(health|status|openapi\.json|auth\/(signup|login|password\/reset.*|email\/.*|link\/login|contactus)|marketplace\/signup)$/,
    "open",
  ],
  // Ends the caller's own session: allowed to every account, tested in the auth tests.
  // Ends the caller's own sessions (all of them): allowed to every account, tested in the session tests.
  [/^(POST \/api\/auth\/logout|DELETE \/api\/auth\/sessions)$/, "not called"],
  // The caller's own sessions and its session state: every kind of account has them.
  [/ \/api\/auth\/sessions?(\/|$)/, all("ok")],
  [/^POST \/api\/auth\/password\/first$/, all("ok")],
  [/ \/api\/admin\//, ADMIN_ROUTE],
  [/ \/api\/(account|plans|billing)(\/|$)/, OWNER_ROUTE],
  [/^POST \/api\/apps$/, { ...all("ok"), subOwnApp: "1023", subOtherApp: "1023" }],
  [/^GET \/api\/apps$/, all("ok")],
  [/ \/api\/apps\/:id\/sub-accounts/, SUB_ACCOUNT_ROUTE],
  // A stream that never ends by itself, which `inject` would wait on for ever; it goes through the same app check,
  // and its owner, sub-account, other-app sub-account and stranger cases are tested over a real socket in
  // test/modules/live.
  [/^GET \/api\/apps\/:id\/events\/live$/, "not called"],
  // An app's data exports are for the account that owns it alone: not its sub-account, not an administrator.
  [/ \/api\/apps\/:id\/exports/, { ...APP_ROUTE, subOwnApp: "3133", admin: "3133" }],
  // So are its imports, which write its whole data.
  [/ \/api\/apps\/:id\/imports/, { ...APP_ROUTE, subOwnApp: "3176", admin: "3176" }],
  // Login-token signing secrets and revocation: whoever manages the app's API keys.
  [/ \/api\/apps\/:id\/login-signing\//, APP_ROUTE],
  [/ \/api\/apps\/:id(\/|$)/, APP_ROUTE],
  // The report of one app: its app id is in the path as `:appId`.
  [/ \/api\/metrics\/apps\/:appId/, APP_ROUTE],
  // A sub-account's figures go to its owner's report addresses.
  [/ \/api\/metrics\/emails$/, { ...all("ok"), subOwnApp: "1023", subOtherApp: "1023" }],
  // Totals of the caller's own apps (a sub-account's one app): the list of apps shows them to every kind.
  [/^GET \/api\/metrics\/apps$/, all("ok")],
  [/ \/api\/notifications/, all("ok")],
];

let t: TestApp;
let api: ReturnType<typeof client>;
const tokens = {} as Record<Principal, string>;
let appA = "";
let appB = "";
let appM = "";

beforeAll(async () => {
  const secret = "marketplace-test-secret-0123456789";
  t = await startTestApp({ env: { MARKETPLACE_SECRET: secret } });
  api = client(t.server);

  const owner = await createAccount(t);
  tokens.ordinary = owner.token;
  appA = (await api.post<{ app: { id: string } }>("/apps", { name: "A" }, owner.token)).body.app.id;
  appB = (await api.post<{ app: { id: string } }>("/apps", { name: "B" }, owner.token)).body.app.id;

  const subEmail = uniqueEmail("sub");
  await api.post(`/apps/${appA}/sub-accounts`, { email: subEmail }, owner.token);
  const link = new URL(/https?:\/\/\S+/.exec((await t.waitForMail(subEmail)).text)?.[0] ?? "").searchParams;
  const sub = await api.post<{ sessionToken: string }>("/auth/link/login", {
    userType: "subaccount",
    appId: appA,
    email: subEmail,
    token: link.get("sessiontoken"),
  });
  tokens.subOwnApp = sub.body.sessionToken;
  tokens.subOtherApp = sub.body.sessionToken;

  const marketEmail = uniqueEmail("market");
  const signup = await api.post<{ signInToken: string }>("/marketplace/signup", {
    name: "Market",
    contact: "01012345678",
    companyName: "Market Co",
    companyHomepage: "",
    companyAddress: { postalCode: "", address: "", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language: "en",
    token: issueMarketplaceToken(secret, {
      email: marketEmail,
      customerId: `c-${marketEmail}`,
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
  });
  tokens.marketplace = (
    await api.post<{ sessionToken: string }>("/auth/link/login", {
      userType: "marketplaceaccount",
      email: marketEmail,
      token: signup.body.signInToken,
    })
  ).body.sessionToken;
  appM = (await api.post<{ app: { id: string } }>("/apps", { name: "M" }, tokens.marketplace)).body.app.id;

  const admin = await createAccount(t);
  await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
  tokens.admin = (
    await api.post<{ sessionToken: string }>("/auth/login", { email: admin.email, password: STRONG_PASSWORD })
  ).body.sessionToken;

  // The bulk message area is behind its own flag; with it on everywhere, its routes answer by the app rule.
  await t.ctx.database.db.update(accounts).set({ noticeFeatureEnabled: true });
});
afterAll(() => t?.close());

const NONE = "00000000-0000-4000-8000-000000000000";

function appIdFor(principal: Principal): string {
  if (principal === "subOtherApp") return appB;
  if (principal === "marketplace") return appM;
  return appA;
}

describe("the dashboard API's permission matrix", () => {
  it("has a row for every route the server registers under /api", () => {
    const routes = t.routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
    const missing = routes
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !MATRIX.some(([pattern]) => pattern.test(key)));
    expect(routes.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  // Five calls for each of some three hundred routes: well within the default on a quiet machine, not on a busy one.
  it("answers each kind of account as the matrix says, on every route", { timeout: 120_000 }, async () => {
    const routes = t.routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const row = MATRIX.find(([pattern]) => pattern.test(key))?.[1];
      if (!row || row === "not called" || row === "open") continue;
      for (const principal of PRINCIPALS) {
        const url = route.url.replace(/:(id|appId)\b/, appIdFor(principal)).replace(/:[A-Za-z]+/g, NONE);
        const res = await t.server.inject({
          method: route.method as "GET",
          url,
          headers: { authorization: `Bearer ${tokens[principal]}` },
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        const expected = row[principal];
        const refused = code === "1001" || code === "1023" || code === "3003" || code === "3133";
        const ok = expected === "ok" ? !refused : code === expected;
        if (!ok) wrong.push(`${key} as ${principal}: expected ${expected}, got ${res.statusCode} ${code ?? ""}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers open routes without asking who calls", async () => {
    for (const principal of PRINCIPALS) {
      const res = await api.get("/health", tokens[principal]);
      expect(res.status).toBe(200);
    }
  });
});
