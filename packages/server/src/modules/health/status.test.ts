import { STATUS_COMPONENTS, type TStatusComponent } from "@parley/contract";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock";
import { createStatusMonitor, type StatusChecks } from "./status";

const clock = new ManualClock("2026-03-02T09:00:00Z");
let monitor: ReturnType<typeof createStatusMonitor> | null = null;

/** Checks whose answers the test sets, counting how often each is asked. */
function settableChecks() {
  const up = Object.fromEntries(STATUS_COMPONENTS.map((id) => [id, true])) as Record<TStatusComponent, boolean>;
  const asked = { count: 0 };
  const checks = Object.fromEntries(
    STATUS_COMPONENTS.map((id) => [
      id,
      async () => {
        asked.count += 1;
        return up[id];
      },
    ]),
  ) as StatusChecks;
  return { up, asked, checks };
}

function start(checks: StatusChecks, options: { maxAgeMs?: number; checkTimeoutMs?: number } = {}) {
  monitor = createStatusMonitor({ checks, clock, log: { info: () => {}, warn: () => {} }, maxAgeMs: 0, ...options });
  return monitor;
}

afterEach(() => {
  monitor?.close();
  monitor = null;
});

describe("status monitor", () => {
  it("reports every component up and no incident while all is well, since the process started", async () => {
    const { checks } = settableChecks();
    const status = await start(checks).current();
    expect(status.status).toBe("operational");
    expect(status.components.map((c) => c.status)).toEqual(["up", "up", "up", "up", "up"]);
    expect(status.incidents).toEqual([]);
    expect(status.recordedSince).toBe(clock.now().toISOString());
  });

  it("opens an incident when a component goes down and closes it when it answers again", async () => {
    const { up, checks } = settableChecks();
    const status = start(checks);
    await status.current();
    const downAt = new Date(clock.now().getTime() + 60_000);
    clock.set(downAt);
    up.mail = false;
    const degraded = await status.current();
    expect(degraded.status).toBe("degraded");
    expect(degraded.components.find((c) => c.id === "mail")?.status).toBe("down");
    expect(degraded.incidents).toEqual([{ component: "mail", startedAt: downAt.toISOString(), endedAt: null }]);

    clock.advance(120_000);
    // Still down: the same incident, not a second one.
    expect((await status.current()).incidents).toHaveLength(1);
    clock.advance(60_000);
    up.mail = true;
    const recovered = await status.current();
    expect(recovered.status).toBe("operational");
    expect(recovered.incidents).toEqual([
      { component: "mail", startedAt: downAt.toISOString(), endedAt: clock.now().toISOString() },
    ]);
  });

  it("counts a check that throws or does not answer in time as down", async () => {
    const { checks } = settableChecks();
    checks.database = () => new Promise(() => {});
    checks.jobs = async () => {
      throw new Error("relation does not exist");
    };
    const status = await start(checks, { checkTimeoutMs: 50 }).current();
    const down = status.components.filter((c) => c.status === "down").map((c) => c.id);
    expect(down).toEqual(["database", "jobs"]);
  });

  it("answers visitors from the last round while it is fresh, so the page cannot hammer what it checks", async () => {
    const { asked, checks } = settableChecks();
    const status = start(checks, { maxAgeMs: 60_000 });
    await Promise.all([status.current(), status.current(), status.current()]);
    await status.current();
    expect(asked.count).toBe(STATUS_COMPONENTS.length);
  });
});
