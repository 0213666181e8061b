import { dashboardChat, fillPath } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function dash(token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  const res = await t.server.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

async function seeded() {
  const app = await createChatApp(t);
  const kim = await app.user("kim", "Kim");
  await app.user("lee", "Lee");
  await app.user("park", "Park");
  const { channel } = (
    await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Lobby", userIds: ["lee"] })
  ).body;
  await kim.api.post(`/channels/${channel.id}/messages`, { text: "hello", metadata: { lang: "en" } });
  const token = app.owner.token;
  const p = (path: string, extra: Record<string, string> = {}) =>
    fillPath(path, { id: app.appId, channelId: channel.id, ...extra });
  return { app, token, channelId: channel.id, p };
}

describe("dashboard users", () => {
  it("lists and searches users, suspends and deletes them", async () => {
    const { token, p } = await seeded();
    const list = await dash(token, "GET", `${p(dashboardChat.users)}?limit=2`);
    expect(list.body.users.map((u: { userId: string }) => u.userId)).toHaveLength(2);
    expect(list.body.nextCursor).toEqual(expect.any(String));
    const found = await dash(token, "GET", `${p(dashboardChat.searchUsers)}?q=pa`);
    expect(found.body.users.map((u: { userId: string }) => u.userId)).toEqual(["park"]);
    const suspended = await dash(token, "POST", p(dashboardChat.deactivate, { userId: "park" }));
    expect(suspended.body.user.isActive).toBe(false);
    expect((await dash(token, "POST", p(dashboardChat.activate, { userId: "park" }))).body.user.isActive).toBe(true);
    expect((await dash(token, "DELETE", p(dashboardChat.user, { userId: "park" }))).status).toBe(200);
    expect((await dash(token, "DELETE", p(dashboardChat.user, { userId: "park" }))).body.code).toBe("3018");
  });
});

describe("dashboard channel tags", () => {
  it("refuses a tag equal to one of the channel's after NFC normalization and case folding", async () => {
    const { token, p } = await seeded();
    expect((await dash(token, "POST", p(dashboardChat.tagsCreate), { tag: "Sale" })).status).toBe(200);
    for (const tag of ["sale", "SALE"]) {
      const res = await dash(token, "POST", p(dashboardChat.tagsCreate), { tag });
      expect(res.body).toMatchObject({
        code: "300",
        data: { fields: [{ path: "tag", message: "VALIDATION_TAG_DUPLICATE" }] },
      });
    }
    expect((await dash(token, "POST", p(dashboardChat.tagsCreate), { tag: "한정" })).status).toBe(200);
    const decomposed = await dash(token, "POST", p(dashboardChat.tagsCreate), { tag: "한정".normalize("NFD") });
    expect(decomposed.body.code).toBe("300");
    const tags = await dash(token, "GET", p(dashboardChat.tags));
    expect(tags.body.tags.map((x: { tag: string }) => x.tag).sort()).toEqual(["Sale", "한정"].sort());
  });

  it("refuses a tag of only zero-width characters as blank, with VALIDATION_REQUIRED", async () => {
    const { token, p } = await seeded();
    const res = await dash(token, "POST", p(dashboardChat.tagsCreate), { tag: "\u200b\u200d" });
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "tag", message: "VALIDATION_REQUIRED" }] },
    });
  });

  it("refuses a channel created with two tags that differ only in case", async () => {
    const { token, p } = await seeded();
    const res = await dash(token, "POST", p(dashboardChat.channels), { name: "Deals", tags: ["Sale", "sale"] });
    expect(res.body).toMatchObject({ code: "300", data: { fields: [{ message: "VALIDATION_TAG_DUPLICATE" }] } });
  });
});

describe("dashboard channels", () => {
  it("creates, edits with subchannel settings and tags, and deletes a channel", async () => {
    const { token, p, app } = await seeded();
    const created = await dash(token, "POST", p(dashboardChat.channels), {
      name: "Announcements",
      type: "public",
      memberLimit: 50,
      tags: ["notice"],
    });
    expect(created.body.channel).toMatchObject({ name: "Announcements", ownerUserId: null, memberCount: 0 });
    const id = created.body.channel.id;
    const path = (x: string) => fillPath(x, { id: app.appId, channelId: id });
    const subchannel = { enabled: true, minMembers: 500, maxMembers: 3000, mergeMinutes: 30 };
    const updated = await dash(token, "PUT", path(dashboardChat.channel), {
      name: "News",
      type: "private",
      inviteCode: "letmein",
      subchannel,
    });
    expect(updated.body).toMatchObject({
      channel: { name: "News", type: "private" },
      inviteCode: "letmein",
      subchannel,
    });
    const badSub = await dash(token, "PUT", path(dashboardChat.channel), {
      subchannel: { ...subchannel, minMembers: 499 },
    });
    expect(badSub.body.code).toBe("300");
    expect((await dash(token, "PUT", path(dashboardChat.channel), { inviteCode: "abc1" })).body.code).toBe("300");
    const tags = await dash(token, "POST", path(dashboardChat.tagsCreate), { tag: "daily" });
    expect(tags.body.tags.map((x: { tag: string }) => x.tag)).toEqual(["daily", "notice"]);
    expect((await dash(token, "POST", path(dashboardChat.tagsCreate), { tag: "daily" })).body.code).toBe("300");
    expect((await dash(token, "POST", path(dashboardChat.tagsCreate), { tag: "elevenchars" })).body.code).toBe("300");
    const removed = await dash(token, "POST", path(dashboardChat.tagsDelete), { id: tags.body.tags[0].id });
    expect(removed.body.tags.map((x: { tag: string }) => x.tag)).toEqual(["notice"]);
    expect((await dash(token, "DELETE", path(dashboardChat.channel))).status).toBe(200);
    expect((await dash(token, "GET", path(dashboardChat.channel))).body.code).toBe("3007");
  });

  it("moderates: freeze, admin message, mute with duration, ban, counts and searches", async () => {
    const { token, p } = await seeded();
    expect((await dash(token, "POST", p(dashboardChat.freeze))).body.channel.isFrozen).toBe(true);
    const admin = await dash(token, "POST", p(dashboardChat.messages), { text: "We are back at 10." });
    expect(admin.body.message).toMatchObject({ type: "admin", sender: null });
    await dash(token, "POST", p(dashboardChat.unfreeze));

    expect((await dash(token, "POST", p(dashboardChat.mute), { userId: "lee" })).body.code).toBe("301");
    expect((await dash(token, "POST", p(dashboardChat.mute), { userId: "lee", minutes: 1441 })).body.code).toBe("300");
    const muted = await dash(token, "POST", p(dashboardChat.mute), { userId: "lee", minutes: 30 });
    expect(muted.body.mutedUntil).toEqual(expect.any(String));
    expect((await dash(token, "GET", p(dashboardChat.isMuted, { userId: "lee" }))).body.isMuted).toBe(true);
    expect((await dash(token, "GET", p(dashboardChat.mutedCount))).body).toEqual({ count: 1 });
    expect((await dash(token, "GET", `${p(dashboardChat.mutedSearch)}?q=le`)).body.members).toHaveLength(1);

    expect(
      (await dash(token, "POST", p(dashboardChat.membersAdd), { userIds: ["park"] })).body.channel.memberCount,
    ).toBe(3);
    expect((await dash(token, "GET", p(dashboardChat.membersCount))).body).toEqual({ count: 3 });
    await dash(token, "POST", p(dashboardChat.ban), { userId: "park" });
    expect((await dash(token, "GET", p(dashboardChat.bannedCount))).body).toEqual({ count: 1 });
    expect((await dash(token, "GET", p(dashboardChat.banned))).body.users[0].userId).toBe("park");
    expect((await dash(token, "POST", p(dashboardChat.membersAdd), { userIds: ["park"] })).body.code).toBe("3029");
    const tooMany = Array.from({ length: 101 }, (_, i) => `u${i}`);
    expect((await dash(token, "POST", p(dashboardChat.membersAdd), { userIds: tooMany })).body.code).toBe("300");
    await dash(token, "POST", p(dashboardChat.unban), { userId: "park" });
    expect((await dash(token, "GET", p(dashboardChat.bannedCount))).body).toEqual({ count: 0 });

    const info = await dash(token, "GET", p(dashboardChat.memberInfo, { userId: "kim" }));
    expect(info.body).toMatchObject({ userId: "kim", role: "owner" });
    const theirs = await dash(token, "GET", p(dashboardChat.memberMessages, { userId: "kim" }));
    expect(theirs.body.messages.map((m: { text: string }) => m.text)).toEqual(["hello"]);
    expect((await dash(token, "PUT", p(dashboardChat.owner), { userId: "lee" })).body.channel.ownerUserId).toBe("lee");
    await dash(token, "POST", p(dashboardChat.membersRemove), { userId: "kim" });
    expect((await dash(token, "GET", p(dashboardChat.memberInfo, { userId: "kim" }))).body.code).toBe("3020");

    const history = await dash(token, "GET", p(dashboardChat.messages));
    const ids = history.body.messages.map((m: { id: string }) => m.id);
    expect((await dash(token, "POST", p(dashboardChat.deleteMessages), { messageIds: ids })).status).toBe(200);
    expect((await dash(token, "GET", p(dashboardChat.messages))).body.messages).toEqual([]);
  });

  it("answers 3003 on every users and channels route for another account's app", async () => {
    const { p } = await seeded();
    const stranger = await createAccount(t);
    const userId = "kim";
    const bodies: Record<string, unknown> = {
      [dashboardChat.channels]: { name: "x" },
      [dashboardChat.channel]: { name: "x" },
      [dashboardChat.owner]: { userId },
      [dashboardChat.messages]: { text: "x" },
      [dashboardChat.deleteMessages]: { messageIds: ["00000000-0000-4000-8000-000000000000"] },
      [dashboardChat.membersAdd]: { userIds: [userId] },
      [dashboardChat.membersRemove]: { userId },
      [dashboardChat.mute]: { userId, minutes: 5 },
      [dashboardChat.unmute]: { userId },
      [dashboardChat.ban]: { userId },
      [dashboardChat.unban]: { userId },
      [dashboardChat.tagsCreate]: { tag: "x" },
      [dashboardChat.tagsDelete]: { id: "00000000-0000-4000-8000-000000000000" },
    };
    let checked = 0;
    for (const path of Object.values(dashboardChat)) {
      for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
        const url = `/api${p(path, { userId, messageId: "00000000-0000-4000-8000-000000000000", reaction: "like" })}`;
        const probe = await t.server.inject({
          method,
          url,
          headers: { authorization: `Bearer ${stranger.token}` },
          payload: (bodies[path] ?? {}) as Record<string, unknown>,
        });
        if (probe.statusCode === 404 && probe.json().code === "004") continue;
        checked += 1;
        expect({ method, path, code: probe.json().code }).toEqual({ method, path, code: "3003" });
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(dashboardChat).length);
  });
});

describe("deleting several messages", () => {
  it("deletes none when one id of the request is unknown", async () => {
    const { token, p } = await seeded();
    const history = await dash(token, "GET", p(dashboardChat.messages));
    const ids = history.body.messages.map((m: { id: string }) => m.id);
    const res = await dash(token, "POST", p(dashboardChat.deleteMessages), {
      messageIds: [...ids, "00000000-0000-4000-8000-000000000000"],
    });
    expect(res.body.code).toBe("3026");
    expect((await dash(token, "GET", p(dashboardChat.messages))).body.messages).toHaveLength(ids.length);
  });
});
