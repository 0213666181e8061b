import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseStreamJsonl } from "./stream";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test/fixtures/imports/stream");
const parsed = parseStreamJsonl(fs.readFileSync(path.join(FIXTURE, "app.jsonl"), "utf8"), "app.jsonl");
const at = (line: number) => ({ file: "app.jsonl", line });
const message = (key: string) => parsed.messages.find((m) => m.sourceKey === key);

/** One JSONL row per item, in the newer `{"type", "data"}` envelope. */
const jsonl = (...rows: [string, object][]) => rows.map(([type, data]) => JSON.stringify({ type, data })).join("\n");

describe("parseStreamJsonl on the fixture", () => {
  it("reads the users in file order with their profile, custom fields and deactivation", () => {
    expect(parsed.source).toBe("stream");
    expect(parsed.users.map((u) => u.userId)).toEqual(["jesse", "kim", "lee", "ops", "old_timer"]);
    expect(parsed.users[0]).toEqual({
      userId: "jesse",
      nickname: "Jesse",
      profileImageUrl: "https://cdn.example.com/avatars/jesse.png",
      metadata: { favorite_color: "blue" },
      createdAt: new Date("2024-01-10T08:00:00Z"),
      isDeactivated: false,
      at: at(1),
    });
    expect(parsed.users[2]).toMatchObject({ userId: "lee", nickname: "lee", profileImageUrl: "", metadata: {} });
    expect(parsed.users[4]).toMatchObject({ userId: "old_timer", isDeactivated: true });
  });

  it("keeps the first 5 custom fields of a user in key order, non-strings as JSON", () => {
    expect(parsed.users[1]?.metadata).toEqual({
      age: "31",
      locale: "ko-KR",
      plan: "pro",
      referrer: "ad",
      tags: '["early","beta"]',
    });
  });

  it("maps each channel type and keys a distinct channel by its sorted members", () => {
    expect(parsed.channels.map((c) => [c.sourceKey, c.type, c.name, c.ownerUserId, c.isFrozen])).toEqual([
      ["messaging:general", "private_invite", "General", "jesse", false],
      ["livestream:launch-day", "open", "Launch day", "ops", true],
      ["gaming:lobby", "public", "lobby", "kim", false],
      ["messaging:!members:jesse,kim", "private_invite", "messaging:!members:jesse,kim", "jesse", false],
    ]);
    expect(parsed.channels[0]).toMatchObject({
      data: { topic: "Everything" },
      createdAt: new Date("2024-02-01T09:00:00Z"),
    });
  });

  it("marks the channel_owner role and the channel's creator as owners, and adds a distinct channel's members", () => {
    expect(parsed.members.map((m) => [m.channelKey, m.userId, m.isOwner, m.at.line])).toEqual([
      ["messaging:general", "jesse", true, 13],
      ["messaging:general", "kim", false, 14],
      ["messaging:general", "lee", false, 15],
      ["livestream:launch-day", "ops", true, 16],
      ["livestream:launch-day", "jesse", false, 17],
      ["livestream:launch-day", "kim", false, 18],
      ["gaming:lobby", "kim", true, 19],
      ["gaming:lobby", "lee", false, 20],
      ["messaging:!members:jesse,kim", "jesse", true, 12],
      ["messaging:!members:jesse,kim", "kim", false, 12],
    ]);
    expect(parsed.members[1]?.joinedAt).toEqual(new Date("2024-02-01T09:05:00Z"));
  });

  it("reads a member's last_read as a read time, and leaves a member without one unsaid", () => {
    const reads = parsed.members.filter((m) => m.read).map((m) => [m.channelKey, m.userId, m.read]);
    expect(reads).toEqual([
      ["messaging:general", "lee", { kind: "time", at: new Date("2024-03-01T09:07:30Z") }],
      ["livestream:launch-day", "jesse", { kind: "time", at: new Date("2024-03-02T10:01:30Z") }],
    ]);
    const envelope = parseStreamJsonl(
      jsonl(["channel_member", { channel_type: "messaging", channel_id: "c", user_id: "a", last_read: "not a time" }]),
      "new.jsonl",
    );
    expect(envelope.members[0]?.read).toBeUndefined();
  });

  it("reads a reply shown in the channel and the users a message mentions", () => {
    const rows = jsonl(
      ["message", { id: "p", channel_type: "messaging", channel_id: "c", user: "a", text: "hi", created_at: 1 }],
      [
        "message",
        {
          id: "r",
          channel_type: "messaging",
          channel_id: "c",
          user: "b",
          text: "@a @a @bad!",
          parent_id: "p",
          show_in_channel: true,
          mentioned_users_ids: ["a", "a", "bad!"],
          created_at: "2024-03-01T09:00:00Z",
        },
      ],
    );
    const [, reply] = parseStreamJsonl(rows, "new.jsonl").messages;
    expect(reply).toMatchObject({ parentKey: "p", showInChannel: true, mentionedUserIds: ["a"] });
    expect(message("m4")?.showInChannel).toBe(true);
    expect(message("m3")?.showInChannel).toBeUndefined();
  });

  it("reads the 15 messages in order with kinds, threads, edits and deletions", () => {
    expect(parsed.messages.map((m) => m.sourceKey)).toEqual(Array.from({ length: 15 }, (_, i) => `m${i + 1}`));
    expect(message("m1")).toEqual({
      sourceKey: "m1",
      channelKey: "messaging:general",
      senderUserId: "jesse",
      kind: "text",
      text: "Hello everyone",
      metadata: { client: '{"app":"ios","v":2}', priority: "high" },
      attachments: [],
      createdAt: new Date("2024-03-01T09:00:00Z"),
      editedAt: null,
      deletedAt: null,
      parentKey: null,
      at: at(21),
    });
    expect(parsed.messages.filter((m) => m.parentKey === "m1").map((m) => m.sourceKey)).toEqual(["m3", "m4"]);
    expect(message("m5")?.editedAt).toEqual(new Date("2024-03-01T09:10:00Z"));
    expect(message("m6")).toMatchObject({ deletedAt: new Date("2024-03-01T09:06:00Z"), editedAt: null, text: "oops" });
    expect(message("m12")).toMatchObject({ kind: "admin", senderUserId: null, text: "The stream has ended" });
    expect(message("m15")).toMatchObject({ channelKey: "messaging:!members:jesse,kim", at: at(36) });
  });

  it("makes a message with attachments and no text a file message, and keeps text with an image a text one", () => {
    expect(message("m7")).toMatchObject({
      kind: "file",
      attachments: [
        {
          url: "https://cdn.example.com/files/q1-report.pdf",
          name: "Q1 report.pdf",
          mimeType: "application/pdf",
          size: 48213,
        },
      ],
    });
    expect(message("m8")).toMatchObject({
      kind: "text",
      text: "Our new logo",
      attachments: [{ url: "https://cdn.example.com/images/logo.png", name: "logo.png", mimeType: null, size: null }],
    });
  });

  it("reads the reactions with their message, user and time", () => {
    expect(parsed.reactions.map((r) => [r.messageKey, r.userId, r.reaction, r.at.line])).toEqual([
      ["m1", "lee", "like", 38],
      ["m1", "kim", "love", 39],
      ["m2", "jesse", "like", 40],
      ["m9", "jesse", "🎉", 41],
      ["m9", "kim", "like", 42],
    ]);
    expect(parsed.reactions[0]?.createdAt).toEqual(new Date("2024-03-01T09:02:30Z"));
  });

  it("refuses the two malformed lines and the unknown type by line, skips the device, and reads on", () => {
    expect(parsed.refused.map(({ file, line, reason, detail }) => ({ file, line, reason, detail }))).toEqual([
      { file: "app.jsonl", line: 6, reason: "malformed-json", detail: expect.any(String) },
      { file: "app.jsonl", line: 29, reason: "malformed-json", detail: expect.any(String) },
      { file: "app.jsonl", line: 37, reason: "unknown-type", detail: "poll" },
    ]);
  });
});

describe("parseStreamJsonl on other inputs", () => {
  it("reads the data envelope and channel_member rows of Stream's newer schema", () => {
    const result = parseStreamJsonl(
      jsonl(
        ["user", { id: "a" }],
        ["channel", { type: "team", id: "t1", created_by: { id: "a" }, name: "Team" }],
        ["channel_member", { channel_type: "team", channel_id: "t1", user_id: "a", channel_role: "channel_owner" }],
        ["future_channel_ban", { user_id: "a", created_by: "a" }],
      ),
      "new.jsonl",
    );
    expect(result.refused).toEqual([]);
    expect(result.channels[0]).toMatchObject({ sourceKey: "team:t1", type: "private_invite", ownerUserId: "a" });
    expect(result.members).toMatchObject([{ channelKey: "team:t1", userId: "a", isOwner: true }]);
  });

  it("reads a whole-file JSON array, numbering rows by item, and CRLF lines with a BOM", () => {
    const array = JSON.stringify([
      { type: "user", item: { id: "a" } },
      { type: "user", item: { id: "b c" } },
    ]);
    expect(parseStreamJsonl(array, "a.json").refused).toEqual([
      { file: "a.json", line: 2, reason: "invalid-user-id", detail: "b c", kind: "user" },
    ]);
    const crlf = `\uFEFF${JSON.stringify({ type: "user", item: { id: "a" } })}\r\n\r\n${JSON.stringify({ type: "user", item: { id: "b" } })}\r\n`;
    expect(parseStreamJsonl(crlf, "b.jsonl").users.map((u) => [u.userId, u.at.line])).toEqual([
      ["a", 1],
      ["b", 3],
    ]);
  });

  it("refuses a broken JSON array as a whole file instead of throwing", () => {
    expect(parseStreamJsonl('[{"type":"user"', "a.json").refused).toMatchObject([
      { file: "a.json", line: 0, reason: "malformed-json" },
    ]);
  });

  it("refuses rows without what Parley needs, naming the missing field", () => {
    const result = parseStreamJsonl(
      jsonl(
        ["user", { name: "no id" }],
        ["channel", { id: "x", created_by: "a" }],
        ["message", { channel_type: "messaging", channel_id: "x", text: "who?", created_at: "2024-01-01T00:00:00Z" }],
        ["message", { id: "m", channel_type: "messaging", channel_id: "x", user: "a" }],
        ["reaction", { message_id: "m", user_id: "a", created_at: "2024-01-01T00:00:00Z" }],
        ["reaction", { message_id: "m", type: "thumbs up", user_id: "a" }],
      ),
      "f.jsonl",
    );
    expect(result.refused.map((r) => [r.line, r.reason, r.kind])).toEqual([
      [1, "missing-field:user.id", "user"],
      [2, "missing-field:channel.type", "channel"],
      [3, "missing-field:message.user", "message"],
      [4, "missing-field:message.created_at", "message"],
      [5, "missing-field:reaction.type", "reaction"],
      [6, "invalid-reaction", "reaction"],
    ]);
  });

  it("refuses a message over 5000 characters and a repeated user ID or message ID", () => {
    const row = { channel_type: "messaging", channel_id: "x", user: "a", created_at: "2024-01-01T00:00:00Z" };
    const result = parseStreamJsonl(
      jsonl(
        ["user", { id: "a" }],
        ["user", { id: "a", name: "again" }],
        ["message", { ...row, id: "m1", text: "x".repeat(5001) }],
        ["message", { ...row, id: "m2", text: "x".repeat(5000) }],
        ["message", { ...row, id: "m2", text: "again" }],
      ),
      "f.jsonl",
    );
    expect(result.users).toMatchObject([{ userId: "a", nickname: "a" }]);
    expect(result.messages.map((m) => m.sourceKey)).toEqual(["m2"]);
    expect(result.refused).toEqual([
      { file: "f.jsonl", line: 2, reason: "duplicate", detail: "a (first at f.jsonl:1)", kind: "user" },
      { file: "f.jsonl", line: 3, reason: "text-too-long", detail: "5001 characters", kind: "message" },
      { file: "f.jsonl", line: 5, reason: "duplicate", detail: "m2 (first at f.jsonl:4)", kind: "message" },
    ]);
  });

  it("gives a custom channel type the closed private_invite type", () => {
    const result = parseStreamJsonl(jsonl(["channel", { type: "support-desk", id: "s1", created_by: "a" }]), "f");
    expect(result.channels[0]?.type).toBe("private_invite");
  });

  it("refuses rows that are not objects or have no type, and an envelope without a record", () => {
    const text = ["42", JSON.stringify({ item: { id: "a" } }), JSON.stringify({ type: "user" })].join("\n");
    expect(parseStreamJsonl(text, "f").refused.map((r) => r.reason)).toEqual([
      "not-an-object",
      "missing-field:type",
      "missing-field:item",
    ]);
  });
});
