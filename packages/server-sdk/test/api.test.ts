import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isParleyError, ParleyError } from "../src";
import { loginWith, losingFirstAnswer, serverApp, startServer, type TestServer } from "./helpers";

let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});

afterAll(async () => {
  await t?.close();
});

describe("users", () => {
  it("creates, reads, changes, lists, deactivates, activates and deletes a user", async () => {
    const { parley } = await serverApp(t);
    const kim = await parley.users.create({ userId: "kim", nickname: "Kim", metadata: { plan: "pro" } });
    expect(kim).toMatchObject({ userId: "kim", nickname: "Kim", isActive: true, metadata: { plan: "pro" } });
    expect(await parley.users.get("kim")).toMatchObject({ userId: "kim" });
    expect(await parley.users.update("kim", { nickname: "김" })).toMatchObject({ nickname: "김" });
    await parley.users.create({ userId: "lee", nickname: "Lee" });
    const page = await parley.users.list({ limit: 1 });
    expect(page.users).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const rest = await parley.users.list({ cursor: page.nextCursor ?? undefined });
    expect([...page.users, ...rest.users].map((u) => u.userId).sort()).toEqual(["kim", "lee"]);
    expect(await parley.users.deactivate("kim")).toMatchObject({ isActive: false });
    expect(await parley.users.activate("kim")).toMatchObject({ isActive: true });
    await parley.users.delete("kim");
    const gone = await parley.users.get("kim").catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ParleyError);
    expect(gone).toMatchObject({ code: "3018", status: 404 });
  });

  it("refuses a second user of the same ID with code 3019", async () => {
    const { parley } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    const error = await parley.users.create({ userId: "kim", nickname: "Kim" }).catch((e: unknown) => e);
    expect(isParleyError(error, "3019")).toBe(true);
  });

  it("upserts users in bulk, with a result per item, and changes nothing when sent again", async () => {
    const { parley } = await serverApp(t);
    const items = [
      { userId: "u1", nickname: "One" },
      { userId: "u2", nickname: "Two" },
      { userId: "bad id!", nickname: "Bad" },
    ];
    const first = await parley.users.upsertMany(items);
    expect(first.results.map((r) => r.status)).toEqual(["created", "created", "failed"]);
    expect(first.results[2]?.error?.code).toBe("300");
    const again = await parley.users.upsertMany(items.slice(0, 2));
    expect(again.results.map((r) => r.status)).toEqual(["unchanged", "unchanged"]);
  });
});

describe("tokens", () => {
  it("issues a login token an end user logs in with", async () => {
    const { parley, appId } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    const { token, expiresAt } = await parley.tokens.issue("kim", { expiresInSeconds: 600 });
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const login = await loginWith(t.baseUrl, appId, "kim", token);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ appId, user: { userId: "kim" } });
  });
});

describe("channels, members and moderation", () => {
  it("creates, reads, changes, lists and deletes a channel", async () => {
    const { parley } = await serverApp(t);
    const channel = await parley.channels.create({ name: "General", data: { topic: "hello" } });
    expect(channel).toMatchObject({ name: "General", type: "public", ownerUserId: null, data: { topic: "hello" } });
    expect(await parley.channels.get(channel.id)).toMatchObject({ id: channel.id });
    expect(await parley.channels.update(channel.id, { name: "Lounge" })).toMatchObject({ name: "Lounge" });
    const { channels } = await parley.channels.list({ search: "Lou" });
    expect(channels.map((c) => c.id)).toContain(channel.id);
    await parley.channels.delete(channel.id);
    await expect(parley.channels.get(channel.id)).rejects.toMatchObject({ code: "3007", status: 404 });
  });

  it("creates a channel with an owner and members, and answers a failed create with the item's own code", async () => {
    const { parley } = await serverApp(t);
    await parley.users.upsertMany([
      { userId: "kim", nickname: "Kim" },
      { userId: "lee", nickname: "Lee" },
    ]);
    const channel = await parley.channels.create({ name: "Pair", ownerUserId: "kim", userIds: ["lee"] });
    expect(channel).toMatchObject({ ownerUserId: "kim", memberCount: 2 });
    await expect(parley.channels.create({ name: "Ghosts", userIds: ["nobody"] })).rejects.toMatchObject({
      code: "3018",
      status: 404,
      data: { userIds: ["nobody"] },
    });
  });

  it("answers the same distinct channel for the same members", async () => {
    const { parley } = await serverApp(t);
    await parley.users.upsertMany([
      { userId: "kim", nickname: "Kim" },
      { userId: "lee", nickname: "Lee" },
    ]);
    const first = await parley.channels.create({ name: "DM", distinct: true, userIds: ["kim", "lee"] });
    const second = await parley.channels.create({ name: "DM", distinct: true, userIds: ["kim", "lee"] });
    expect(second.id).toBe(first.id);
  });

  it("creates channels in bulk with the IDs it chose, and finds them when sent again", async () => {
    const { parley } = await serverApp(t);
    const items = [{ name: "A", channelId: "0b8f3c9e-6a55-4c1e-9a0a-2f3d4c5b6a71" }, { name: "B" }];
    const first = await parley.channels.createMany(items);
    expect(first.results.map((r) => r.status)).toEqual(["created", "created"]);
    expect(first.results[0]?.channelId).toBe("0b8f3c9e-6a55-4c1e-9a0a-2f3d4c5b6a71");
    const again = await parley.channels.createMany([items[0] ?? { name: "A" }]);
    expect(again.results[0]?.status).toBe("exists");
  });

  it("adds and removes members one by one and in bulk", async () => {
    const { parley } = await serverApp(t);
    await parley.users.upsertMany(["kim", "lee", "park", "choi"].map((userId) => ({ userId, nickname: userId })));
    const channel = await parley.channels.create({ name: "Team" });
    expect(await parley.members.add(channel.id, ["kim", "lee"])).toMatchObject({ memberCount: 2 });
    const bulk = await parley.members.addMany(channel.id, ["park", "kim", "ghost"]);
    expect(bulk.results.map((r) => `${r.userId}:${r.status}`)).toEqual([
      "park:added",
      "kim:already_member",
      "ghost:failed",
    ]);
    await parley.members.remove(channel.id, "lee");
    const removed = await parley.members.removeMany(channel.id, ["park", "choi"]);
    expect(removed.results.map((r) => r.status)).toEqual(["removed", "not_member"]);
    const { members } = await parley.members.list(channel.id);
    expect(members.map((m) => m.userId)).toEqual(["kim"]);
  });

  it("mutes, unmutes, bans and unbans a member", async () => {
    const { parley } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    const channel = await parley.channels.create({ name: "Moderated", userIds: ["kim"] });
    expect((await parley.moderation.mute(channel.id, "kim", 10)).mutedUntil).not.toBeNull();
    await expect(parley.messages.sendAs("kim", channel.id, "hello?")).rejects.toMatchObject({ code: "3022" });
    expect((await parley.moderation.unmute(channel.id, "kim")).mutedUntil).toBeNull();
    await parley.moderation.ban(channel.id, "kim");
    await expect(parley.members.add(channel.id, ["kim"])).rejects.toMatchObject({ code: "3029" });
    await parley.moderation.unban(channel.id, "kim");
    expect(await parley.members.add(channel.id, ["kim"])).toMatchObject({ memberCount: 1 });
  });

  it("shadow-bans a user in the app and a member in a channel, and lifts both", async () => {
    const { parley } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    await parley.users.create({ userId: "lee", nickname: "Lee" });
    const channel = await parley.channels.create({ name: "Watched", userIds: ["kim", "lee"] });
    expect(await parley.users.shadowBan("kim")).toEqual({ userId: "kim", shadowBanned: true });
    expect(await parley.moderation.shadowBan(channel.id, "lee")).toEqual({ userId: "lee", shadowBanned: true });
    expect(await parley.users.isShadowBanned("kim")).toBe(true);
    expect(await parley.moderation.isShadowBanned(channel.id, "lee")).toBe(true);
    await parley.messages.sendAs("kim", channel.id, "from kim");
    await parley.messages.sendAs("lee", channel.id, "from lee");
    // The app's server reads them marked; the other member would not read them at all.
    const { messages } = await parley.messages.list(channel.id);
    expect(messages.map((m) => [m.text, m.shadowed])).toEqual([
      ["from kim", true],
      ["from lee", true],
    ]);

    expect(await parley.users.liftShadowBan("kim")).toEqual({ userId: "kim", shadowBanned: false });
    expect(await parley.moderation.liftShadowBan(channel.id, "lee")).toEqual({ userId: "lee", shadowBanned: false });
    expect(await parley.users.isShadowBanned("kim")).toBe(false);
    expect(await parley.moderation.isShadowBanned(channel.id, "lee")).toBe(false);
    await parley.messages.sendAs("kim", channel.id, "kim again");
    const after = await parley.messages.list(channel.id);
    expect(after.messages.at(-1)).toMatchObject({ text: "kim again" });
    expect(after.messages.at(-1)?.shadowed).not.toBe(true);
  });
});

describe("roles and permissions", () => {
  it("makes a custom role, gives it to a user and a member a channel role, and sets and resets a matrix", async () => {
    const { parley } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    await parley.users.create({ userId: "lee", nickname: "Lee" });
    const channel = await parley.channels.create({ name: "Staff", userIds: ["kim", "lee"] });
    expect(await parley.roles.create("vip", "Supporters")).toMatchObject({ name: "vip", builtIn: false });
    expect(await parley.roles.update("vip", "Our supporters")).toMatchObject({ description: "Our supporters" });
    expect(await parley.users.setRole("kim", "vip")).toEqual({ userId: "kim", role: "vip" });
    expect(await parley.channels.setMemberRole(channel.id, "lee", "moderator")).toEqual({
      userId: "lee",
      role: "moderator",
    });
    const roles = await parley.roles.list();
    expect(roles.map((r) => r.name)).toEqual(["admin", "moderator", "member", "guest", "vip"]);
    expect(roles.find((r) => r.name === "vip")?.userCount).toBe(1);

    const set = await parley.permissions.set("public", { app: { vip: ["read", "send", "pin"] } });
    expect(set).toMatchObject({ channelType: "public", isDefault: false, app: { vip: ["read", "send", "pin"] } });
    expect(await parley.permissions.get("public")).toMatchObject({ isDefault: false });
    expect((await parley.permissions.get()).map((m) => m.channelType)).toContain("broadcast");
    expect(await parley.permissions.reset("public")).toMatchObject({ isDefault: true });

    await parley.roles.delete("vip");
    expect((await parley.users.get("kim")).role).toBe("member");
    await expect(parley.roles.delete("admin")).rejects.toMatchObject({ code: "3201" });
  });
});

describe("messages", () => {
  it("sends as the app and as a user, lists the history and deletes a message", async () => {
    const { parley } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    const channel = await parley.channels.create({ name: "Room", userIds: ["kim"] });
    const notice = await parley.messages.send(channel.id, "Welcome!");
    expect(notice).toMatchObject({ type: "admin", text: "Welcome!", sender: null });
    const said = await parley.messages.sendAs("kim", channel.id, { text: "hi", metadata: { via: "backend" } });
    expect(said).toMatchObject({ type: "text", text: "hi", sender: { userId: "kim" }, metadata: { via: "backend" } });
    // The second send as kim reuses the session the first one made.
    await parley.messages.sendAs("kim", channel.id, "again");
    const { messages } = await parley.messages.list(channel.id, { limit: 10 });
    expect(messages.map((m) => m.text)).toEqual(["Welcome!", "hi", "again"]);
    await parley.messages.delete(channel.id, notice.id);
    const after = await parley.messages.list(channel.id);
    expect(after.messages.map((m) => m.text)).toEqual(["hi", "again"]);
  });
});

describe("a write whose answer was lost after the server applied it", () => {
  it("is retried with the same key and stores one message", async () => {
    const lossy = losingFirstAnswer(/^POST .*\/messages$/);
    const { parley } = await serverApp(t, { fetch: lossy.fetch });
    const channel = await parley.channels.create({ name: "Room" });
    const message = await parley.messages.send(channel.id, "once");
    expect(lossy.lostCount()).toBe(1);
    const { messages } = await parley.messages.list(channel.id);
    expect(messages.map((m) => m.id)).toEqual([message.id]);
  });

  it("is retried and makes one channel", async () => {
    const lossy = losingFirstAnswer(/^POST .*\/channels\/bulk$/);
    const { parley } = await serverApp(t, { fetch: lossy.fetch });
    const channel = await parley.channels.create({ name: "Only one" });
    expect(lossy.lostCount()).toBe(1);
    const { channels } = await parley.channels.list({ search: "Only one" });
    expect(channels.map((c) => c.id)).toEqual([channel.id]);
  });

  it("answers the user a retried create made, and a retried delete as done", async () => {
    const lossy = losingFirstAnswer(/^(POST .*\/users|DELETE .*\/users\/kim)$/);
    const { parley } = await serverApp(t, { fetch: lossy.fetch });
    const kim = await parley.users.create({ userId: "kim", nickname: "Kim" });
    expect(kim).toMatchObject({ userId: "kim", nickname: "Kim" });
    expect(lossy.lostCount()).toBe(1);
    const lossyDelete = losingFirstAnswer(/^DELETE .*\/users\/kim$/);
    const { parley: other } = await serverApp(t, { fetch: lossyDelete.fetch });
    await other.users.create({ userId: "kim", nickname: "Kim" });
    await other.users.delete("kim");
    expect(lossyDelete.lostCount()).toBe(1);
    await expect(other.users.get("kim")).rejects.toMatchObject({ code: "3018" });
  });
});
