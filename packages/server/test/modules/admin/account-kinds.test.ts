import {
  PRIVACY_VERSION,
  type TCompanyDetail,
  type TCompanyPage,
  TERMS_VERSION,
  type TLinkLoginResponse,
  type TSubAccount,
  V,
} from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/db/schema";
import { issueMarketplaceToken } from "../../../src/modules/admin/marketplace";
import { v1 } from "../../chat-client";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { STRONG_PASSWORD, startTestApp, type TestApp, uniqueEmail } from "../../harness";
import { eventually } from "../../poll";

const SECRET = "marketplace-test-secret-0123456789";
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ env: { MARKETPLACE_SECRET: SECRET } });
  api = client(t.server);
});
afterAll(() => t?.close());

const del = (url: string, token: string) =>
  t.server
    .inject({ method: "DELETE", url: `/api${url}`, headers: { authorization: `Bearer ${token}` } })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

/** The sign-in link of the newest invitation mailed to `email`, as its query. */
async function invitationLink(email: string): Promise<URLSearchParams> {
  const mail = await t.waitForMail(email, /sub-account|하위 계정/);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no link in the invitation");
  return new URL(link).searchParams;
}

async function linkLogin(query: URLSearchParams) {
  return api.post<TLinkLoginResponse>("/auth/link/login", {
    userType: query.get("usertype"),
    appId: query.get("appid") ?? undefined,
    token: query.get("sessiontoken"),
    email: query.get("useremail"),
  });
}

describe("sub-accounts", () => {
  it("invites by email, signs in by the link once, sets a first password and then logs in normally", async () => {
    const owner = await createChatApp(t);
    const email = uniqueEmail("sub");
    const created = await api.post<{ subAccount: TSubAccount }>(
      `/apps/${owner.appId}/sub-accounts`,
      { email },
      owner.owner.token,
    );
    expect(created.body.subAccount).toMatchObject({ email, status: "invited", lastLoginAt: null });
    const query = await invitationLink(email);
    expect(query.get("usertype")).toBe("subaccount");
    expect(query.get("appid")).toBe(owner.appId);

    const session = await linkLogin(query);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      userType: "subaccount",
      subAccountAppId: owner.appId,
      passwordRequired: true,
    });
    expect((await linkLogin(query)).body.code).toBe("1026");

    const token = session.body.sessionToken;
    const first = await api.post("/auth/password/first", { password: STRONG_PASSWORD }, token);
    expect(first.body).toMatchObject({ userType: "subaccount", sessionToken: token });
    expect((await api.post("/auth/password/first", { password: STRONG_PASSWORD }, token)).body.code).toBe("1028");
    const login = await api.post("/auth/login", { email, password: STRONG_PASSWORD });
    expect(login.body).toMatchObject({ userType: "subaccount" });

    const list = await api.get<{ subAccounts: TSubAccount[] }>(`/apps/${owner.appId}/sub-accounts`, owner.owner.token);
    expect(list.body.subAccounts).toEqual([expect.objectContaining({ email, status: "active", linkExpiresAt: null })]);
    expect(list.body.subAccounts[0]?.lastLoginAt).not.toBeNull();
  });

  it("sees only its own app: other apps 3003, creating apps and managing sub-accounts 1023", async () => {
    const owner = await createChatApp(t);
    const second = await api.post<{ app: { id: string } }>("/apps", { name: "Second" }, owner.owner.token);
    const email = uniqueEmail("sub");
    await api.post(`/apps/${owner.appId}/sub-accounts`, { email }, owner.owner.token);
    const token = (await linkLogin(await invitationLink(email))).body.sessionToken;

    const apps = await api.get<{ apps: { id: string }[] }>("/apps", token);
    expect(apps.body.apps.map((a) => a.id)).toEqual([owner.appId]);
    expect((await api.get(`/apps/${owner.appId}`, token)).status).toBe(200);
    expect((await api.get(`/apps/${second.body.app.id}`, token)).body.code).toBe("3003");
    expect((await api.post("/apps", { name: "Mine" }, token)).body.code).toBe("1023");
    expect((await api.get(`/apps/${owner.appId}/sub-accounts`, token)).body.code).toBe("1023");
    expect((await api.get("/plans/current", token)).body.code).toBe("1023");
    expect((await api.get("/account", token)).body.code).toBe("1023");
  });

  it("makes an earlier link useless on resend, refuses an expired link with 1027, and ends access on revoke", async () => {
    const owner = await createChatApp(t);
    const email = uniqueEmail("sub");
    const created = await api.post<{ subAccount: TSubAccount }>(
      `/apps/${owner.appId}/sub-accounts`,
      { email },
      owner.owner.token,
    );
    const id = created.body.subAccount.id;
    const firstLink = await invitationLink(email);
    const resend = async (previous: URLSearchParams) => {
      await api.post(`/apps/${owner.appId}/sub-accounts/${id}/resend`, {}, owner.owner.token);
      return eventually(async () => {
        const link = await invitationLink(email);
        return link.get("sessiontoken") !== previous.get("sessiontoken") ? link : undefined;
      }, "a new invitation");
    };
    const secondLink = await resend(firstLink);
    expect((await linkLogin(firstLink)).body.code).toBe("1026");

    const realNow = t.clock.now();
    t.clock.set(new Date(realNow.getTime() + 25 * 60 * 60 * 1000));
    try {
      expect((await linkLogin(secondLink)).body.code).toBe("1027");
    } finally {
      t.clock.set(new Date());
    }

    const other = await createChatApp(t);
    expect((await del(`/apps/${owner.appId}/sub-accounts/${id}`, other.owner.token)).body.code).toBe("3003");
    expect((await del(`/apps/${owner.appId}/sub-accounts/${id}`, owner.owner.token)).status).toBe(200);
    const after = await api.get<{ subAccounts: TSubAccount[] }>(`/apps/${owner.appId}/sub-accounts`, owner.owner.token);
    expect(after.body.subAccounts).toEqual([]);
    expect((await del(`/apps/${owner.appId}/sub-accounts/${id}`, owner.owner.token)).body.code).toBe("3061");
  });

  it("refuses an email that already has an account with 1003", async () => {
    const owner = await createChatApp(t);
    const taken = await createAccount(t);
    const res = await api.post(`/apps/${owner.appId}/sub-accounts`, { email: taken.email }, owner.owner.token);
    expect(res.body.code).toBe("1003");
  });
});

describe("marketplace accounts", () => {
  const profile = {
    name: "Mina Choi",
    contact: "01055556666",
    companyName: "Cloud Buyer",
    companyHomepage: "",
    companyAddress: { postalCode: "", address: "", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language: "en",
  };
  const token = (claims: { email: string; customerId: string; exp?: number }, secret = SECRET) =>
    issueMarketplaceToken(secret, { exp: Math.floor(t.clock.now().getTime() / 1000) + 3600, ...claims });

  it("signs up with a signed token, signs in by link and is never held to the trial", async () => {
    const email = uniqueEmail("market");
    const signup = await api.post<{ email: string; signInToken: string }>("/marketplace/signup", {
      ...profile,
      token: token({ email, customerId: `c-${email}` }),
    });
    expect(signup.status).toBe(200);
    const session = await api.post<TLinkLoginResponse>("/auth/link/login", {
      userType: "marketplaceaccount",
      email,
      token: signup.body.signInToken,
    });
    expect(session.body).toMatchObject({ userType: "marketplaceaccount", passwordRequired: false });
    const sessionToken = session.body.sessionToken;
    expect((await api.get("/plans/current", sessionToken)).body.code).toBe("1023");
    expect((await api.get("/account", sessionToken)).body.code).toBe("1023");

    const app = await api.post<{ app: { id: string } }>("/apps", { name: "Market app" }, sessionToken);
    const key = await api.post<{ secret: string }>(`/apps/${app.body.app.id}/api-keys`, { label: "s" }, sessionToken);
    const realNow = t.clock.now();
    t.clock.set(new Date(realNow.getTime() + 60 * 86_400_000));
    try {
      const created = await v1(t.server, key.body.secret).post("/users", { userId: "u1", nickname: "U1" });
      expect(created.status).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it("answers 9003 for a bad signature or an expired token, 9002 for the same customer, 9001 for a taken email", async () => {
    const email = uniqueEmail("market");
    const forged = token({ email, customerId: "c-forged" }, "another-secret-0123456789abcdef");
    expect((await api.post("/marketplace/signup", { ...profile, token: forged })).body.code).toBe("9003");
    const expired = token({ email, customerId: "c-old", exp: Math.floor(t.clock.now().getTime() / 1000) - 1 });
    expect((await api.post("/marketplace/signup", { ...profile, token: expired })).body.code).toBe("9003");
    expect((await api.post("/marketplace/signup", { ...profile, token: "not-a-token" })).body.code).toBe("9003");

    const customerId = `c-${email}`;
    expect((await api.post("/marketplace/signup", { ...profile, token: token({ email, customerId }) })).status).toBe(
      200,
    );
    const again = await api.post("/marketplace/signup", {
      ...profile,
      token: token({ email: uniqueEmail("m"), customerId }),
    });
    expect(again.body.code).toBe("9002");
    const taken = await createAccount(t);
    const clash = await api.post("/marketplace/signup", {
      ...profile,
      token: token({ email: taken.email, customerId: `c-${taken.email}` }),
    });
    expect(clash.body.code).toBe("9001");
    const unknown = await api.post("/auth/link/login", {
      userType: "marketplaceaccount",
      email: uniqueEmail("nobody"),
      token: "x",
    });
    expect(unknown.body.code).toBe("9000");
  });

  it("stores the accepted terms and privacy versions of a marketplace signup, and refuses one without them", async () => {
    const email = uniqueEmail("market");
    const refused = await api.post("/marketplace/signup", {
      ...profile,
      termsAccepted: false,
      token: token({ email, customerId: `c-${email}` }),
    });
    expect(refused.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "termsAccepted", message: V.termsRequired }] },
    });

    const signup = await api.post("/marketplace/signup", {
      ...profile,
      token: token({ email, customerId: `c-${email}` }),
    });
    expect(signup.status).toBe(200);
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(row).toMatchObject({
      termsVersion: TERMS_VERSION,
      privacyVersion: PRIVACY_VERSION,
      termsAcceptedAt: t.clock.now(),
    });
  });
});

describe("admin console", () => {
  async function adminSession() {
    const admin = await createAccount(t);
    await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
    return admin.token;
  }

  it("answers 1023 to a customer on every admin route", async () => {
    const customer = await createAccount(t);
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await api.get("/admin/companies", customer.token)).body.code).toBe("1023");
    expect((await api.get(`/admin/companies/${id}`, customer.token)).body.code).toBe("1023");
    expect((await api.put(`/admin/companies/${id}/notice-feature`, { enabled: true }, customer.token)).body.code).toBe(
      "1023",
    );
    for (const action of ["trial/extend", "unlock", "service/stop", "service/restore"]) {
      const body = action === "trial/extend" ? { days: 7 } : {};
      expect((await api.post(`/admin/companies/${id}/${action}`, body, customer.token)).body.code).toBe("1023");
    }
  });

  it("tells a customer refused the console that the operator's CLI grant-admin gives the role", async () => {
    const customer = await createAccount(t);
    const refused = await api.get<{ code: string; message: string }>("/admin/companies", customer.token);
    expect(refused.body.code).toBe("1023");
    expect(refused.body.message).toContain("npm run cli -w @parley/api-server -- grant-admin <email>");
  });

  it("lists companies with search and sorting, and shows one with its apps", async () => {
    const adminToken = await adminSession();
    const company = await createChatApp(t);
    const page = await api.get<TCompanyPage>(
      `/admin/companies?q=${encodeURIComponent(company.owner.email)}&sort=apps&order=desc`,
      adminToken,
    );
    expect(page.body.total).toBe(1);
    expect(page.body.companies[0]).toMatchObject({
      email: company.owner.email,
      kind: "ordinary",
      planState: "trial",
      apps: 1,
    });
    const all = await api.get<TCompanyPage>("/admin/companies?sort=companyName&order=asc&pageSize=100", adminToken);
    const names = all.body.companies.map((c) => c.companyName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const detail = await api.get<TCompanyDetail>(`/admin/companies/${page.body.companies[0]?.id}`, adminToken);
    expect(detail.body.apps).toEqual([expect.objectContaining({ id: company.appId })]);
  });

  it("switches the notice flag, extends the trial, unlocks, stops and restores, each recorded", async () => {
    const adminToken = await adminSession();
    const company = await createChatApp(t);
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, company.owner.email));
    const id = row?.id as string;
    const base = `/admin/companies/${id}`;

    const flagged = await api.put<TCompanyDetail>(`${base}/notice-feature`, { enabled: true }, adminToken);
    expect(flagged.body.company.noticeFeatureEnabled).toBe(true);
    const relogin = await api.post("/auth/login", { email: company.owner.email, password: STRONG_PASSWORD });
    expect(relogin.body).toMatchObject({ noticeFeatureEnabled: true });

    const before = new Date(flagged.body.plan.trialEndsAt as string).getTime();
    const extended = await api.post<TCompanyDetail>(`${base}/trial/extend`, { days: 14 }, adminToken);
    expect(new Date(extended.body.plan.trialEndsAt as string).getTime() - before).toBe(14 * 86_400_000);

    await t.ctx.database.db
      .update(accounts)
      .set({ lockedAt: new Date(), failedLoginCount: 5 })
      .where(eq(accounts.id, id));
    expect((await api.post("/auth/login", { email: company.owner.email, password: STRONG_PASSWORD })).body.code).toBe(
      "1025",
    );
    await api.post(`${base}/unlock`, {}, adminToken);
    expect((await api.post("/auth/login", { email: company.owner.email, password: STRONG_PASSWORD })).status).toBe(200);

    const stopped = await api.post<TCompanyDetail>(`${base}/service/stop`, {}, adminToken);
    expect(stopped.body.plan.state).toBe("stopped");
    expect((await company.server.post("/users", { userId: "u1", nickname: "U1" })).body.code).toBe("4000");
    await api.post(`${base}/service/restore`, {}, adminToken);
    expect((await company.server.post("/users", { userId: "u1", nickname: "U1" })).status).toBe(200);

    const history = await api.get<TCompanyDetail>(base, adminToken);
    expect(history.body.actions.map((a) => a.action).reverse()).toEqual([
      "noticeFeature.enable",
      "trial.extend",
      "account.unlock",
      "service.stop",
      "service.restore",
    ]);
    expect(history.body.actions.every((a) => a.adminEmail.includes("@"))).toBe(true);
    expect(history.body.actions.find((a) => a.action === "trial.extend")?.detail).toEqual({ days: 14 });
  });
});
