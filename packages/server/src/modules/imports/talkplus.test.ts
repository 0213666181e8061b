import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTalkPlusServer, type TalkPlusData, type TalkPlusServer } from "../../../test/support/talkplus-server";
import { createOutboundGuard } from "../../integrations/outbound";
import { pullTalkPlus, type TalkPlusGet, talkPlusChannelType } from "./talkplus";

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../test/fixtures/imports/talkplus/app.json",
);
const DATA = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as TalkPlusData;
const CREDENTIALS = { appId: "app-7f3c", apiKey: "key-0123456789" };
const M = "677f2a000000000000000";
const USERS = "GET /v1.4/api/users";
const channelsOf = (userId: string) => `GET /v1.4/api/users/${userId}/channels`;
const membersOf = (channel: string) => `GET /v1.4/api/channels/${channel}/members`;
const messagesOf = (channel: string) => `GET /v1.4/api/channels/${channel}/messages`;

const guard = createOutboundGuard({ allowedNetworks: ["127.0.0.1/32"] });
const get: TalkPlusGet = (url, headers) =>
  guard.request({ url, method: "GET", headers, timeoutMs: 10_000, maxBodyBytes: 8_000_000 });

let server: TalkPlusServer;
beforeAll(async () => {
  server = await startTalkPlusServer(DATA, { ...CREDENTIALS, pageSize: 50 });
});
afterAll(async () => {
  await server.close();
  guard.close();
});

const pull = (url: string, pageSize?: number) =>
  pullTalkPlus({ baseUrl: url, ...CREDENTIALS }, get, pageSize === undefined ? {} : { pageSize });

const REFUSED = [
  { file: USERS, line: 5, reason: "invalid-user-id", kind: "user", detail: "bad user!" },
  { file: messagesOf("general"), line: 6, reason: "reaction-without-users", kind: "reaction", detail: "happy ×2" },
  { file: messagesOf("town-hall"), line: 2, reason: "invalid-user-id", kind: "reaction", detail: "bad user!" },
  { file: membersOf("project-x"), line: 3, reason: "invalid-user-id", kind: "member", detail: "bad user!" },
  { file: messagesOf("project-x"), line: 2, reason: "hidden-message", kind: "message" },
  { file: messagesOf("project-x"), line: 3, reason: "invalid-user-id", kind: "message", detail: "bad user!" },
];

describe("pullTalkPlus against the stand-in, through the outbound guard", () => {
  it("reads the users, refusing an ID Parley does not accept", async () => {
    const parsed = await pull(server.url);
    expect(parsed.source).toBe("talkplus");
    expect(parsed.users.map((u) => [u.userId, u.nickname, u.profileImageUrl, u.at.line])).toEqual([
      ["alice", "Alice", "https://cdn.example.com/talkplus/alice.png", 1],
      ["bob", "Bob", "", 2],
      ["carol", "carol", "", 3],
      ["dave", "Dave", "https://cdn.example.com/talkplus/dave.png", 4],
    ]);
    expect(parsed.users[0]).toEqual({
      userId: "alice",
      nickname: "Alice",
      profileImageUrl: "https://cdn.example.com/talkplus/alice.png",
      metadata: { city: "Seoul", team: "core" },
      createdAt: new Date(1736850000000),
      isDeactivated: false,
      at: { file: USERS, line: 1 },
    });
  });

  it("finds channels through their members' lists, once each, with Parley's types", async () => {
    const parsed = await pull(server.url);
    expect(parsed.channels).toEqual([
      {
        sourceKey: "general",
        name: "General",
        type: "public",
        ownerUserId: "alice",
        data: { category: "team", topic: "daily" },
        createdAt: new Date("2025-01-14T12:00:00Z"),
        isFrozen: false,
        at: { file: channelsOf("alice"), line: 1 },
      },
      {
        sourceKey: "town-hall",
        name: "town-hall",
        type: "open",
        ownerUserId: null,
        data: { category: "events", stream: "yes" },
        createdAt: new Date(1736858000000),
        isFrozen: false,
        at: { file: channelsOf("alice"), line: 2 },
      },
      {
        sourceKey: "project-x",
        name: "Project X",
        type: "private",
        ownerUserId: "bob",
        data: {},
        createdAt: new Date(1736857000000),
        isFrozen: true,
        at: { file: channelsOf("bob"), line: 2 },
      },
    ]);
  });

  it("reads each channel's members from its members list, a super channel's too", async () => {
    const parsed = await pull(server.url);
    expect(parsed.members.map((m) => [m.channelKey, m.userId, m.isOwner, m.at.file, m.at.line])).toEqual([
      ["general", "alice", true, membersOf("general"), 1],
      ["general", "bob", false, membersOf("general"), 2],
      ["general", "carol", false, membersOf("general"), 3],
      ["town-hall", "alice", false, membersOf("town-hall"), 1],
      ["town-hall", "carol", false, membersOf("town-hall"), 2],
      ["town-hall", "dave", false, membersOf("town-hall"), 3],
      ["project-x", "bob", true, membersOf("project-x"), 1],
      ["project-x", "dave", false, membersOf("project-x"), 2],
    ]);
    expect(parsed.members[0]?.joinedAt).toEqual(new Date("2025-01-14T12:00:00Z"));
  });

  it("reads each member's lastReadAt in seconds as a read time, and leaves a member without one unsaid", async () => {
    const parsed = await pull(server.url);
    const read = (channel: string, userId: string) =>
      parsed.members.find((m) => m.channelKey === channel && m.userId === userId)?.read;
    expect(read("general", "alice")).toEqual({ kind: "time", at: new Date(1736856600000) });
    expect(read("general", "bob")).toEqual({ kind: "time", at: new Date(1736856130000) });
    expect(read("general", "carol")).toEqual({ kind: "time", at: new Date(1736856330000) });
    expect(read("town-hall", "dave")).toBeUndefined();
  });

  it("reads messages oldest first with times, threads, files, edits and admin messages", async () => {
    const parsed = await pull(server.url);
    expect(parsed.messages.map((m) => [m.sourceKey, m.channelKey, m.kind, m.senderUserId, m.at.line])).toEqual([
      [`${M}101`, "general", "text", "alice", 1],
      [`${M}102`, "general", "text", "bob", 2],
      [`${M}103`, "general", "file", "carol", 3],
      [`${M}104`, "general", "text", "bob", 4],
      [`${M}105`, "general", "admin", null, 5],
      [`${M}106`, "general", "text", "alice", 6],
      [`${M}301`, "town-hall", "text", "carol", 1],
      [`${M}302`, "town-hall", "text", "alice", 2],
      [`${M}201`, "project-x", "text", "bob", 1],
      [`${M}204`, "project-x", "text", "dave", 4],
    ]);
    const message = (key: string) => parsed.messages.find((m) => m.sourceKey === `${M}${key}`);
    expect(message("101")).toEqual({
      sourceKey: `${M}101`,
      channelKey: "general",
      senderUserId: "alice",
      kind: "text",
      text: "Morning all",
      metadata: { lang: "en" },
      attachments: [],
      createdAt: new Date(1736856060000),
      editedAt: null,
      deletedAt: null,
      parentKey: null,
      at: { file: messagesOf("general"), line: 1 },
    });
    expect(message("102")?.parentKey).toBe(`${M}101`);
    expect(message("106")?.mentionedUserIds).toEqual(["carol"]);
    expect(message("101")?.mentionedUserIds).toBeUndefined();
    expect(message("302")?.parentKey).toBe(`${M}301`);
    expect(message("103")).toMatchObject({
      text: "",
      attachments: [
        {
          url: "https://cdn.example.com/talkplus/files/spec%20v2.pdf",
          name: "spec v2.pdf",
          mimeType: null,
          size: null,
        },
      ],
    });
    expect(message("104")?.editedAt).toEqual(new Date(1736856400000));
    expect(message("105")?.text).toBe("Carol joined the channel");
    // Parley keeps five metadata entries: the first five keys in code-unit order.
    expect(message("201")?.metadata).toEqual({ b: "2", c: "3", d: "4", e: "5", f: "6" });
  });

  it("reads reactions given with their users and refuses what cannot be imported, with path and index", async () => {
    const parsed = await pull(server.url);
    expect(parsed.reactions.map((r) => [r.messageKey, r.userId, r.reaction, r.at.file, r.at.line])).toEqual([
      [`${M}101`, "bob", "thumbsup", messagesOf("general"), 1],
      [`${M}101`, "carol", "thumbsup", messagesOf("general"), 1],
      [`${M}302`, "carol", "heart", messagesOf("town-hall"), 2],
    ]);
    expect(parsed.refused).toEqual(REFUSED);
  });

  it("follows the pages with the last item's ID and reads the same records at two a page", async () => {
    const start = server.requests.length;
    const byTwo = await pull(server.url, 2);
    expect(byTwo).toEqual(await pull(server.url));
    const made = server.requests.slice(start);
    expect(made).toContain("GET /v1.4/api/users?limit=2");
    expect(made).toContain("GET /v1.4/api/users?limit=2&lastUserId=bob");
    expect(made).toContain("GET /v1.4/api/users?limit=2&lastUserId=dave");
    expect(made).toContain("GET /v1.4/api/channels/general/members?limit=2&lastUserId=bob");
    expect(made).toContain(`GET /v1.4/api/channels/general/messages?order=oldest&limit=2&lastMessageId=${M}104`);
    expect(made).toContain("GET /v1.4/api/users/bad%20user!/channels?limit=2");
  });

  it("throws when TalkPlus refuses the API key on the first call", async () => {
    await expect(pullTalkPlus({ baseUrl: server.url, appId: CREDENTIALS.appId, apiKey: "wrong" }, get)).rejects.toThrow(
      /refused the credentials \(HTTP 401\)/,
    );
  });
});

describe("pullTalkPlus when pages fail", () => {
  it("refuses a page answering 500 or a body that is not JSON, and reads the rest", async () => {
    const failing = await startTalkPlusServer(DATA, {
      ...CREDENTIALS,
      pageSize: 50,
      faults: [
        { path: "/v1.4/api/channels/general/messages", after: `${M}102`, status: 500, body: "upstream error" },
        { path: "/v1.4/api/users/bob/channels", status: 200, body: "<html>maintenance</html>" },
      ],
    });
    try {
      const parsed = await pull(failing.url, 2);
      expect(parsed.refused.slice(1, 3)).toEqual([
        {
          file: channelsOf("bob"),
          line: 0,
          reason: "malformed-json",
          kind: "channel",
          detail: expect.stringContaining("first page: "),
        },
        { file: messagesOf("general"), line: 0, reason: "http-500", kind: "message", detail: `page after ${M}102` },
      ]);
      // Bob's list failed; Dave's still names the channel.
      expect(parsed.channels.map((c) => [c.sourceKey, c.at.file, c.at.line])).toEqual([
        ["general", channelsOf("alice"), 1],
        ["town-hall", channelsOf("alice"), 2],
        ["project-x", channelsOf("dave"), 1],
      ]);
      expect(parsed.messages.map((m) => m.sourceKey)).toEqual([
        `${M}101`,
        `${M}102`,
        `${M}301`,
        `${M}302`,
        `${M}201`,
        `${M}204`,
      ]);
      expect(parsed.members).toHaveLength(8);
    } finally {
      await failing.close();
    }
  });

  it("stops a list whose next page answers the same cursor again", async () => {
    const bob = DATA.users[1];
    const looping = await startTalkPlusServer(DATA, {
      ...CREDENTIALS,
      pageSize: 50,
      faults: [
        { path: "/v1.4/api/users", after: "bob", status: 200, body: JSON.stringify({ users: [bob], hasNext: true }) },
      ],
    });
    try {
      const parsed = await pull(looping.url, 2);
      expect(parsed.users.map((u) => u.userId)).toEqual(["alice", "bob"]);
      expect(parsed.refused.slice(0, 2)).toEqual([
        { file: USERS, line: 3, reason: "duplicate", kind: "user", detail: `bob (first at ${USERS}:2)` },
        {
          file: USERS,
          line: 0,
          reason: "pagination-loop",
          kind: "user",
          detail: 'page after bob: hasNext with cursor "bob" again',
        },
      ]);
      expect(looping.requests.filter((r) => r.startsWith("GET /v1.4/api/users?"))).toHaveLength(2);
    } finally {
      await looping.close();
    }
  });
});

describe("talkPlusChannelType", () => {
  it("maps each documented type, and an unknown one to the closed type", () => {
    expect(
      ["public", "private", "invitationOnly", "broadcast", "super_broadcast", "super_public", "super_private", "x"].map(
        talkPlusChannelType,
      ),
    ).toEqual([
      "public",
      "private_invite",
      "private",
      "broadcast",
      "broadcast",
      "open",
      "private_invite",
      "private_invite",
    ]);
    expect(talkPlusChannelType("constructor")).toBe("private_invite");
  });
});
