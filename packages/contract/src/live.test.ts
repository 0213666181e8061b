import { describe, expect, it } from "vitest";
import { LIVE_EVENT_GROUPS, LIVE_EVENT_TYPES, parseLiveTypes, zLiveTailQuery } from "./live";

describe("the live tail's contract", () => {
  it("puts every event type in exactly one filter group", () => {
    const grouped: string[] = Object.values(LIVE_EVENT_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("accepts a comma-separated list of known types and refuses an unknown one", () => {
    expect(zLiveTailQuery.safeParse({ types: "message.created, user.login" }).success).toBe(true);
    expect(zLiveTailQuery.safeParse({ types: "message.created,message.exploded" }).success).toBe(false);
    expect(parseLiveTypes("message.created, user.login,message.created")).toEqual(["message.created", "user.login"]);
  });
});
