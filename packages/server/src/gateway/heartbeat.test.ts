import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHeartbeat, HEARTBEAT_TICKS } from "./heartbeat";

const INTERVAL_MS = 1000;
const TURN_MS = INTERVAL_MS / HEARTBEAT_TICKS;

/** A heartbeat over `members` that records the turn each beat fell in, by member. */
function recorded(members: Set<number>) {
  const beats = new Map<number, number[]>();
  let turn = 0;
  const heartbeat = createHeartbeat(members, INTERVAL_MS, (member) => {
    const list = beats.get(member) ?? [];
    list.push(turn);
    beats.set(member, list);
  });
  const advance = (turns: number) => {
    for (let i = 0; i < turns; i++) {
      turn += 1;
      vi.advanceTimersByTime(TURN_MS);
    }
  };
  return { beats, advance, stop: heartbeat.stop };
}

describe("createHeartbeat", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("beats a tenth of ten thousand members each turn, and each member once an interval", () => {
    const members = new Set(Array.from({ length: 10_000 }, (_, i) => i));
    const { beats, advance, stop } = recorded(members);
    const perTurn: number[] = [];
    let before = 0;
    for (let t = 0; t < 3 * HEARTBEAT_TICKS; t++) {
      advance(1);
      const total = [...beats.values()].reduce((sum, list) => sum + list.length, 0);
      perTurn.push(total - before);
      before = total;
    }
    stop();
    expect(new Set(perTurn)).toEqual(new Set([1000]));
    for (const [first, second, third, ...more] of beats.values()) {
      expect(more).toEqual([]);
      expect([Number(second) - Number(first), Number(third) - Number(second)]).toEqual([
        HEARTBEAT_TICKS,
        HEARTBEAT_TICKS,
      ]);
    }
  });

  it("keeps a member's beats an interval apart when there are fewer members than turns", () => {
    const { beats, advance, stop } = recorded(new Set([1, 2, 3]));
    advance(3 * HEARTBEAT_TICKS);
    stop();
    expect(beats.get(1)).toEqual([1, 1 + HEARTBEAT_TICKS, 1 + 2 * HEARTBEAT_TICKS]);
    expect(beats.get(3)).toEqual([3, 3 + HEARTBEAT_TICKS, 3 + 2 * HEARTBEAT_TICKS]);
  });

  it("beats a member added during a round in that round, and skips one removed before its turn", () => {
    const members = new Set(Array.from({ length: 100 }, (_, i) => i));
    const { beats, advance, stop } = recorded(members);
    advance(5);
    members.add(100);
    members.delete(99);
    advance(HEARTBEAT_TICKS - 5);
    stop();
    expect(beats.get(100)).toHaveLength(1);
    expect(beats.has(99)).toBe(false);
    expect(beats.get(0)).toEqual([1]);
  });

  it("beats no one after it stops", () => {
    const { beats, advance, stop } = recorded(new Set([1]));
    stop();
    advance(3 * HEARTBEAT_TICKS);
    expect(beats.size).toBe(0);
  });
});
