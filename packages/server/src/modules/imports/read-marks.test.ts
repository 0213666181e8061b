import { describe, expect, it } from "vitest";
import { channelHistory, type HistoryEntry } from "./read-marks";

const entry = (seq: number, senderUserId: string | null, more: Partial<HistoryEntry> = {}): HistoryEntry => ({
  seq,
  createdAt: seq * 1000,
  sourceSeq: undefined,
  senderUserId,
  isCountable: true,
  isPublic: true,
  mentions: [],
  ...more,
});

/** a, b, a's reply kept to its thread, the app, b mentioning a, and a reply shown in the channel. */
const HISTORY = [
  entry(1, "a"),
  entry(2, "b"),
  entry(3, "a", { isCountable: false }),
  entry(4, null),
  entry(5, "b", { mentions: ["a"] }),
  entry(6, "b", { mentions: ["a", "b"] }),
];
const history = channelHistory(HISTORY, { isBroadcast: false, owner: null });
const unread = (mark: ReturnType<typeof history.markOf>) => history.countableSeq - mark.read_countable;

describe("an imported member's read mark", () => {
  it("is the end of the history when the source says nothing", () => {
    expect(history.markOf("c", undefined)).toEqual({
      last_read_seq: 6,
      read_countable: 5,
      read_countable_public: 5,
      unread_mentions: 0,
    });
  });

  it("is the last message sent at or before a read time, with the counters up to it", () => {
    expect(history.markOf("c", { kind: "time", at: new Date(4500) })).toEqual({
      last_read_seq: 4,
      read_countable: 3,
      read_countable_public: 3,
      unread_mentions: 0,
    });
    expect(history.markOf("c", { kind: "time", at: new Date(500) }).last_read_seq).toBe(0);
    expect(history.markOf("c", { kind: "time", at: new Date(4000) }).last_read_seq).toBe(4);
  });

  it("is never before the member's own last message, as sending reads the channel", () => {
    expect(history.markOf("b", { kind: "time", at: new Date(0) })).toMatchObject({ last_read_seq: 6 });
    expect(history.markOf("a", { kind: "time", at: new Date(1500) })).toMatchObject({ last_read_seq: 3 });
  });

  it("counts the mentions after it that are not the member's own", () => {
    expect(history.markOf("a", { kind: "time", at: new Date(4000) }).unread_mentions).toBe(2);
    expect(history.markOf("a", { kind: "time", at: new Date(5000) }).unread_mentions).toBe(1);
    expect(history.markOf("b", { kind: "time", at: new Date(0) }).unread_mentions).toBe(0);
  });

  it("leaves exactly the source's unread count of countable messages unread, whoever sent them", () => {
    for (const count of [0, 1, 2, 3, 5]) {
      expect(unread(history.markOf("a", { kind: "unread", count }))).toBe(count);
    }
    expect(unread(history.markOf("a", { kind: "unread", count: 9 }))).toBe(5);
    expect(history.markOf("a", { kind: "unread", count: 3 }).last_read_seq).toBe(2);
  });

  it("counts an unread count of a broadcast member among the messages that reach them", () => {
    const broadcast = channelHistory(
      [entry(1, "owner"), entry(2, "m", { isPublic: false }), entry(3, null), entry(4, "m", { isPublic: false })],
      { isBroadcast: true, owner: "owner" },
    );
    const member = broadcast.markOf("m", { kind: "unread", count: 1 });
    expect(broadcast.countablePublicSeq - member.read_countable_public).toBe(1);
    expect(member.last_read_seq).toBe(1);
    const owner = broadcast.markOf("owner", { kind: "unread", count: 1 });
    expect(broadcast.countableSeq - owner.read_countable).toBe(1);
  });

  it("maps a source seq to the last imported message at or before it, gaps of deleted messages included", () => {
    const kept = channelHistory(
      [1, 2, 5, 7].map((seq) => entry(seq, "x", { sourceSeq: seq })),
      { isBroadcast: false, owner: null },
    );
    expect(kept.markOf("y", { kind: "seq", seq: 4 })).toMatchObject({ last_read_seq: 2, read_countable: 2 });
    expect(kept.markOf("y", { kind: "seq", seq: 0 })).toMatchObject({ last_read_seq: 0, read_countable: 0 });
    expect(kept.markOf("y", { kind: "seq", seq: 99 })).toMatchObject({ last_read_seq: 7, read_countable: 4 });
    expect(kept.lastSeq).toBe(7);
  });

  it("maps a source seq out of send order to the last message in send order whose source seq is at most it", () => {
    // Send order 1..5 by time; the source numbered them 10, 30, 20, (none), 40.
    const sourceSeqs = [10, 30, 20, undefined, 40];
    const mixed = channelHistory(
      sourceSeqs.map((sourceSeq, index) => entry(index + 1, "x", { sourceSeq })),
      { isBroadcast: false, owner: null },
    );
    const placeOf = (seq: number) => mixed.markOf("y", { kind: "seq", seq }).last_read_seq;
    expect(placeOf(5)).toBe(0);
    expect(placeOf(10)).toBe(1);
    expect(placeOf(25)).toBe(3);
    expect(placeOf(30)).toBe(3);
    expect(placeOf(39)).toBe(3);
    expect(placeOf(40)).toBe(5);
  });

  it("places every member of a history out of source order from the index it built once, reading no message again", () => {
    const size = 20_000;
    let reads = 0;
    // Each message counts the reads of its fields: building the index reads them, placing a member must not.
    const entries = Array.from(
      { length: size },
      (_, index) =>
        new Proxy(entry(index + 1, "x", { sourceSeq: index === 0 ? undefined : index + 1 }), {
          get(target, field, receiver) {
            reads += 1;
            return Reflect.get(target, field, receiver);
          },
        }),
    );
    const history = channelHistory(entries, { isBroadcast: false, owner: null });
    expect(reads).toBeGreaterThan(0);
    reads = 0;
    let placed = 0;
    for (let member = 1; member <= size; member++) {
      if (history.markOf(`m${member}`, { kind: "seq", seq: member }).last_read_seq === member) placed += 1;
    }
    expect(placed).toBe(size - 1);
    expect(reads).toBe(0);
  });
});
