import { describe, expect, it } from "vitest";
import { mergedNewestFirst, rememberingCounts } from "./stage";

describe("rememberingCounts", () => {
  it("asks for a sender's count until it reaches what the rules ask for, then answers without asking", async () => {
    const sent = new Map([["u1", 0]]);
    const asked: string[] = [];
    const count = rememberingCounts(async (chatUserId, cap) => {
      asked.push(chatUserId);
      return Math.min(sent.get(chatUserId) ?? 0, cap);
    });
    expect(await count("u1", 3)).toBe(0);
    sent.set("u1", 5);
    expect(await count("u1", 3)).toBe(3);
    expect(await count("u1", 3)).toBe(3);
    expect(await count("u1", 2)).toBe(3);
    expect(asked).toEqual(["u1", "u1"]);
  });

  it("asks again when the rules come to ask for more than was counted", async () => {
    const asked: number[] = [];
    const count = rememberingCounts(async (_chatUserId, cap) => {
      asked.push(cap);
      return cap;
    });
    await count("u1", 2);
    await count("u1", 2);
    expect(await count("u1", 10)).toBe(10);
    expect(asked).toEqual([2, 10]);
  });
});

describe("mergedNewestFirst", () => {
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));

  it("merges the reads of overlapping windows into one history, each message once, newest first", () => {
    const flood = [
      { id: "m5", text: "e", at: at(5) },
      { id: "m4", text: "d", at: at(4) },
    ];
    const repeat = [
      { id: "m5", text: "e", at: at(5) },
      { id: "m4", text: "d", at: at(4) },
      { id: "m2", text: "b", at: at(2) },
      { id: "m1", text: "a", at: at(1) },
    ];
    const wide = [
      { id: "m3", text: "c", at: at(3) },
      { id: "m1", text: "a", at: at(1) },
    ];
    expect(mergedNewestFirst([flood, repeat, wide]).map((m) => m.id)).toEqual(["m5", "m4", "m3", "m2", "m1"]);
  });

  it("keeps messages without an id and answers nothing for no reads", () => {
    const merged = mergedNewestFirst([[{ text: "b", at: at(2) }], [{ text: "a", at: at(1) }], []]);
    expect(merged.map((m) => m.text)).toEqual(["b", "a"]);
    expect(mergedNewestFirst([[], []])).toEqual([]);
  });
});
