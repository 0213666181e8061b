import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zChatUser, zMessage } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { parseParleyExport } from "./parley-export";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test/fixtures/imports/parley");
const NAMES = ["manifest.json", "users.ndjson", "channels.ndjson", "members.ndjson", "messages.ndjson", "files.ndjson"];
const read = (name: string) => ({ name, text: fs.readFileSync(path.join(FIXTURE, name), "utf8") });
const FILES = NAMES.map(read);
const parsed = parseParleyExport(FILES);

const C1 = "1f0c6a52-3b7e-4c1a-9d2e-5a6b7c8d9e01";
const C2 = "1f0c6a52-3b7e-4c1a-9d2e-5a6b7c8d9e02";
const M = (n: number) => `7a9e3c10-5d2f-4e8b-a1c3-0000000000${String(n).padStart(2, "0")}`;
const lines = (name: string) =>
  read(name)
    .text.split("\n")
    .filter((line) => line !== "");

describe("the fixture", () => {
  it("holds users and messages in the chat API's exact shapes, as the export's readers write them", () => {
    for (const line of lines("users.ndjson").slice(0, 3))
      expect(() => zChatUser.strict().parse(JSON.parse(line))).not.toThrow();
    for (const line of lines("messages.ndjson")) expect(() => zMessage.strict().parse(JSON.parse(line))).not.toThrow();
  });
});

describe("parseParleyExport on the fixture", () => {
  it("reads users, an inactive one as deactivated, and refuses a malformed line", () => {
    expect(parsed.source).toBe("parley");
    expect(parsed.users).toEqual([
      {
        userId: "alice",
        nickname: "Alice",
        profileImageUrl: "https://cdn.example.com/p/alice.png",
        metadata: { team: "core" },
        createdAt: new Date("2025-03-01T09:00:00.000Z"),
        isDeactivated: false,
        at: { file: "users.ndjson", line: 1 },
      },
      expect.objectContaining({ userId: "bob", isDeactivated: false, at: { file: "users.ndjson", line: 2 } }),
      expect.objectContaining({ userId: "carol", isDeactivated: true, at: { file: "users.ndjson", line: 3 } }),
    ]);
  });

  it("keeps channel types as they are, and makes the owner's membership an owner's", () => {
    expect(parsed.channels).toEqual([
      {
        sourceKey: C1,
        name: "General",
        type: "public",
        ownerUserId: "alice",
        data: { topic: "daily" },
        createdAt: new Date("2025-03-01T10:00:00.000Z"),
        isFrozen: false,
        at: { file: "channels.ndjson", line: 1 },
      },
      {
        sourceKey: C2,
        name: "Town hall",
        type: "supergroup",
        ownerUserId: null,
        data: {},
        createdAt: new Date("2025-03-01T11:00:00.000Z"),
        isFrozen: true,
        at: { file: "channels.ndjson", line: 2 },
      },
    ]);
    expect(
      parsed.members.map((m) => [m.channelKey, m.userId, m.isOwner, m.joinedAt?.toISOString(), m.at.line]),
    ).toEqual([
      [C1, "alice", true, "2025-03-01T10:00:00.000Z", 1],
      [C1, "bob", false, "2025-03-01T10:01:00.000Z", 2],
      [C1, "carol", false, "2025-03-01T10:02:00.000Z", 3],
      [C2, "alice", false, "2025-03-01T11:00:00.000Z", 4],
      [C2, "bob", false, "2025-03-01T11:01:00.000Z", 5],
    ]);
  });

  it("reads each member's read position as the export's lastReadSeq", () => {
    expect(parsed.members.map((m) => [m.channelKey, m.userId, m.read])).toEqual([
      [C1, "alice", { kind: "seq", seq: 5 }],
      [C1, "bob", { kind: "seq", seq: 3 }],
      [C1, "carol", { kind: "seq", seq: 0 }],
      [C2, "alice", { kind: "seq", seq: 2 }],
      [C2, "bob", { kind: "seq", seq: 1 }],
    ]);
  });

  it("reads messages in seq order with sender, times, metadata, thread, edit and file", () => {
    expect(parsed.messages.map((m) => [m.sourceKey, m.channelKey, m.kind, m.senderUserId, m.at.line])).toEqual([
      [M(1), C1, "admin", null, 1],
      [M(2), C1, "text", "alice", 2],
      [M(3), C1, "text", "bob", 3],
      [M(5), C1, "file", "carol", 4],
      [M(11), C2, "custom", "alice", 5],
    ]);
    expect(parsed.messages[1]).toEqual({
      sourceKey: M(2),
      channelKey: C1,
      senderUserId: "alice",
      kind: "text",
      text: "Morning all",
      metadata: { lang: "en" },
      attachments: [],
      createdAt: new Date("2025-03-01T10:05:00.000Z"),
      editedAt: new Date("2025-03-01T10:06:00.000Z"),
      deletedAt: null,
      parentKey: null,
      sourceSeq: 2,
      at: { file: "messages.ndjson", line: 2 },
    });
    expect(parsed.messages[2]).toMatchObject({ parentKey: M(2), mentionedUserIds: ["alice"], sourceSeq: 3 });
    expect(parsed.messages[2]?.showInChannel).toBeUndefined();
    expect(parsed.messages[3]?.attachments).toEqual([
      {
        url: "https://chat.example.com/files/9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f/spec%20v2.pdf",
        name: "spec v2.pdf",
        mimeType: "application/pdf",
        size: 120034,
      },
    ]);
    expect(parsed.messages[4]).toMatchObject({
      kind: "custom",
      customType: "poll",
      metadata: { options: "pizza,sushi" },
    });
    expect(parsed.reactions).toEqual([]);
  });

  it("refuses what it cannot import: a bad line, an unknown channel type, reaction counts, a hidden message", () => {
    expect(parsed.refused).toEqual([
      { file: "users.ndjson", line: 4, reason: "malformed-json", detail: expect.any(String) },
      { file: "channels.ndjson", line: 3, reason: "unknown-type", kind: "channel", detail: "group" },
      { file: "messages.ndjson", line: 2, reason: "reaction-without-users", kind: "reaction", detail: "👍 ×2" },
      { file: "messages.ndjson", line: 2, reason: "reaction-without-users", kind: "reaction", detail: "🎉 ×1" },
      { file: "messages.ndjson", line: 6, reason: "hidden-message", kind: "message" },
    ]);
  });
});

describe("parseParleyExport", () => {
  it("reads nothing without a manifest", () => {
    const result = parseParleyExport(FILES.filter((file) => file.name !== "manifest.json"));
    expect(result.refused).toEqual([{ file: "manifest.json", line: 0, reason: "missing-manifest" }]);
    expect(result.users).toEqual([]);
    expect(result.messages).toEqual([]);
  });

  it("reads nothing under a manifest of another format or version", () => {
    const other = (manifest: object) =>
      parseParleyExport([{ name: "manifest.json", text: JSON.stringify(manifest) }, read("users.ndjson")]);
    expect(other({ format: "sendbird-export", version: 1 })).toMatchObject({
      users: [],
      refused: [{ file: "manifest.json", line: 0, reason: "foreign-manifest", detail: "sendbird-export" }],
    });
    expect(other({ format: "parley-export", version: 2 })).toMatchObject({
      users: [],
      refused: [{ file: "manifest.json", line: 0, reason: "unsupported-version", detail: "2" }],
    });
  });

  it("orders a channel's messages by seq whatever the line order, and finds sections inside a folder", () => {
    const shuffled = [...lines("messages.ndjson")].reverse().join("\n");
    const result = parseParleyExport([
      { name: "acme/manifest.json", text: read("manifest.json").text },
      { name: "acme/messages.ndjson", text: shuffled },
      { name: "acme/notes.json", text: "{}" },
    ]);
    expect(result.messages.map((m) => [m.sourceKey, m.at.line])).toEqual([
      [M(11), 2],
      [M(1), 6],
      [M(2), 5],
      [M(3), 4],
      [M(5), 3],
    ]);
    expect(result.refused.map((r) => [r.file, r.line, r.reason])).toEqual([
      ["acme/notes.json", 0, "unknown-file"],
      ["acme/messages.ndjson", 1, "hidden-message"],
      ["acme/messages.ndjson", 5, "reaction-without-users"],
      ["acme/messages.ndjson", 5, "reaction-without-users"],
    ]);
  });
});
