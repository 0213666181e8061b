import type { TSessionState } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, chatSessions } from "../../src/db/schema";
import { client } from "../client";
import { createAccount, createChatApp } from "../factories";
import { STRONG_PASSWORD, startTestApp, type TestApp } from "../harness";

/**
 * With the read cache on (and the test clock standing still, so nothing expires by itself), a change made through
 * this process is seen by its very next request: the cache is only ever stale for other processes.
 */
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ env: { READ_CACHE_MS: "60000" } });
  api = client(t.server);
});
afterAll(() => t?.close());

async function del(url: string, token: string) {
  return t.server.inject({ method: "DELETE", url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
}

describe("read cache", () => {
  it("refuses a session at once after logout, ending it elsewhere, or logging out everywhere", async () => {
    const { email, token } = await createAccount(t);
    expect((await api.get("/apps", token)).status).toBe(200);
    await api.post("/auth/logout", {}, token);
    expect((await api.get("/apps", token)).body.code).toBe("1001");

    const first = (await api.post<{ sessionToken: string }>("/auth/login", { email, password: STRONG_PASSWORD })).body
      .sessionToken;
    const second = (await api.post<{ sessionToken: string }>("/auth/login", { email, password: STRONG_PASSWORD })).body
      .sessionToken;
    expect((await api.get("/apps", second)).status).toBe(200);
    await del("/auth/sessions", first);
    expect((await api.get("/apps", second)).body.code).toBe("1001");
  });

  it("applies an admin's change to a company on that company's next request", async () => {
    const admin = await createAccount(t);
    await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
    t.services.auth.forgetCachedSessions();
    const company = await createChatApp(t);
    const brands = `/apps/${company.appId}/notice/brands`;
    expect((await api.get(brands, company.owner.token)).body.code).toBe("1023");
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, company.owner.email));
    const res = await api.put(`/admin/companies/${row?.id}/notice-feature`, { enabled: true }, admin.token);
    expect(res.status).toBe(200);
    expect((await api.get(brands, company.owner.token)).status).toBe(200);
  });

  it("lets a session opened before an admin turned the notice feature on use brands, and says so, without a new login", async () => {
    const admin = await createAccount(t);
    await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
    t.services.auth.forgetCachedSessions();
    const company = await createChatApp(t);
    const token = company.owner.token;
    const before = await api.get<TSessionState>("/auth/session", token);
    expect(before.body).toMatchObject({ sessionToken: token, noticeFeatureEnabled: false, isAdmin: false });
    const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, company.owner.email));
    await api.put(`/admin/companies/${row?.id}/notice-feature`, { enabled: true }, admin.token);
    const after = await api.get<TSessionState>("/auth/session", token);
    expect(after.body).toMatchObject({ sessionToken: token, noticeFeatureEnabled: true });
    expect((await api.get(`/apps/${company.appId}/notice/brands`, token)).status).toBe(200);
  });

  it("sees a role changed by another process (the CLI on PostgreSQL) once the cache's lifetime has passed", async () => {
    const { email, token } = await createAccount(t);
    expect((await api.get<TSessionState>("/auth/session", token)).body.isAdmin).toBe(false);
    await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, email));
    t.clock.advance(60_000);
    expect((await api.get<TSessionState>("/auth/session", token)).body.isAdmin).toBe(true);
    expect((await api.get("/admin/companies", token)).status).toBe(200);
  });

  it("shows a renamed app and its settings at once", async () => {
    const { dashboardAuth, appId } = await createChatApp(t);
    const token = dashboardAuth.authorization.slice("Bearer ".length);
    expect((await api.get<{ app: { name: string } }>(`/apps/${appId}`, token)).body.app.name).toBe("Chat");
    await api.put(`/apps/${appId}`, { name: "Renamed" }, token);
    expect((await api.get<{ app: { name: string } }>(`/apps/${appId}`, token)).body.app.name).toBe("Renamed");
    await api.put(`/apps/${appId}/admin`, { allowAnonymousLogin: true, defaultMemberLimit: 50 }, token);
    const settings = await api.get<{ settings: { allowAnonymousLogin: boolean } }>(`/apps/${appId}/admin`, token);
    expect(settings.body.settings).toMatchObject({ allowAnonymousLogin: true });
  });

  it("reuses what it read: an account row changed behind the server's back shows only once forgotten", async () => {
    const { email, token } = await createAccount(t);
    expect((await api.get("/account", token)).status).toBe(200);
    await t.ctx.database.db.update(accounts).set({ kind: "marketplaceaccount" }).where(eq(accounts.email, email));
    // Cached: the ordinary account is still admitted to account settings.
    expect((await api.get("/account", token)).status).toBe(200);
    t.services.auth.forgetCachedSessions();
    expect((await api.get("/account", token)).body.code).toBe("1023");
  });

  it("refuses a chat session at once after logout, deactivation or deletion, and shows a new nickname at once", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const park = await app.user("park");
    const choi = await app.user("choi");
    for (const u of [kim, lee, park, choi]) expect((await u.api.get("/me")).status).toBe(200);

    await kim.api.post("/auth/logout", {});
    expect((await kim.api.get("/me")).body.code).toBe("3028");
    expect((await app.server.post("/users/lee/deactivate", {})).status).toBe(200);
    expect((await lee.api.get("/me")).body.code).toBe("3028");
    expect((await app.server.delete("/users/park")).status).toBe(200);
    expect((await park.api.get("/me")).body.code).toBe("3028");

    expect((await app.server.patch("/users/choi", { nickname: "Choi Renamed" })).status).toBe(200);
    const { channel } = (await choi.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
    const sent = await choi.api.post<{ message: { sender: { nickname: string } } }>(
      `/channels/${channel.id}/messages`,
      { text: "hello" },
    );
    expect(sent.body.message.sender.nickname).toBe("Choi Renamed");
  });

  it("reuses a chat session it read until sessions end somewhere, which the bus tells every process", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    expect((await kim.api.get("/me")).status).toBe(200);
    // Removed behind the server's back: the cached session still admits.
    await t.ctx.database.db.delete(chatSessions);
    expect((await kim.api.get("/me")).status).toBe(200);
    // Another process's logout arrives as a bus message naming some session; the cache is forgotten.
    await t.bus.publish({ sessionsEnded: { kind: "chat", sessionIds: ["elsewhere"] } });
    expect((await kim.api.get("/me")).body.code).toBe("3028");
  });
});
