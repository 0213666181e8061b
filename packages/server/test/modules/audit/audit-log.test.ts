import { randomUUID } from "node:crypto";
import { AUDIT_MASK, AUDIT_RETENTION_DAYS, type TAuditEntry, type TAuditPage, type TChannel } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/db/schema";
import { auditKindOf, UNAUDITED_ROUTES } from "../../../src/modules/audit";
import { openAuditScopeCount } from "../../../src/modules/audit/scope";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, STRONG_PASSWORD, startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ env: ALLOW_LOOPBACK });
  api = client(t.server);
});
afterAll(async () => {
  await t?.close();
});

type ChatApp = Awaited<ReturnType<typeof createChatApp>>;
const tokenOf = (app: ChatApp) => app.dashboardAuth.authorization.slice("Bearer ".length);
const appLog = async (app: ChatApp, query = "") =>
  (await api.get<TAuditPage>(`/apps/${app.appId}/audit${query}`, tokenOf(app))).body.entries;
const byAction = (entries: TAuditEntry[], action: string) => entries.filter((entry) => entry.action === action);

describe("what the audit log records", () => {
  it("records a webhook settings change with who, from where, the rows before and the values set, the secret masked", async () => {
    const app = await createChatApp(t);
    const put = (url: string) =>
      api.put(`/apps/${app.appId}/webhook/settings`, { url, events: ["message.created"] }, tokenOf(app));
    expect((await put("http://127.0.0.1:9/first")).status).toBe(200);
    t.clock.advance(1000);
    expect((await put("http://127.0.0.1:9/second")).status).toBe(200);

    const [latest, first] = byAction(await appLog(app), "PUT /api/apps/:id/webhook/settings");
    expect(latest).toMatchObject({
      appId: app.appId,
      actor: { kind: "account", label: app.owner.email },
      ip: "127.0.0.1",
      path: `/api/apps/${app.appId}/webhook/settings`,
      status: 200,
      request: { params: { id: app.appId }, body: { url: "http://127.0.0.1:9/second" } },
    });
    const change = latest?.changes.find((c) => c.table === "webhook_settings");
    expect(change?.before?.[0]).toMatchObject({ url: "http://127.0.0.1:9/first", secret: AUDIT_MASK });
    expect(JSON.stringify(change?.after)).toContain("http://127.0.0.1:9/second");
    expect(JSON.stringify(first)).not.toMatch(/whsec_/);
  });

  it("names an API key by its label and masks the key's secret; revoking it is recorded too", async () => {
    const app = await createChatApp(t);
    t.clock.advance(1000);
    const created = await api.post<{ apiKey: { id: string }; secret: string }>(
      `/apps/${app.appId}/api-keys`,
      { label: "billing-server" },
      tokenOf(app),
    );
    await t.server.inject({
      method: "DELETE",
      url: `/api/apps/${app.appId}/api-keys/${created.body.apiKey.id}`,
      headers: app.dashboardAuth,
    });
    const entries = await appLog(app);
    const creation = byAction(entries, "POST /api/apps/:id/api-keys").find((entry) =>
      JSON.stringify(entry.request).includes("billing-server"),
    );
    expect(JSON.stringify(creation)).toContain("billing-server");
    expect(JSON.stringify(creation)).not.toContain(created.body.secret);
    expect(byAction(entries, "DELETE /api/apps/:id/api-keys/:keyId")).toHaveLength(1);
  });

  it("records what an app's server does with its API key under the key's label, and nothing of end users' own calls", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    await app.user("lee");
    const made = await app.server.post<{ channel: TChannel }>("/channels", { name: "Ops", userIds: ["kim", "lee"] });
    await app.server.post(`/channels/${made.body.channel.id}/members/lee/mute`, { minutes: 5 });
    await kim.api.post("/channels", { name: "Kim's own" });
    await kim.api.post(`/channels/${made.body.channel.id}/messages`, { text: "chat is not administration" });

    const entries = await appLog(app);
    const server = entries.filter((entry) => entry.actor.kind === "apiKey");
    expect(server.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "POST /v1/channels",
        "POST /v1/channels/:channelId/members/:userId/mute",
        "POST /v1/users",
      ]),
    );
    expect(server.every((entry) => entry.actor.label === "server")).toBe(true);
    expect(entries.some((entry) => JSON.stringify(entry).includes("Kim's own"))).toBe(false);
    expect(entries.some((entry) => entry.action.includes("/messages"))).toBe(false);
  });

  it("writes nothing for a refused change or a read", async () => {
    const app = await createChatApp(t);
    const before = (await appLog(app)).length;
    const refused = await api.put(`/apps/${app.appId}/webhook/settings`, { url: "not a url" }, tokenOf(app));
    expect(refused.status).toBe(400);
    await api.get(`/apps/${app.appId}/webhook/settings`, tokenOf(app));
    expect(await appLog(app)).toHaveLength(before);
  });

  it("commits a change only with its entry: when the entry cannot be written, the change is undone", async () => {
    const app = await createChatApp(t);
    const settings = () => api.get<{ settings: { url: string } }>(`/apps/${app.appId}/webhook/settings`, tokenOf(app));
    const before = (await settings()).body.settings.url;
    await t.ctx.database.exec("alter table audit_log rename to audit_log_away");
    try {
      const put = await api.put(
        `/apps/${app.appId}/webhook/settings`,
        { url: "http://127.0.0.1:9/unrecorded", events: [] },
        tokenOf(app),
      );
      expect(put.status).toBe(500);
    } finally {
      await t.ctx.database.exec("alter table audit_log_away rename to audit_log");
    }
    expect((await settings()).body.settings.url).toBe(before);
  });

  it("closes the scope of every audited request, whether it changed data, was refused or failed", async () => {
    const app = await createChatApp(t);
    const put = (url: string) => api.put(`/apps/${app.appId}/webhook/settings`, { url, events: [] }, tokenOf(app));
    expect((await put("http://127.0.0.1:9/closed")).status).toBe(200);
    const missing = await t.server.inject({
      method: "DELETE",
      url: `/api/apps/${app.appId}/api-keys/${randomUUID()}`,
      headers: app.dashboardAuth,
    });
    expect(missing.statusCode).toBe(404);
    await t.ctx.database.exec("alter table audit_log rename to audit_log_away");
    try {
      expect((await put("http://127.0.0.1:9/failed")).status).toBe(500);
    } finally {
      await t.ctx.database.exec("alter table audit_log_away rename to audit_log");
    }
    expect(openAuditScopeCount()).toBe(0);
  });

  it("names a sub-account as such, and an administrator's action in the company's own account log", async () => {
    const owner = await createAccount(t);
    const appId = (await api.post<{ app: { id: string } }>("/apps", { name: "Audited" }, owner.token)).body.app.id;
    const admin = await createAccount(t);
    await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
    const adminToken = (
      await api.post<{ sessionToken: string }>("/auth/login", { email: admin.email, password: STRONG_PASSWORD })
    ).body.sessionToken;
    const [company] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, owner.email));
    const extended = await api.post(`/admin/companies/${company?.id}/trial/extend`, { days: 7 }, adminToken);
    expect(extended.status).toBe(200);

    const log = (await api.get<TAuditPage>("/account/audit", owner.token)).body.entries;
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["POST /api/admin/companies/:companyId/trial/extend", "POST /api/apps"]),
    );
    expect(log.find((entry) => entry.action.includes("trial/extend"))?.actor).toMatchObject({
      kind: "admin",
      label: admin.email,
    });
    expect(log.find((entry) => entry.action === "POST /api/apps")?.appId).toBeNull();
    expect((await api.get<TAuditPage>(`/apps/${appId}/audit`, owner.token)).status).toBe(200);
  });
});

describe("reading the log", () => {
  it("finds entries by words, filters by actor and time, pages by cursor, and keeps other accounts' apps out", async () => {
    const app = await createChatApp(t);
    for (const label of ["alpha-key", "beta-key", "gamma-key"]) {
      await api.post(`/apps/${app.appId}/api-keys`, { label }, tokenOf(app));
      t.clock.advance(1000);
    }
    const found = await appLog(app, "?q=beta-key");
    expect(found).toHaveLength(1);
    expect((await appLog(app, "?actorKind=apiKey")).every((entry) => entry.actor.kind === "apiKey")).toBe(true);
    const all = await appLog(app);
    const first = await api.get<TAuditPage>(`/apps/${app.appId}/audit?limit=2`, tokenOf(app));
    const second = await api.get<TAuditPage>(
      `/apps/${app.appId}/audit?limit=2&cursor=${first.body.nextCursor}`,
      tokenOf(app),
    );
    expect([...first.body.entries, ...second.body.entries].map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    const from = new Date(t.clock.now().getTime() - 1500).toISOString();
    expect((await appLog(app, `?from=${from}`)).map((e) => e.request)).toEqual([
      expect.objectContaining({ body: { label: "gamma-key" } }),
    ]);

    const stranger = await createAccount(t);
    expect((await api.get(`/apps/${app.appId}/audit`, stranger.token)).body).toMatchObject({ code: "3003" });
    // Signing up and in are not changes the account made: a new account's log is empty.
    expect((await api.get<TAuditPage>("/account/audit", stranger.token)).body.entries).toEqual([]);
  });

  it("exports as CSV with every cell safe to open in a spreadsheet", async () => {
    const app = await createChatApp(t);
    await api.post(`/apps/${app.appId}/api-keys`, { label: "=HYPERLINK(1)" }, tokenOf(app));
    const csv = await t.server.inject({
      method: "GET",
      url: `/api/apps/${app.appId}/audit/export?q=HYPERLINK`,
      headers: app.dashboardAuth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("at,actor_kind,actor,actor_id,ip,action,path,status,request,changes");
    expect(lines).toHaveLength(2);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("keeps entries a year: the daily job removes older ones", async () => {
    const app = await createChatApp(t);
    await api.post(`/apps/${app.appId}/api-keys`, { label: "old-key" }, tokenOf(app));
    t.clock.advance((AUDIT_RETENTION_DAYS + 1) * 86_400_000);
    // The owner's session ended in the year that passed.
    const token = (
      await api.post<{ sessionToken: string }>("/auth/login", { email: app.owner.email, password: STRONG_PASSWORD })
    ).body.sessionToken;
    await api.post(`/apps/${app.appId}/api-keys`, { label: "new-key" }, token);
    await t.jobHandlers.get("audit.prune")?.handle({}, { jobId: "test" });
    const page = await api.get<TAuditPage>(`/apps/${app.appId}/audit`, token);
    const labels = JSON.stringify(page.body.entries);
    expect(labels).toContain("new-key");
    expect(labels).not.toContain("old-key");
  });
});

describe("every route that changes data is audited", () => {
  it("audits each changing dashboard route but those named with a reason, and names only routes that exist", () => {
    const changing = t.routes.filter(
      (route) =>
        route.url.startsWith("/api/") &&
        !route.url.startsWith("/api/testing/") &&
        ["POST", "PUT", "PATCH", "DELETE"].includes(route.method),
    );
    const keys = changing.map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(UNAUDITED_ROUTES).filter((key) => !keys.includes(key))).toEqual([]);
    for (const route of changing) {
      const key = `${route.method} ${route.url}`;
      expect(auditKindOf(route.method, route.url), key).toBe(UNAUDITED_ROUTES[key] ? null : "api");
    }
    expect(changing.length - Object.keys(UNAUDITED_ROUTES).length).toBeGreaterThan(60);
  });
});

/** A digest of every logged table's rows: it moves exactly when a request changed data the log is for. */
async function loggedData(): Promise<Map<string, string>> {
  const { UNLOGGED_TABLES } = await import("../../../src/modules/audit/scope");
  const tables = (
    await t.ctx.database.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    )
  )
    .map((row) => row.name)
    .filter((name) => !UNLOGGED_TABLES.has(name) && !name.startsWith("pgboss") && name !== "schema_migrations");
  const digests = new Map<string, string>();
  for (const name of tables) {
    const [row] = await t.ctx.database.query<{ digest: string | null }>(
      `select md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
    );
    digests.set(name, row?.digest ?? "");
  }
  return digests;
}

describe("a change to data always has its entry", () => {
  it("walks changing dashboard routes of every area with real input: each that changed data left an entry naming it", async () => {
    const app = await createChatApp(t);
    await app.user("kim");
    await app.user("lee");
    const base = `/apps/${app.appId}`;
    const channel = (await api.post<{ channel: { id: string } }>(`${base}/channels`, { name: "Walk" }, tokenOf(app)))
      .body.channel.id;
    const calls: [method: "POST" | "PUT" | "DELETE", path: string, action: string, body?: unknown][] = [
      ["PUT", `${base}/admin`, "PUT /api/apps/:id/admin", { allowAnonymousLogin: true, defaultMemberLimit: 50 }],
      ["PUT", base, "PUT /api/apps/:id", { name: "Walked" }],
      ["POST", `${base}/api-keys`, "POST /api/apps/:id/api-keys", { label: "walk" }],
      [
        "PUT",
        `${base}/webhook/settings`,
        "PUT /api/apps/:id/webhook/settings",
        { url: "http://127.0.0.1:9/w", events: [] },
      ],
      ["PUT", `${base}/profanity/filter/enabled`, "PUT /api/apps/:id/profanity/filter/enabled", { enabled: true }],
      [
        "PUT",
        `${base}/calls/settings`,
        "PUT /api/apps/:id/calls/settings",
        { stunUrls: ["stun:127.0.0.1:3478"], turnUrls: [] },
      ],
      ["PUT", `${base}/reports/settings`, "PUT /api/apps/:id/reports/settings", { autoHideAfter: 3 }],
      ["PUT", `${base}/channels/${channel}`, "PUT /api/apps/:id/channels/:channelId", { name: "Walk 2" }],
      [
        "POST",
        `${base}/channels/${channel}/members/add`,
        "POST /api/apps/:id/channels/:channelId/members/add",
        { userIds: ["kim", "lee"] },
      ],
      [
        "POST",
        `${base}/channels/${channel}/members/mute`,
        "POST /api/apps/:id/channels/:channelId/members/mute",
        { userId: "kim", minutes: 5 },
      ],
      [
        "POST",
        `${base}/channels/${channel}/members/ban`,
        "POST /api/apps/:id/channels/:channelId/members/ban",
        { userId: "lee" },
      ],
      ["POST", `${base}/channels/${channel}/freeze`, "POST /api/apps/:id/channels/:channelId/freeze", {}],
      [
        "POST",
        `${base}/channels/${channel}/messages`,
        "POST /api/apps/:id/channels/:channelId/messages",
        { text: "notice" },
      ],
      ["POST", `${base}/users/kim/deactivate`, "POST /api/apps/:id/users/:userId/deactivate", {}],
      ["DELETE", `${base}/users/kim`, "DELETE /api/apps/:id/users/:userId"],
      ["DELETE", `${base}/channels/${channel}`, "DELETE /api/apps/:id/channels/:channelId"],
    ];
    for (const [method, path, action, body] of calls) {
      const before = await loggedData();
      const entries = (await appLog(app)).length;
      t.clock.advance(1000);
      const res = await t.server.inject({
        method,
        url: `/api${path}`,
        headers: app.dashboardAuth,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      const after = await loggedData();
      const changed = [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
      expect(changed, action).not.toEqual([]);
      const log = await appLog(app);
      expect(log.length, action).toBe(entries + 1);
      expect(log[0]?.action).toBe(action);
      expect(log[0]?.changes.map((change) => change.table)).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  });
});
