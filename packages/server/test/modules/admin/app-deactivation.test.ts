import type { TApp, TCompanyDetail } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/db/schema";
import { v1 } from "../../chat-client";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { openSocket } from "../../ws-client";

let t: TestApp;
let api: ReturnType<typeof client>;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

async function adminSession() {
  const admin = await createAccount(t);
  await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
  return admin.token;
}

/** A company with two apps, a chat user on the first and the company's id as the admin console names it. */
async function company() {
  const app = await createChatApp(t);
  const second = await api.post<{ app: TApp }>("/apps", { name: "Second" }, app.owner.token);
  expect(second.status).toBe(200);
  const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, app.owner.email));
  const kim = await app.user("kim");
  return { ...app, companyId: row?.id as string, secondAppId: second.body.app.id, kim };
}

/** What a socket signing in is told: the error frame's code (or "ready") and the close code. */
async function socketRefusal(auth: Record<string, unknown>) {
  const socket = await openSocket(wsUrl, auth);
  const frame = await socket.next((f) => f.type === "error" || f.type === "ready");
  if (frame.type === "ready") socket.ws.close();
  const closed = await socket.closed;
  return { code: frame.type === "error" ? frame.code : frame.type, closed };
}

describe("deactivating apps from the admin console", () => {
  it("refuses one app's chat API, socket and dashboard pages with 3001 and keeps its summary and the other app", async () => {
    const adminToken = await adminSession();
    const c = await company();
    const base = `/admin/companies/${c.companyId}`;
    const detail = await api.post<TCompanyDetail>(`${base}/apps/${c.appId}/deactivate`, {}, adminToken);
    expect(detail.status).toBe(200);
    expect(detail.body.apps.find((a) => a.id === c.appId)?.deactivatedAt).toBe(t.clock.now().toISOString());
    expect(detail.body.apps.find((a) => a.id === c.secondAppId)?.deactivatedAt).toBeNull();
    expect(detail.body.appsDeactivatedAt).toBeNull();

    // The app's servers, its users' calls and logins, and its sockets.
    expect((await c.server.post("/users", { userId: "lee", nickname: "Lee" })).body.code).toBe("3001");
    expect((await c.kim.api.get("/channels?scope=mine")).body.code).toBe("3001");
    const login = await v1(t.server).post("/auth/login", { appId: c.appId, userId: "kim", token: "any" });
    expect([login.status, login.body.code]).toEqual([403, "3001"]);
    expect(await socketRefusal({ token: c.kim.sessionToken })).toEqual({ code: "3001", closed: 4001 });
    expect(await socketRefusal({ token: c.owner.token, appId: c.appId })).toMatchObject({ code: "3001" });

    // The dashboard: every page of the app answers 3001 but its summary, which says why.
    expect((await api.get(`/apps/${c.appId}/api-keys`, c.owner.token)).body.code).toBe("3001");
    expect((await api.get(`/apps/${c.appId}/users`, c.owner.token)).body.code).toBe("3001");
    const summary = await api.get<{ app: TApp }>(`/apps/${c.appId}`, c.owner.token);
    expect(summary.body.app.deactivated).toBe("app");
    const listed = await api.get<{ apps: TApp[] }>("/apps", c.owner.token);
    expect(listed.body.apps.map((a) => [a.id, a.deactivated])).toEqual([
      [c.appId, "app"],
      [c.secondAppId, null],
    ]);
    expect((await api.get(`/apps/${c.secondAppId}/api-keys`, c.owner.token)).status).toBe(200);
    // An administrator still looks into it.
    expect((await api.get(`/apps/${c.appId}/api-keys`, adminToken)).status).toBe(200);

    const back = await api.post<TCompanyDetail>(`${base}/apps/${c.appId}/reactivate`, {}, adminToken);
    expect(back.body.apps.find((a) => a.id === c.appId)?.deactivatedAt).toBeNull();
    expect((await c.server.post("/users", { userId: "lee", nickname: "Lee" })).status).toBe(200);
    expect((await c.kim.api.get("/channels?scope=mine")).status).toBe(200);
    expect((await socketRefusal({ token: c.kim.sessionToken })).code).toBe("ready");
    expect(back.body.actions.map((a) => [a.action, a.detail]).reverse()).toEqual([
      ["app.deactivate", { appId: c.appId, appName: "Chat" }],
      ["app.reactivate", { appId: c.appId, appName: "Chat" }],
    ]);
  });

  it("refuses every app of the company and a new one with 3002, and leaves an app deactivated on its own so when the rest return", async () => {
    const adminToken = await adminSession();
    const c = await company();
    const base = `/admin/companies/${c.companyId}`;
    await api.post(`${base}/apps/${c.secondAppId}/deactivate`, {}, adminToken);
    const all = await api.post<TCompanyDetail>(`${base}/apps/deactivate`, {}, adminToken);
    expect(all.body.appsDeactivatedAt).toBe(t.clock.now().toISOString());
    expect(all.body.actions[0]).toMatchObject({ action: "apps.deactivate", detail: { apps: 2 } });

    // The wider reason is the one given, for both apps.
    expect((await c.server.get("/channels")).body.code).toBe("3002");
    expect((await c.kim.api.get("/channels?scope=mine")).body.code).toBe("3002");
    expect((await api.get(`/apps/${c.secondAppId}/api-keys`, c.owner.token)).body.code).toBe("3002");
    expect((await api.post("/apps", { name: "Around it" }, c.owner.token)).body.code).toBe("3002");
    const listed = await api.get<{ apps: TApp[] }>("/apps", c.owner.token);
    expect(listed.body.apps.map((a) => a.deactivated)).toEqual(["account", "account"]);

    await api.post(`${base}/apps/reactivate`, {}, adminToken);
    expect((await c.server.get("/channels")).status).toBe(200);
    expect((await api.get(`/apps/${c.secondAppId}/api-keys`, c.owner.token)).body.code).toBe("3001");
    expect((await api.post("/apps", { name: "Third" }, c.owner.token)).status).toBe(200);
  });

  it("answers 1023 to a customer and 3003 for an app of another company, changing nothing", async () => {
    const adminToken = await adminSession();
    const [c, other] = [await company(), await company()];
    const base = `/admin/companies/${c.companyId}`;
    for (const path of ["apps/deactivate", "apps/reactivate", `apps/${c.appId}/deactivate`]) {
      expect((await api.post(`${base}/${path}`, {}, c.owner.token)).body.code).toBe("1023");
    }
    expect((await api.post(`${base}/apps/${other.appId}/deactivate`, {}, adminToken)).body.code).toBe("3003");
    expect((await other.server.get("/channels")).status).toBe(200);
    const detail = await api.get<TCompanyDetail>(base, adminToken);
    expect(detail.body.actions).toEqual([]);
    expect(detail.body.apps.every((a) => a.deactivatedAt === null)).toBe(true);
  });
});
