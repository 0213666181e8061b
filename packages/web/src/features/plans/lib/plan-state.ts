import type { TCurrentPlan } from "@parley/contract";

/**
 * Whether applying for the paid plan can succeed: on the trial or after it, and after a cancellation whose final
 * invoice is paid. A stop after 10 failed charges is lifted by paying, not by applying again (the plan still
 * exists), and a cancelled plan with its final invoice unpaid gets 5002.
 */
export function canApplyForPaidPlan(current: TCurrentPlan): boolean {
  if (current.state === "notApplied" || current.state === "cancellationComplete") return true;
  return current.state === "serviceStopped" && current.stopReason === "trialEnded";
}

/**
 * Cancelling is offered while a paid plan is open: running, stopped for failed payments (so its days stop
 * accruing), or applied during the trial and not started, where it withdraws the application and the trial goes on.
 */
export function canCancelPaidPlan(current: TCurrentPlan): boolean {
  if (current.state === "inService" || current.state === "applicationComplete") return true;
  return current.state === "serviceStopped" && current.stopReason === "paymentFailed";
}

/** The first charge of a billing period ending on `periodEnd`: the 5th of the following month. */
export function paymentDayAfter(periodEnd: string, dayOfMonth: number): string {
  const year = Number(periodEnd.slice(0, 4));
  const month = Number(periodEnd.slice(5, 7));
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
}
