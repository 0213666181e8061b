import { describe, expect, it } from "vitest";
import { rememberingCounts } from "./stage";

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
