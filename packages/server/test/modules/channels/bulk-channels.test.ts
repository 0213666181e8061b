import { randomUUID } from "node:crypto";
import {
  BULK_ITEMS_MAX,
  type TBulkChannelResult,
  type TBulkMemberResult,
  type TChannel,
  type TChatEvent,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type ChannelResults = { results: TBulkChannelResult[] };
type MemberResults = { channel: TChannel; results: TBulkMemberResult[] };

/** An app with `count` users, `user-0` … made in one bulk call. */
async function appWithUsers(count: number) {
  const chat = await createChatApp(t);
  const users = Array.from({ length: count }, (_, i) => ({ userId: `user-${i}`, nickname: `User ${i}` }));
  expect((await chat.server.post("/users/bulk", { users })).status).toBe(200);
  return chat;
}

describe("POST /v1/channels/bulk", () => {
  it("creates 100 channels with their owners and members in one call; sent again, it answers exists for each", async () => {
    const chat = await appWithUsers(10);
    const channels = Array.from({ length: BULK_ITEMS_MAX }, (_, i) => ({
      channelId: randomUUID(),
      name: `Team ${i}`,
      type: i % 2 === 0 ? "public" : "private_invite",
      ownerUserId: `user-${i % 10}`,
      userIds: [`user-${(i + 1) % 10}`, `user-${(i + 2) % 10}`],
      data: { source: "import" },
      tags: ["team"],
    }));
    const first = await chat.server.post<ChannelResults>("/channels/bulk", { channels });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => [r.index, r.channelId, r.status])).toEqual(
      channels.map((c, i) => [i, c.channelId, "created"]),
    );
    expect(first.body.results[3]?.channel).toMatchObject({
      id: channels[3]?.channelId,
      name: "Team 3",
      type: "private_invite",
      ownerUserId: "user-3",
      memberCount: 3,
      data: { source: "import" },
      tags: [{ tag: "team" }],
    });
    const members = await chat.server.get<{ members: { userId: string; role: string }[] }>(
      `/channels/${channels[3]?.channelId}/members`,
    );
    expect(members.body.members.map((m) => [m.userId, m.role])).toEqual(
      expect.arrayContaining([
        ["user-3", "owner"],
        ["user-4", "member"],
        ["user-5", "member"],
      ]),
    );

    const again = await chat.server.post<ChannelResults>("/channels/bulk", { channels });
    expect(again.body.results.every((r) => r.status === "exists")).toBe(true);
    const listed = await chat.server.get<{ channels: unknown[] }>("/channels?limit=100");
    expect(listed.body.channels).toHaveLength(BULK_ITEMS_MAX);
  });

  it("refuses bad items each with its own code and creates the rest", async () => {
    const chat = await appWithUsers(3);
    const other = await createChatApp(t);
    const othersChannel = await other.server.post<{ channel: { id: string } }>("/channels", {
      name: "Theirs",
      type: "public",
    });
    const repeated = randomUUID();
    const { body } = await chat.server.post<ChannelResults>("/channels/bulk", {
      channels: [
        { channelId: repeated, name: "Good", type: "public", userIds: ["user-0"] },
        { channelId: repeated, name: "Same ID again", type: "public" },
        { name: "", type: "public" },
        { name: "Ghosts", type: "public", userIds: ["user-1", "ghost-1", "ghost-2"] },
        { name: "Too small", type: "public", memberLimit: 2, userIds: ["user-0", "user-1", "user-2"] },
        { channelId: othersChannel.body.channel.id, name: "Not yours", type: "public" },
        { name: "Locked", type: "private" },
        { channelId: "not-a-uuid", name: "Bad ID", type: "public" },
        { name: "Also good", type: "supergroup", ownerUserId: "user-2" },
      ],
    });
    expect(body.results.map((r) => [r.index, r.status, r.error?.code])).toEqual([
      [0, "created", undefined],
      [1, "failed", "300"],
      [2, "failed", "300"],
      [3, "failed", "3018"],
      [4, "failed", "3024"],
      [5, "failed", "3160"],
      [6, "failed", "300"],
      [7, "failed", "300"],
      [8, "created", undefined],
    ]);
    expect(body.results[3]?.error?.data).toEqual({ userIds: ["ghost-1", "ghost-2"] });
    expect(body.results[1]?.error?.data).toEqual({
      fields: [{ path: "channelId", message: "VALIDATION_DUPLICATE_ITEM" }],
    });
    // The other app's channel is untouched, and nothing was made for the refused items.
    const theirs = await other.server.get<{ channel: { name: string } }>(`/channels/${othersChannel.body.channel.id}`);
    expect(theirs.body.channel.name).toBe("Theirs");
    const listed = await chat.server.get<{ channels: { name: string }[] }>("/channels?limit=100");
    expect(listed.body.channels.map((c) => c.name).sort()).toEqual(["Also good", "Good"]);
  });

  it("tells the members' sockets of each new channel as a single create does", async () => {
    const chat = await appWithUsers(1);
    const member = await chat.user("user-1");
    const start = (await member.api.get<{ events: TChatEvent[] }>("/events")).body.events.at(-1)?.id ?? "0";
    const channelId = randomUUID();
    await chat.server.post("/channels/bulk", {
      channels: [{ channelId, name: "Told", type: "public", ownerUserId: "user-0", userIds: ["user-1"] }],
    });
    const events = (await member.api.get<{ events: TChatEvent[] }>(`/events?after=${start}`)).body.events;
    expect(events.filter((e) => e.channelId === channelId).map((e) => e.type)).toEqual(
      expect.arrayContaining(["channel.created", "member.joined"]),
    );
    const mine = await member.api.get<{ channels: { id: string }[] }>("/channels?scope=mine");
    expect(mine.body.channels.map((c) => c.id)).toContain(channelId);
  });

  it("answers an end user's call 1023 and creates nothing", async () => {
    const chat = await createChatApp(t);
    const user = await chat.user("user-0");
    const refused = await user.api.post("/channels/bulk", { channels: [{ name: "Mine", type: "public" }] });
    expect(refused.body.code).toBe("1023");
    expect((await chat.server.get<{ channels: unknown[] }>("/channels")).body.channels).toEqual([]);
  });
});

describe("POST /v1/channels/{channelId}/members/bulk", () => {
  it("adds 100 members in one call and answers each, and adding them again answers already_member", async () => {
    const chat = await appWithUsers(BULK_ITEMS_MAX);
    const created = await chat.server.post<{ channel: { id: string } }>("/channels", {
      name: "Big",
      type: "supergroup",
    });
    const channelId = created.body.channel.id;
    const add = Array.from({ length: BULK_ITEMS_MAX }, (_, i) => `user-${i}`);
    const first = await chat.server.post<MemberResults>(`/channels/${channelId}/members/bulk`, { add });
    expect(first.body.results.map((r) => [r.index, r.action, r.userId, r.status])).toEqual(
      add.map((userId, i) => [i, "add", userId, "added"]),
    );
    expect(first.body.channel.memberCount).toBe(BULK_ITEMS_MAX);
    const again = await chat.server.post<MemberResults>(`/channels/${channelId}/members/bulk`, { add });
    expect(again.body.results.every((r) => r.status === "already_member")).toBe(true);
    expect(again.body.channel.memberCount).toBe(BULK_ITEMS_MAX);
  });

  it("removes before it adds, so a swap fits a full channel, and refuses bad user IDs each with its code", async () => {
    const chat = await appWithUsers(7);
    const created = await chat.server.post<{ channel: { id: string } }>("/channels", {
      name: "Small",
      type: "public",
      memberLimit: 3,
      userIds: ["user-0", "user-1", "user-2"],
    });
    const channelId = created.body.channel.id;
    await chat.server.post(`/channels/${channelId}/members/user-2/ban`, {});
    const { status, body } = await chat.server.post<MemberResults>(`/channels/${channelId}/members/bulk`, {
      add: ["user-3", "ghost", "user-2", "user-4", "user-5", "user-0", "bad id"],
      remove: ["user-1", "user-3", "user-6", "ghost-2"],
    });
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.action, r.index, r.userId, r.status, r.error?.code])).toEqual([
      ["add", 0, "user-3", "added", undefined],
      ["add", 1, "ghost", "failed", "3018"],
      ["add", 2, "user-2", "failed", "3029"],
      ["add", 3, "user-4", "added", undefined],
      ["add", 4, "user-5", "failed", "3024"],
      ["add", 5, "user-0", "already_member", undefined],
      ["add", 6, "bad id", "failed", "300"],
      ["remove", 0, "user-1", "removed", undefined],
      ["remove", 1, "user-3", "failed", "300"],
      ["remove", 2, "user-6", "not_member", undefined],
      ["remove", 3, "ghost-2", "failed", "3018"],
    ]);
    expect(body.channel.memberCount).toBe(3);
    const members = await chat.server.get<{ members: { userId: string }[] }>(`/channels/${channelId}/members`);
    expect(members.body.members.map((m) => m.userId).sort()).toEqual(["user-0", "user-3", "user-4"]);
  });

  it("refuses whole a call of more than 100 user IDs or of none, and a channel of another app (3007)", async () => {
    const chat = await appWithUsers(1);
    const other = await createChatApp(t);
    const theirs = await other.server.post<{ channel: { id: string } }>("/channels", {
      name: "Theirs",
      type: "public",
    });
    const ok = await chat.server.post<{ channel: { id: string } }>("/channels", { name: "Ours", type: "public" });
    const many = Array.from({ length: 60 }, (_, i) => `user-${i}`);
    const tooMany = await chat.server.post(`/channels/${ok.body.channel.id}/members/bulk`, { add: many, remove: many });
    expect(tooMany.body.code).toBe("300");
    expect((await chat.server.post(`/channels/${ok.body.channel.id}/members/bulk`, {})).body.code).toBe("300");
    const foreign = await chat.server.post(`/channels/${theirs.body.channel.id}/members/bulk`, { add: ["user-0"] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("3007");
  });
});
