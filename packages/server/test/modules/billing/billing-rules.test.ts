import { trialDaysLeft } from "@parley/contract";
import { describe, expect, it } from "vitest";
import {
  billedDays,
  derivePlanStatus,
  duePeriods,
  type InvoiceFact,
  type PlanFact,
  type PlanFacts,
  paidStartInfo,
  pendingPlanMove,
  stopIntervals,
  trialOf,
} from "../../../src/modules/billing/rules";

const verified = new Date("2026-03-02T09:00:00Z");
const at = (iso: string) => new Date(iso);
const facts = (overrides: Partial<PlanFacts> = {}): PlanFacts => ({
  kind: "ordinary",
  trialStartedAt: verified,
  plans: [],
  invoices: [],
  ...overrides,
});
const plan = (startDate: string, endDate: string | null = null, cancelledAt: Date | null = null): PlanFact => ({
  startDate,
  endDate,
  cancelledAt,
});
const invoice = (period: string, paidAt: Date | null, serviceStoppedAt: Date | null = null): InvoiceFact => ({
  period,
  paidAt,
  serviceStoppedAt,
});

describe("the trial", () => {
  it("covers 30 whole UTC days from the verification day and ends at the midnight a paid plan starts", () => {
    const trial = trialOf(verified);
    expect(trial.startDay).toBe("2026-03-02");
    expect(trial.firstDayAfter).toBe("2026-04-01");
    expect(trial.endsAt.toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });

  it("names its last day, included, and the day after it, on which a paid plan starts", () => {
    const trial = trialOf(verified);
    expect(trial.firstDay).toBe("2026-03-02");
    expect(trial.lastDay).toBe("2026-03-31");
    expect(paidStartInfo(trial, at("2026-03-02T09:00:00Z")).paidPlanStartDate).toBe("2026-04-01");
  });

  it("counts UTC days: a verification late in the UTC day starts the trial on that UTC day", () => {
    // 23:30 UTC is already the next morning in Seoul; the trial's days stay UTC days like every billing day.
    const trial = trialOf(at("2026-03-02T23:30:00Z"));
    expect([trial.firstDay, trial.lastDay, trial.firstDayAfter]).toEqual(["2026-03-02", "2026-03-31", "2026-04-01"]);
  });

  it("is still on at the last moment of its last day, and over at the first moment of the next", () => {
    const lastMoment = at("2026-03-31T23:59:59.999Z");
    const nextDay = at("2026-04-01T00:00:00.000Z");
    const pending = facts({ plans: [plan("2026-04-01")] });
    expect(derivePlanStatus(pending, lastMoment)).toMatchObject({
      state: "applicationComplete",
      planType: "FreeTrial",
      onTrial: true,
      serviceActive: true,
    });
    expect(derivePlanStatus(pending, nextDay)).toMatchObject({
      state: "inService",
      planType: "PlanC",
      onTrial: false,
      serviceActive: true,
    });
    expect(derivePlanStatus(facts(), lastMoment)).toMatchObject({ state: "notApplied", onTrial: true });
    expect(derivePlanStatus(facts(), nextDay)).toMatchObject({ state: "serviceStopped", stopReason: "trialEnded" });
  });

  it("has 30 days left on its first day, 1 all through its last day and 0 after it", () => {
    const trial = trialOf(verified);
    expect(trialDaysLeft(trial, at("2026-03-02T09:00:00Z"))).toBe(30);
    expect(trialDaysLeft(trial, at("2026-03-30T23:59:59.999Z"))).toBe(2);
    expect(trialDaysLeft(trial, at("2026-03-31T00:00:00.000Z"))).toBe(1);
    expect(trialDaysLeft(trial, at("2026-03-31T23:59:59.999Z"))).toBe(1);
    expect(trialDaysLeft(trial, at("2026-04-01T00:00:00.000Z"))).toBe(0);
  });

  it("moves its last day and the paid plan's start by the days an admin adds", () => {
    const trial = trialOf(verified, 7);
    expect([trial.lastDay, trial.firstDayAfter]).toEqual(["2026-04-07", "2026-04-08"]);
    expect(derivePlanStatus(facts({ trialExtensionDays: 7 }), at("2026-04-07T23:59:59Z")).onTrial).toBe(true);
    expect(trialDaysLeft(trial, at("2026-04-07T12:00:00Z"))).toBe(1);
  });

  it("moves a paid plan applied during it and not started yet to the day after the new last day", () => {
    const pending = { ...plan("2026-04-01"), id: "p1" };
    expect(pendingPlanMove([pending], trialOf(verified, 7), at("2026-03-20T10:00:00Z"))).toEqual({
      plan: pending,
      startDate: "2026-04-08",
    });
    // Already where the trial says: nothing to move.
    expect(pendingPlanMove([pending], trialOf(verified), at("2026-03-20T10:00:00Z"))).toBeNull();
    // In service since April 1: its days are billed and stay.
    expect(pendingPlanMove([pending], trialOf(verified, 7), at("2026-04-01T00:00:00Z"))).toBeNull();
    // Withdrawn before it started: not open, not moved.
    const withdrawn = plan("2026-04-01", "2026-03-31", at("2026-03-10T00:00:00Z"));
    expect(pendingPlanMove([withdrawn], trialOf(verified, 7), at("2026-03-20T10:00:00Z"))).toBeNull();
  });

  it("gives start info the day after the trial during it, and today after it", () => {
    const trial = trialOf(verified);
    expect(paidStartInfo(trial, at("2026-03-20T10:00:00Z"))).toEqual({
      paidPlanStartDate: "2026-04-01",
      paidPlanEndDate: "2026-04-30",
    });
    expect(paidStartInfo(trial, at("2026-05-14T10:00:00Z"))).toEqual({
      paidPlanStartDate: "2026-05-14",
      paidPlanEndDate: "2026-05-31",
    });
  });
});

describe("plan state", () => {
  it("is notApplied with the service running during the trial", () => {
    expect(derivePlanStatus(facts(), at("2026-03-31T23:59:59Z"))).toMatchObject({
      state: "notApplied",
      planType: "FreeTrial",
      serviceActive: true,
      stopReason: null,
      onTrial: true,
    });
  });

  it("is serviceStopped (trialEnded) once the trial is over without a plan", () => {
    expect(derivePlanStatus(facts(), at("2026-04-01T00:00:00Z"))).toMatchObject({
      state: "serviceStopped",
      planType: null,
      serviceActive: false,
      stopReason: "trialEnded",
      onTrial: false,
    });
  });

  it("is applicationComplete while a plan waits for the trial to end, then inService", () => {
    const f = facts({ plans: [plan("2026-04-01")] });
    expect(derivePlanStatus(f, at("2026-03-31T12:00:00Z"))).toMatchObject({
      state: "applicationComplete",
      planType: "FreeTrial",
      serviceActive: true,
      onTrial: true,
    });
    expect(derivePlanStatus(f, at("2026-04-01T00:00:00Z"))).toMatchObject({
      state: "inService",
      planType: "PlanC",
      serviceActive: true,
      onTrial: false,
    });
  });

  it("is serviceStopped (paymentFailed) while a stopped invoice is unpaid, and inService again once it is paid", () => {
    const stoppedAt = at("2026-05-14T00:35:00Z");
    const unpaid = facts({ plans: [plan("2026-04-01")], invoices: [invoice("2026-04", null, stoppedAt)] });
    expect(derivePlanStatus(unpaid, at("2026-05-15T00:00:00Z"))).toMatchObject({
      state: "serviceStopped",
      planType: "PlanC",
      serviceActive: false,
      stopReason: "paymentFailed",
    });
    const paid = facts({
      plans: [plan("2026-04-01")],
      invoices: [invoice("2026-04", at("2026-05-20T10:00:00Z"), stoppedAt)],
    });
    expect(derivePlanStatus(paid, at("2026-05-20T10:00:00Z"))).toMatchObject({
      state: "inService",
      serviceActive: true,
    });
  });

  it("is cancellationApplied until the final month is invoiced and paid, then cancellationComplete", () => {
    const cancelled = plan("2026-04-01", "2026-06-10", at("2026-06-10T10:00:00Z"));
    const paidBefore = [invoice("2026-04", at("2026-05-05T00:35:00Z")), invoice("2026-05", at("2026-06-05T00:35:00Z"))];
    const waiting = facts({ plans: [cancelled], invoices: paidBefore });
    expect(derivePlanStatus(waiting, at("2026-06-20T00:00:00Z"))).toMatchObject({
      state: "cancellationApplied",
      serviceActive: false,
      stopReason: "cancelled",
      outstanding: true,
    });
    const unpaidFinal = facts({ plans: [cancelled], invoices: [...paidBefore, invoice("2026-06", null)] });
    expect(derivePlanStatus(unpaidFinal, at("2026-07-05T01:00:00Z")).state).toBe("cancellationApplied");
    const settled = facts({
      plans: [cancelled],
      invoices: [...paidBefore, invoice("2026-06", at("2026-07-05T00:35:00Z"))],
    });
    expect(derivePlanStatus(settled, at("2026-07-05T01:00:00Z"))).toMatchObject({
      state: "cancellationComplete",
      serviceActive: false,
      stopReason: "cancelled",
      outstanding: false,
    });
  });

  it("returns to the trial when a plan applied during it is withdrawn before it starts", () => {
    const withdrawn = facts({ plans: [plan("2026-04-01", "2026-03-31", at("2026-03-10T00:00:00Z"))] });
    expect(derivePlanStatus(withdrawn, at("2026-03-10T00:00:01Z"))).toMatchObject({
      state: "notApplied",
      serviceActive: true,
      outstanding: false,
    });
  });

  it("never stops a marketplace account by the trial rules", () => {
    expect(derivePlanStatus(facts({ kind: "marketplaceaccount" }), at("2027-01-01T00:00:00Z"))).toMatchObject({
      serviceActive: true,
      stopReason: null,
    });
  });
});

describe("billed days", () => {
  it("counts the days a plan covered in the month, the cancellation day included", () => {
    expect(billedDays([plan("2026-02-09")], [], "2026-02")).toHaveLength(20);
    expect(billedDays([plan("2026-04-01", "2026-06-10")], [], "2026-06")).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-06-${String(i + 1).padStart(2, "0")}`),
    );
    expect(billedDays([plan("2026-04-01", "2026-06-10")], [], "2026-06", "2026-06-04")).toHaveLength(4);
  });

  it("leaves out the days the service was stopped from start to end, not the days of the stop and the restore", () => {
    const stops = stopIntervals([invoice("2026-02", at("2026-03-20T10:00:00Z"), at("2026-03-14T00:35:00Z"))]);
    const days = billedDays([plan("2026-02-01")], stops, "2026-03");
    expect(days).toHaveLength(26);
    expect(days).toContain("2026-03-14");
    expect(days).toContain("2026-03-20");
    expect(days).not.toContain("2026-03-15");
    expect(days).not.toContain("2026-03-19");
  });

  it("makes a month due on the 5th of the next month, for every month a plan served", () => {
    const plans = [plan("2026-01-20", "2026-03-02", at("2026-03-02T00:00:00Z")), plan("2026-04-10")];
    expect(duePeriods(plans, "2026-04-04")).toEqual(["2026-01", "2026-02"]);
    expect(duePeriods(plans, "2026-04-05")).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(duePeriods(plans, "2026-05-05")).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
    expect(duePeriods([plan("2026-04-01", "2026-03-31")], "2027-01-01")).toEqual([]);
  });
});
