import type { TCurrentPlan } from "@parley/contract";

/** A current plan as `GET plans/current` sends it: a paid plan in service since January, paid in won. */
export function currentPlan(overrides: Partial<TCurrentPlan> = {}): TCurrentPlan {
  return {
    planType: "PlanC",
    state: "inService",
    billingLabel: "inUse",
    serviceActive: true,
    stopReason: null,
    trial: null,
    paid: { startDate: "2026-01-15", endDate: null, cancelledAt: null },
    currency: "KRW",
    cardRegistered: true,
    ...overrides,
  };
}
