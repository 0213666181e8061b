import type { TChannel } from "@parley/contract/client";
import { describe, expect, it } from "vitest";
import { Emitter } from "../src/emitter";
import { ParleyError } from "../src/errors";
import { paced, SlowModeApi } from "../src/slow-mode";

function channel(id: string, slowModeSeconds: number, ownerUserId = "kim"): TChannel {
  return {
    id,
    name: id,
    imageUrl: "",
    type: "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: false,
    ownerUserId,
    memberCount: 2,
    tags: [],
    lastMessage: null,
    createdAt: "2026-03-02T09:00:00.000Z",
    slowModeSeconds,
  };
}

/** A tracker for lee, on a clock the test moves. */
function tracker() {
  let now = Date.parse("2026-03-02T09:00:00Z");
  const emitter = new Emitter();
  const slowMode = new SlowModeApi(
    emitter,
    () => "lee",
    () => now,
  );
  return { slowMode, emitter, advance: (ms: number) => (now += ms) };
}

const refusal = (retryAfterSeconds: number) =>
  new ParleyError({ code: "3206", message: "Slow mode", data: { retryAfterSeconds } }, 429);

describe("slow mode's remaining time", () => {
  it("counts the channel's cooldown down from the user's own send, to 0", () => {
    const { slowMode, advance } = tracker();
    slowMode.seen([channel("c1", 30)]);
    expect(slowMode.remainingSeconds("c1")).toBe(0);
    slowMode.sent("c1");
    expect(slowMode.remainingSeconds("c1")).toBe(30);
    advance(10_400);
    expect(slowMode.remainingSeconds("c1")).toBe(20);
    advance(19_600);
    expect(slowMode.remainingSeconds("c1")).toBe(0);
  });

  it("takes the server's retryAfterSeconds from a 3206 refusal, and ignores other errors", async () => {
    const { slowMode } = tracker();
    slowMode.seen([channel("c1", 60)]);
    await expect(paced(slowMode, "c1", Promise.reject(refusal(42)))).rejects.toThrow();
    expect(slowMode.remainingSeconds("c1")).toBe(42);
    const other = new ParleyError({ code: "3022", message: "Muted" }, 403);
    await expect(paced(slowMode, "c2", Promise.reject(other))).rejects.toThrow();
    expect(slowMode.remainingSeconds("c2")).toBe(0);
  });

  it("starts the cooldown after a send that `paced` saw succeed", async () => {
    const { slowMode } = tracker();
    slowMode.seen([channel("c1", 15)]);
    await paced(slowMode, "c1", Promise.resolve("sent"));
    expect(slowMode.remainingSeconds("c1")).toBe(15);
  });

  it("holds the channel's owner to nothing, and no channel without slow mode", () => {
    const { slowMode } = tracker();
    slowMode.seen([channel("owned", 30, "lee"), channel("off", 0)]);
    slowMode.sent("owned");
    slowMode.sent("off");
    expect(slowMode.remainingSeconds("owned")).toBe(0);
    expect(slowMode.remainingSeconds("off")).toBe(0);
  });

  it("follows channel.changed: slow mode turned off ends the wait at once", () => {
    const { slowMode, emitter } = tracker();
    slowMode.seen([channel("c1", 30)]);
    slowMode.sent("c1");
    emitter.emit("channel.changed", {
      id: "1",
      type: "channel.changed",
      channelId: "c1",
      createdAt: "2026-03-02T09:00:00.000Z",
      channel: channel("c1", 0),
    } as never);
    expect(slowMode.cooldownSeconds("c1")).toBe(0);
    expect(slowMode.remainingSeconds("c1")).toBe(0);
  });
});
