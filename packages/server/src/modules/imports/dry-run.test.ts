import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dryRun, REPORT_LIST_MAX } from "./dry-run";
import { importedChannelId } from "./ids";
import type { ImportMessage, ParsedImport } from "./model";
import { parseStreamJsonl } from "./stream";

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test/fixtures/imports/stream");
const stream = parseStreamJsonl(fs.readFileSync(path.join(FIXTURE, "app.jsonl"), "utf8"), "app.jsonl");
const APP = "0b6f1a52-3c1e-4f59-9a55-6d2f0d6c9e11";
const OTHER_APP = "a3d5c1e0-7f21-4b8e-9c64-2e8f5b7d9a10";
const NOTHING = { userIds: new Set<string>(), channelIds: new Set<string>() };
const at = (line: number) => ({ file: "t.jsonl", line });

/** A parsed import of just the records a test names, with the rest empty. */
const parsedWith = (records: Partial<Omit<ParsedImport, "source">>): ParsedImport => ({
  source: "stream",
  users: [],
  channels: [],
  members: [],
  messages: [],
  reactions: [],
  refused: [],
  ...records,
});
const user = (userId: string, line: number) => ({
  userId,
  nickname: userId,
  profileImageUrl: "",
  metadata: {},
  createdAt: null,
  isDeactivated: false,
  at: at(line),
});
const channel = (sourceKey: string, line: number, ownerUserId: string | null = null) => ({
  sourceKey,
  name: sourceKey,
  type: "private_invite" as const,
  ownerUserId,
  data: {},
  createdAt: null,
  isFrozen: false,
  at: at(line),
});
const msg = (sourceKey: string, line: number, fields: Partial<ImportMessage> = {}): ImportMessage => ({
  sourceKey,
  channelKey: "c1",
  senderUserId: "a",
  kind: "text",
  text: sourceKey,
  metadata: {},
  attachments: [],
  createdAt: new Date("2024-01-01T00:00:00Z"),
  editedAt: null,
  deletedAt: null,
  parentKey: null,
  at: at(line),
  ...fields,
});

describe("dryRun on the Stream fixture", () => {
  it("counts every kind, with the parser's refusals, into an empty app", () => {
    const report = dryRun(stream, NOTHING, APP);
    expect(report.counts).toEqual({
      users: { found: 5, refused: 0, new: 5, existing: 0 },
      channels: { found: 4, refused: 0, new: 4, existing: 0 },
      members: { found: 10, refused: 0, new: 10, existing: 0 },
      messages: { found: 15, refused: 0, new: 15, existing: 0 },
      reactions: { found: 5, refused: 0, new: 5, existing: 0 },
    });
    expect(report.refused.map((r) => [r.line, r.reason])).toEqual([
      [6, "malformed-json"],
      [29, "malformed-json"],
      [37, "unknown-type"],
    ]);
    expect(report.refusedTotal).toBe(3);
    expect(report.warnings).toEqual([]);
    expect(report.collisions).toEqual([]);
  });

  it("maps every channel to the same IDs on every run, and to other IDs for another app", () => {
    const first = dryRun(stream, NOTHING, APP).channelMap;
    expect(Object.keys(first)).toEqual(stream.channels.map((c) => c.sourceKey));
    expect(first["messaging:general"]).toBe(importedChannelId(APP, "stream", "messaging:general"));
    expect(dryRun(stream, NOTHING, APP).channelMap).toEqual(first);
    const other = dryRun(stream, NOTHING, OTHER_APP).channelMap;
    for (const key of Object.keys(first)) expect(other[key]).not.toBe(first[key]);
    expect(new Set(Object.values(first)).size).toBe(4);
  });

  it("updates users the app has and merges into channels an earlier run imported, counting their contents as existing", () => {
    const general = importedChannelId(APP, "stream", "messaging:general");
    const report = dryRun(stream, { userIds: new Set(["kim", "someone-else"]), channelIds: new Set([general]) }, APP);
    expect(report.collisions).toEqual([
      { kind: "user", userId: "kim", action: "update", at: { file: "app.jsonl", line: 2 } },
      {
        kind: "channel",
        sourceKey: "messaging:general",
        channelId: general,
        action: "merge",
        at: { file: "app.jsonl", line: 9 },
      },
    ]);
    expect(report.collisionsTotal).toBe(2);
    expect(report.counts.users).toEqual({ found: 5, refused: 0, new: 4, existing: 1 });
    expect(report.counts.channels).toEqual({ found: 4, refused: 0, new: 3, existing: 1 });
    expect(report.counts.members).toEqual({ found: 10, refused: 0, new: 7, existing: 3 });
    expect(report.counts.messages).toEqual({ found: 15, refused: 0, new: 7, existing: 8 });
    expect(report.counts.reactions).toEqual({ found: 5, refused: 0, new: 2, existing: 3 });
  });
});

describe("dryRun reference checks", () => {
  it("refuses members, messages and reactions naming a user or channel neither the file nor the app has", () => {
    const parsed = parsedWith({
      users: [user("a", 1)],
      channels: [channel("c1", 2)],
      members: [
        { channelKey: "c1", userId: "a", isOwner: false, joinedAt: null, at: at(3) },
        { channelKey: "c1", userId: "ghost", isOwner: false, joinedAt: null, at: at(4) },
        { channelKey: "nowhere", userId: "a", isOwner: false, joinedAt: null, at: at(5) },
      ],
      messages: [msg("m1", 6), msg("m2", 7, { senderUserId: "ghost" }), msg("m3", 8, { channelKey: "nowhere" })],
      reactions: [
        { messageKey: "m1", userId: "a", reaction: "like", createdAt: null, at: at(9) },
        { messageKey: "m1", userId: "ghost", reaction: "like", createdAt: null, at: at(10) },
        { messageKey: "m2", userId: "a", reaction: "like", createdAt: null, at: at(11) },
        { messageKey: "zzz", userId: "a", reaction: "like", createdAt: null, at: at(12) },
      ],
    });
    const report = dryRun(parsed, NOTHING, APP);
    expect(report.refused.map((r) => [r.line, r.reason, r.kind, r.detail])).toEqual([
      [4, "unknown-user", "member", "ghost"],
      [5, "unknown-channel", "member", "nowhere"],
      [7, "unknown-user", "message", "ghost"],
      [8, "unknown-channel", "message", "nowhere"],
      [10, "unknown-user", "reaction", "ghost"],
      [11, "unknown-message", "reaction", "m2"],
      [12, "unknown-message", "reaction", "zzz"],
    ]);
    expect(report.counts.members).toEqual({ found: 3, refused: 2, new: 1, existing: 0 });
    expect(report.counts.messages).toEqual({ found: 3, refused: 2, new: 1, existing: 0 });
    expect(report.counts.reactions).toEqual({ found: 4, refused: 3, new: 1, existing: 0 });
  });

  it("accepts references to users and channels the app already has", () => {
    const parsed = parsedWith({
      members: [{ channelKey: "old", userId: "known", isOwner: false, joinedAt: null, at: at(1) }],
      messages: [msg("m1", 2, { channelKey: "old", senderUserId: "known" })],
    });
    const existing = { userIds: new Set(["known"]), channelIds: new Set([importedChannelId(APP, "stream", "old")]) };
    const report = dryRun(parsed, existing, APP);
    expect(report.refusedTotal).toBe(0);
    expect(report.counts.members).toEqual({ found: 1, refused: 0, new: 0, existing: 1 });
    expect(report.counts.messages).toEqual({ found: 1, refused: 0, new: 0, existing: 1 });
  });

  it("keeps a reply whose parent is missing or in another channel as a message of its channel, with a warning", () => {
    const parsed = parsedWith({
      users: [user("a", 1)],
      channels: [channel("c1", 2), channel("c2", 3)],
      messages: [
        msg("m1", 4),
        msg("m2", 5, { parentKey: "m1" }),
        msg("m3", 6, { parentKey: "gone" }),
        msg("m4", 7, { parentKey: "m1", channelKey: "c2" }),
      ],
    });
    const report = dryRun(parsed, NOTHING, APP);
    expect(report.counts.messages).toEqual({ found: 4, refused: 0, new: 4, existing: 0 });
    expect(report.warnings.map((w) => [w.line, w.reason, w.kind])).toEqual([
      [6, "unknown-parent", "message"],
      [7, "unknown-parent", "message"],
    ]);
    expect(report.warningsTotal).toBe(2);
  });

  it("lets an admin message have no sender, and warns of an owner no one has", () => {
    const parsed = parsedWith({
      channels: [channel("c1", 1, "ghost")],
      messages: [msg("m1", 2, { kind: "admin", senderUserId: null })],
    });
    const report = dryRun(parsed, NOTHING, APP);
    expect(report.counts.messages.new).toBe(1);
    expect(report.warnings).toMatchObject([{ line: 1, reason: "unknown-owner", kind: "channel" }]);
  });

  it(`lists at most ${REPORT_LIST_MAX} refusals in file order and counts them all`, () => {
    const refused = Array.from({ length: 1500 }, (_, i) => ({
      file: "t.jsonl",
      line: 1500 - i,
      reason: "malformed-json",
    }));
    const report = dryRun(parsedWith({ refused }), NOTHING, APP);
    expect(report.refused).toHaveLength(REPORT_LIST_MAX);
    expect(report.refusedTotal).toBe(1500);
    expect(report.refused[0]?.line).toBe(1);
    expect(report.refused.at(-1)?.line).toBe(REPORT_LIST_MAX);
  });
});
