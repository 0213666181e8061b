import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSendbirdExport } from "./sendbird";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test/fixtures/imports/sendbird");
const FILES = [
  "users.json",
  "channels.json",
  "messages-general.json",
  "messages-announce.json",
  "messages-lounge.json",
];
const read = (name: string) => ({ name, text: fs.readFileSync(path.join(FIXTURE, name), "utf8") });
const parsed = parseSendbirdExport(FILES.map(read));
const message = (key: string) => parsed.messages.find((m) => m.sourceKey === key);
const GENERAL = "sendbird_group_channel_1001_general";
const ANNOUNCE = "sendbird_group_channel_1002_announce";
const LOUNGE = "sendbird_group_channel_1003_lounge";

describe("parseSendbirdExport on the fixture", () => {
  it("reads the channel's read receipt as a read time, else the member's unread count", () => {
    const reads = parsed.members.filter((m) => m.read).map((m) => [m.channelKey, m.userId, m.read]);
    expect(reads).toEqual([
      [GENERAL, "alice", { kind: "time", at: new Date(1736856300000) }],
      [GENERAL, "bob", { kind: "time", at: new Date(1736856420000) }],
      [ANNOUNCE, "bob", { kind: "unread", count: 1 }],
    ]);
  });

  it("reads a receipt of 0 as having read nothing, and the users a message mentions", () => {
    const channel = {
      channel_url: "c",
      read_receipt: { a: 0 },
      members: [{ user_id: "a" }, { user_id: "b", unread_message_count: -1 }],
    };
    const mention = {
      message_id: 1,
      type: "MESG",
      user: { user_id: "a" },
      message: "@b",
      created_at: 1736856000000,
      mentioned_users: [{ user_id: "b", nickname: "B" }, { user_id: "bad user" }],
    };
    const result = parseSendbirdExport([
      { name: "channels.json", text: JSON.stringify({ group_channels: [channel] }) },
      { name: "messages.json", text: JSON.stringify({ channel, messages: [mention] }) },
    ]);
    expect(result.members.map((m) => [m.userId, m.read])).toEqual([
      ["a", { kind: "time", at: new Date(0) }],
      ["b", undefined],
    ]);
    expect(result.messages[0]?.mentionedUserIds).toEqual(["b"]);
  });

  it("reads the users file, then adds a sender found only with their messages", () => {
    expect(parsed.source).toBe("sendbird");
    expect(parsed.users.map((u) => [u.userId, u.nickname, u.isDeactivated, u.at.file, u.at.line])).toEqual([
      ["alice", "Alice", false, "users.json", 1],
      ["bob", "Bob", false, "users.json", 2],
      ["carol", "carol", false, "users.json", 3],
      ["dave", "Dave", true, "users.json", 4],
      ["eve", "Eve", false, "messages-lounge.json", 0],
    ]);
    expect(parsed.users[0]).toMatchObject({
      profileImageUrl: "https://static.sendbird.com/sample/profiles/alice.png",
      metadata: { department: "engineering", location: "Seoul" },
      createdAt: null,
    });
  });

  it("maps group channel flags to types, reads created_at in seconds, and keeps data and custom_type", () => {
    expect(parsed.channels.map((c) => [c.sourceKey, c.type, c.name, c.isFrozen, c.createdAt?.toISOString()])).toEqual([
      [GENERAL, "private_invite", "Team general", false, "2025-01-14T11:53:23.000Z"],
      [ANNOUNCE, "broadcast", "Announcements", true, "2025-01-14T11:55:00.000Z"],
      [LOUNGE, "public", LOUNGE, false, "2025-01-14T11:56:40.000Z"],
    ]);
    expect(parsed.channels[0]?.data).toEqual({ customType: "team", data: '{"color":"blue"}' });
    expect(parsed.channels[0]?.at).toEqual({ file: "channels.json", line: 1 });
  });

  it("takes an operator named in a messages file as the channel's owner", () => {
    expect(parsed.channels.map((c) => c.ownerUserId)).toEqual(["alice", "alice", null]);
    expect(parsed.members.map((m) => [m.channelKey, m.userId, m.isOwner])).toEqual([
      [GENERAL, "alice", true],
      [GENERAL, "bob", false],
      [GENERAL, "carol", false],
      [ANNOUNCE, "alice", true],
      [ANNOUNCE, "bob", false],
      [ANNOUNCE, "dave", false],
      [LOUNGE, "bob", false],
      [LOUNGE, "carol", false],
      [LOUNGE, "eve", false],
    ]);
  });

  it("reads messages in file order with millisecond times, threads, edits and removals", () => {
    expect(parsed.messages.map((m) => [m.sourceKey, m.kind, m.senderUserId])).toEqual([
      ["5001", "text", "alice"],
      ["5002", "text", "bob"],
      ["5003", "file", "carol"],
      ["5004", "text", "bob"],
      ["5005", "text", "alice"],
      ["5006", "admin", null],
      ["5007", "text", "carol"],
      ["6001", "admin", null],
      ["6002", "text", "alice"],
      ["6003", "file", "alice"],
      ["7001", "text", "carol"],
      ["7002", "text", "eve"],
    ]);
    expect(message("5001")).toEqual({
      sourceKey: "5001",
      channelKey: GENERAL,
      senderUserId: "alice",
      kind: "text",
      text: "Morning team",
      metadata: { lang: "en", tags: "standup,daily" },
      attachments: [],
      createdAt: new Date(1736856000000),
      editedAt: null,
      deletedAt: null,
      parentKey: null,
      at: { file: "messages-general.json", line: 1 },
    });
    expect(message("5002")?.parentKey).toBe("5001");
    expect(message("7002")?.parentKey).toBe("7001");
    expect(message("5004")?.editedAt).toEqual(new Date(1736856300000));
    expect(message("5005")).toMatchObject({ deletedAt: new Date(1736856250000), editedAt: null });
    expect(message("5006")?.text).toBe("Carol joined the channel");
  });

  it("puts data and custom_type into metadata", () => {
    expect(message("5007")?.metadata).toEqual({ customType: "greeting", data: '{"mood":"happy"}' });
  });

  it("reads a file message's single file and a multi-file message's files", () => {
    expect(message("5003")?.attachments).toEqual([
      {
        url: "https://file-us-1.sendbird.com/a1b2c3/spec.pdf",
        name: "spec.pdf",
        mimeType: "application/pdf",
        size: 120034,
      },
    ]);
    expect(message("6003")).toMatchObject({
      text: "Release notes and screenshots",
      attachments: [
        { name: "notes.md", mimeType: "text/markdown", size: 2048 },
        { name: "screen.png", mimeType: "image/png", size: 304211 },
      ],
    });
  });

  it("reads reactions given with a message, one per user", () => {
    expect(parsed.reactions).toEqual([
      {
        messageKey: "6002",
        userId: "bob",
        reaction: "thumbsup",
        createdAt: new Date(1736860120000),
        at: { file: "messages-announce.json", line: 2 },
      },
      {
        messageKey: "6002",
        userId: "dave",
        reaction: "thumbsup",
        createdAt: new Date(1736860120000),
        at: { file: "messages-announce.json", line: 2 },
      },
    ]);
  });

  it("refuses an invalid user ID, an unknown message type and an invitation not accepted, and reads on", () => {
    expect(parsed.refused).toEqual([
      { file: "users.json", line: 5, reason: "invalid-user-id", detail: "not allowed!", kind: "user" },
      { file: "messages-announce.json", line: 4, reason: "unknown-type", detail: "POLL", kind: "message" },
      { file: "messages-lounge.json", line: 0, reason: "member-not-joined", detail: `${LOUNGE} frank`, kind: "member" },
    ]);
  });

  it("recognizes each file by its keys, whatever it is called and in whatever order it comes", () => {
    const renamed = [...FILES].reverse().map((name, i) => ({ ...read(name), name: `part-${i}.json` }));
    const result = parseSendbirdExport(renamed);
    expect(result.users.map((u) => u.userId)).toEqual(parsed.users.map((u) => u.userId));
    expect(result.channels.map((c) => [c.sourceKey, c.type])).toEqual(
      parsed.channels.map((c) => [c.sourceKey, c.type]),
    );
    expect(result.messages).toHaveLength(parsed.messages.length);
  });
});

describe("parseSendbirdExport on other inputs", () => {
  it("refuses a file that is not JSON or has no known key as a whole file", () => {
    const result = parseSendbirdExport([
      { name: "broken.json", text: '{"messages": [' },
      { name: "other.json", text: '{"exported_data": []}' },
    ]);
    expect(result.refused).toMatchObject([
      { file: "broken.json", line: 0, reason: "malformed-json" },
      { file: "other.json", line: 0, reason: "unknown-file", detail: "exported_data" },
    ]);
  });

  it("reads users from a plain array, a users key and deactivated_users", () => {
    const result = parseSendbirdExport([
      { name: "a.json", text: JSON.stringify([{ user_id: "a" }]) },
      { name: "b.json", text: JSON.stringify({ users: [{ user_id: "b" }], deactivated_users: [{ user_id: "c" }] }) },
    ]);
    expect(result.users.map((u) => [u.userId, u.isDeactivated])).toEqual([
      ["a", false],
      ["c", true],
      ["b", false],
    ]);
  });

  it("makes open channels open, super groups supergroups, and code-protected public channels private", () => {
    const result = parseSendbirdExport([
      {
        name: "c.json",
        text: JSON.stringify({
          open_channels: [{ channel_url: "open1", name: "Open" }],
          group_channels: [
            { channel_url: "super1", is_super: true, is_public: true },
            { channel_url: "coded1", is_public: true, is_access_code_required: true },
          ],
          channels: [{ channel_url: "open2", channel_type: "open" }],
        }),
      },
    ]);
    expect(result.channels.map((c) => [c.sourceKey, c.type])).toEqual([
      ["super1", "supergroup"],
      ["coded1", "private"],
      ["open1", "open"],
      ["open2", "open"],
    ]);
  });

  it("makes an open channel's operators and participants members once each, and a group channel's participants nothing", () => {
    const result = parseSendbirdExport([
      {
        name: "c.json",
        text: JSON.stringify({
          open_channels: [
            {
              channel_url: "live",
              operators: [{ user_id: "host" }],
              participants: [{ user_id: "host" }, { user_id: "fan1" }, { user_id: "fan2", nickname: "Fan" }],
            },
          ],
          group_channels: [{ channel_url: "group", members: [{ user_id: "a" }], participants: [{ user_id: "z" }] }],
        }),
      },
    ]);
    expect(result.members.map((m) => [m.channelKey, m.userId, m.isOwner])).toEqual([
      ["group", "a", false],
      ["live", "host", true],
      ["live", "fan1", false],
      ["live", "fan2", false],
    ]);
    expect(result.users.find((u) => u.userId === "fan2")?.nickname).toBe("Fan");
  });

  it("refuses a message over 5000 characters, one without a time, and a repeated message ID", () => {
    const base = { type: "MESG", channel_url: "c", user: { user_id: "a" }, created_at: 1736856000000 };
    const result = parseSendbirdExport([
      {
        name: "m.json",
        text: JSON.stringify({
          messages: [
            { ...base, message_id: 1, message: "x".repeat(5001) },
            { ...base, message_id: 2, created_at: undefined },
            { ...base, message_id: 3, message: "ok" },
            { ...base, message_id: 3, message: "again" },
          ],
        }),
      },
    ]);
    expect(result.messages.map((m) => m.text)).toEqual(["ok"]);
    expect(result.refused.map((r) => [r.line, r.reason])).toEqual([
      [1, "text-too-long"],
      [2, "missing-field:message.created_at"],
      [4, "duplicate"],
    ]);
  });
});
