import {
  CHANNEL_TYPES,
  CUSTOM_ROLES_MAX,
  dashboardRoles,
  fillPath,
  type TChannel,
  type TPermissionMatrix,
  type TRole,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;

const roles = async (app: App) => (await app.server.get<{ roles: TRole[] }>("/roles")).body.roles;

describe("an app's roles", () => {
  it("lists the built-in roles with their users, then a custom role once made, described and given", async () => {
    const app = await createChatApp(t);
    await app.user("kim");
    await app.user("lee");
    expect((await roles(app)).map((r) => [r.name, r.builtIn, r.userCount])).toEqual([
      ["admin", true, 0],
      ["moderator", true, 0],
      ["member", true, 2],
      ["guest", true, 0],
    ]);
    const made = await app.server.post<{ role: TRole }>("/roles", { name: "vip", description: "Supporters" });
    expect(made.body.role).toEqual({ name: "vip", builtIn: false, description: "Supporters", userCount: 0 });
    await app.server.put("/users/kim/role", { role: "vip" });
    const changed = await app.server.patch<{ role: TRole }>("/roles/vip", { description: "Our supporters" });
    expect(changed.body.role).toMatchObject({ description: "Our supporters", userCount: 1 });
    const member = await app.server.patch<{ role: TRole }>("/roles/member", { description: "Everyone" });
    expect(member.body.role).toMatchObject({ name: "member", builtIn: true, description: "Everyone", userCount: 1 });
  });

  it("refuses a taken or built-in name with 3199, a bad name with 300 and a 21st custom role with 3200", async () => {
    const app = await createChatApp(t);
    expect((await app.server.post("/roles", { name: "vip" })).status).toBe(200);
    expect((await app.server.post("/roles", { name: "vip" })).body).toMatchObject({ code: "3199" });
    expect((await app.server.post("/roles", { name: "admin" })).body).toMatchObject({ code: "3199" });
    expect((await app.server.post("/roles", { name: "Has Space" })).body).toMatchObject({ code: "300" });
    for (let i = 1; i < CUSTOM_ROLES_MAX; i++) {
      expect((await app.server.post("/roles", { name: `role-${i}` })).status).toBe(200);
    }
    const over = await app.server.post("/roles", { name: "one-more" });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: "3200" });
  });

  it("deletes a custom role: its users become members and the matrix forgets it; a built-in role answers 3201", async () => {
    const app = await createChatApp(t);
    await app.user("kim");
    await app.server.post("/roles", { name: "vip" });
    await app.server.put("/users/kim/role", { role: "vip" });
    expect((await app.server.put("/permissions/public", { app: { vip: ["read", "send", "pin"] } })).status).toBe(200);
    expect((await app.server.delete("/roles/vip")).status).toBe(200);
    expect((await app.server.get<{ user: { role: string } }>("/users/kim")).body.user.role).toBe("member");
    const matrix = (await app.server.get<{ permissions: TPermissionMatrix }>("/permissions/public")).body.permissions;
    expect(Object.keys(matrix.app)).toEqual(["admin", "moderator", "member", "guest"]);
    expect((await app.server.delete("/roles/vip")).body).toMatchObject({ code: "3198" });
    expect((await app.server.delete("/roles/admin")).body).toMatchObject({ code: "3201" });
  });

  it("grants a custom role what the matrix gives it: a vip pins where a member may not", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const park = await app.user("park");
    const { channel } = (
      await kim.api.post<{ channel: TChannel }>("/channels", { name: "Fans", userIds: ["lee", "park"] })
    ).body;
    const message = (
      await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, { text: "hi" })
    ).body.message;
    await app.server.post("/roles", { name: "vip" });
    // A role the matrix does not name is granted what a member is, until it is set.
    const before = (await app.server.get<{ permissions: TPermissionMatrix }>("/permissions/public")).body.permissions;
    expect(before.app.vip).toEqual(before.app.member);
    await app.server.put("/users/lee/role", { role: "vip" });
    const set = await app.server.put("/permissions/public", { app: { vip: [...(before.app.member ?? []), "pin"] } });
    expect(set.status).toBe(200);
    expect((await lee.api.post(`/channels/${channel.id}/pins/${message.id}`)).status).toBe(200);
    expect((await park.api.delete(`/channels/${channel.id}/pins/${message.id}`)).body).toMatchObject({
      code: "3025",
      data: { permission: "pin" },
    });
  });

  it("makes an anonymous user a guest", async () => {
    const app = await createChatApp(t, { allowAnonymousLogin: true });
    const res = await t.server.inject({
      method: "POST",
      url: "/v1/auth/anonymous",
      payload: { appId: app.appId, userId: "visitor-1", nickname: "Visitor" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ userId: "visitor-1", role: "guest" });
  });
});

describe("tenancy", () => {
  it("never applies another app's roles or matrix, and refuses its user and role", async () => {
    const a = await createChatApp(t);
    const b = await createChatApp(t);
    const kim = await a.user("kim");
    await a.user("lee");
    await b.user("bob");
    await b.server.post("/roles", { name: "vip" });
    await b.server.put("/permissions/public", { app: { member: ["read"] } });
    const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "A", userIds: ["lee"] })).body;
    expect((await kim.api.post(`/channels/${channel.id}/messages`, { text: "still mine" })).status).toBe(200);
    expect((await a.server.put("/users/kim/role", { role: "vip" })).body).toMatchObject({ code: "3198" });
    expect((await b.server.put("/users/kim/role", { role: "vip" })).body).toMatchObject({ code: "3018" });
    expect((await b.server.put(`/channels/${channel.id}/members/lee/role`, { role: "moderator" })).body).toMatchObject({
      code: "3007",
    });
    expect((await roles(a)).map((r) => r.name)).not.toContain("vip");
  });
});

describe("the dashboard", () => {
  it("reads and sets the matrix and a user's and a member's roles, and another account hears 3003", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "D", userIds: ["lee"] })).body;
    const call = (
      method: "GET" | "PUT" | "POST" | "DELETE",
      url: string,
      payload?: object,
      headers = app.dashboardAuth,
    ) => t.server.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    const all = await call("GET", fillPath(dashboardRoles.permissions, { id: app.appId }));
    expect(all.statusCode).toBe(200);
    expect(all.json().permissions.map((m: TPermissionMatrix) => m.channelType)).toEqual([...CHANNEL_TYPES]);
    const set = await call("PUT", fillPath(dashboardRoles.permission, { id: app.appId, channelType: "broadcast" }), {
      app: { member: ["read"] },
      channel: { owner: ["send"] },
    });
    expect(set.json().permissions).toMatchObject({ channelType: "broadcast", isDefault: false });
    const made = await call("POST", fillPath(dashboardRoles.roles, { id: app.appId }), { name: "staff" });
    expect(made.json().role).toMatchObject({ name: "staff" });
    const user = await call("PUT", fillPath(dashboardRoles.userRole, { id: app.appId, userId: "kim" }), {
      role: "staff",
    });
    expect(user.json()).toEqual({ userId: "kim", role: "staff" });
    const member = await call(
      "PUT",
      fillPath(dashboardRoles.memberRole, { id: app.appId, channelId: channel.id, userId: "lee" }),
      { role: "moderator" },
    );
    expect(member.json()).toEqual({ userId: "lee", role: "moderator" });
    const other = await createChatApp(t);
    const refused = await call(
      "GET",
      fillPath(dashboardRoles.roles, { id: app.appId }),
      undefined,
      other.dashboardAuth,
    );
    expect(refused.json()).toMatchObject({ code: "3003" });
  });
});
