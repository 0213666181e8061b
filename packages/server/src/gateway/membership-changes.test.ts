import { describe, expect, it } from "vitest";
import { MEMBERSHIP_CHANGES_KEPT_MS, MembershipChanges } from "./membership-changes";

function changesAt() {
  let now = 1000;
  const changes = new MembershipChanges(() => now);
  return { changes, advance: (ms: number) => (now += ms) };
}

describe("MembershipChanges", () => {
  it("reports a user's change heard after the mark, and not one heard before it", () => {
    const { changes } = changesAt();
    changes.userChanged("app-1", "kim");
    const mark = changes.mark();
    expect(changes.changedSince(mark, "app-1", "kim", [])).toBe(false);
    changes.userChanged("app-1", "kim");
    expect(changes.changedSince(mark, "app-1", "kim", [])).toBe(true);
  });

  it("tells users apart by app and by id", () => {
    const { changes } = changesAt();
    const mark = changes.mark();
    changes.userChanged("app-1", "kim");
    expect(changes.changedSince(mark, "app-2", "kim", [])).toBe(false);
    expect(changes.changedSince(mark, "app-1", "lee", [])).toBe(false);
  });

  it("reports a change to one of the channels read, and not to another channel", () => {
    const { changes } = changesAt();
    const mark = changes.mark();
    changes.channelChanged("room-2");
    expect(changes.changedSince(mark, "app-1", "kim", ["room-1"])).toBe(false);
    expect(changes.changedSince(mark, "app-1", "kim", ["room-1", "room-2"])).toBe(true);
  });

  it("counts a mark older than the changes it keeps as changed", () => {
    const { changes, advance } = changesAt();
    const mark = changes.mark();
    advance(MEMBERSHIP_CHANGES_KEPT_MS - 1);
    expect(changes.changedSince(mark, "app-1", "kim", ["room-1"])).toBe(false);
    advance(1);
    expect(changes.changedSince(mark, "app-1", "kim", ["room-1"])).toBe(true);
  });

  it("forgets a change once it is older than any mark it could matter to", () => {
    const { changes, advance } = changesAt();
    changes.userChanged("app-1", "kim");
    advance(MEMBERSHIP_CHANGES_KEPT_MS);
    changes.userChanged("app-1", "lee");
    // Held only while a mark could still be older than it: the map does not grow with every change ever heard.
    expect(changes.size).toBe(1);
  });
});
