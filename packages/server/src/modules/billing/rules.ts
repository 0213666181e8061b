import {
  DAY_MS,
  daysInMonth,
  INVOICE_DAY_OF_MONTH,
  PAID_PLAN_TYPE,
  PAYMENT_RETRY_DAYS,
  type TPlanState,
  type TPlanType,
  type TServiceStopReason,
  trialPeriod,
} from "@parley/contract";

/**
 * The billing rules as pure functions of stored facts and the time: the plan state, the trial, which days of a
 * month are billed. Days are UTC calendar days written `YYYY-MM-DD`, which compare correctly as strings.
 */

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number): string => utcDay(new Date(dayStart(day).getTime() + days * DAY_MS));
/** The later of two days. */
export const laterDay = (a: string, b: string): string => (a.localeCompare(b) < 0 ? b : a);
/** The earlier of two days. */
export const earlierDay = (a: string, b: string): string => (a.localeCompare(b) < 0 ? a : b);
/** `YYYY-MM` of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);
export const firstDayOf = (period: string): string => `${period}-01`;

export function lastDayOf(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return `${period}-${String(daysInMonth(year, month)).padStart(2, "0")}`;
}

export function daysInPeriod(period: string): number {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return daysInMonth(year, month);
}

export function nextPeriod(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/** The day a month is invoiced and first charged: the 5th of the month after. */
export function invoiceDayOf(period: string): string {
  return `${nextPeriod(period)}-${String(INVOICE_DAY_OF_MONTH).padStart(2, "0")}`;
}

/** Every month from `from` to `to`, both included. */
export function periodsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let p = from; p <= to; p = nextPeriod(p)) out.push(p);
  return out;
}

/**
 * The trial by the contract's one rule (`trialPeriod`): whole UTC days from `startDay` through `lastDay`, both
 * included; it ends at `endsAt`, the midnight that starts `firstDayAfter`, which is the day a paid plan applied
 * during the trial starts.
 */
export function trialOf(startedAt: Date, extensionDays = 0) {
  const period = trialPeriod(startedAt, extensionDays);
  return { startedAt, startDay: period.firstDay, ...period };
}
export type Trial = ReturnType<typeof trialOf>;

export interface PlanFact {
  startDate: string;
  endDate: string | null;
  cancelledAt: Date | null;
}

export interface InvoiceFact {
  period: string;
  paidAt: Date | null;
  serviceStoppedAt: Date | null;
}

export interface PlanFacts {
  kind: "ordinary" | "subaccount" | "marketplaceaccount";
  trialStartedAt: Date;
  /** Days an admin added to the trial. */
  trialExtensionDays?: number;
  /** An admin stopped the service: it stays stopped whatever the plan, until restored. */
  stoppedByAdmin?: boolean;
  plans: PlanFact[];
  invoices: InvoiceFact[];
}

export interface PlanStatus {
  state: TPlanState;
  planType: TPlanType | null;
  serviceActive: boolean;
  stopReason: TServiceStopReason | null;
  onTrial: boolean;
  trial: Trial;
  /** The plan the state is about: the running or scheduled one, else the last cancelled one. */
  plan: PlanFact | null;
  /** Days of a cancelled plan or unpaid invoices that still have to be invoiced or paid. */
  outstanding: boolean;
}

/** A plan withdrawn before its first day never served a day. */
export const servedDays = (plan: PlanFact): boolean => plan.endDate === null || plan.endDate >= plan.startDate;

/** Whether every day the account's plans served is invoiced and every invoice paid. */
export function settled(plans: PlanFact[], invoices: InvoiceFact[]): boolean {
  if (invoices.some((invoice) => invoice.paidAt === null)) return false;
  const invoiced = new Set(invoices.map((invoice) => invoice.period));
  return plans.filter(servedDays).every((plan) => plan.endDate !== null && invoiced.has(monthOf(plan.endDate)));
}

/**
 * The plan state of spec section 4 from the facts. Marketplace accounts and sub-accounts are billed elsewhere (or
 * through their owner) and are never stopped by these rules.
 */
export function derivePlanStatus(facts: PlanFacts, now: Date): PlanStatus {
  const today = utcDay(now);
  const trial = trialOf(facts.trialStartedAt, facts.trialExtensionDays ?? 0);
  const onTrial = now < trial.endsAt;
  const base = { trial, outstanding: !settled(facts.plans, facts.invoices) };
  if (facts.stoppedByAdmin) {
    const status = derivePlanStatus({ ...facts, stoppedByAdmin: false }, now);
    return { ...status, state: "serviceStopped", serviceActive: false, stopReason: "stoppedByAdmin" };
  }
  if (facts.kind !== "ordinary") {
    return {
      ...base,
      state: "notApplied",
      planType: null,
      serviceActive: true,
      stopReason: null,
      onTrial: false,
      plan: null,
    };
  }
  const served = facts.plans.filter(servedDays).sort((a, b) => b.startDate.localeCompare(a.startDate));
  const open = served.find((plan) => plan.endDate === null) ?? null;
  const paymentStopped = facts.invoices.some((invoice) => invoice.paidAt === null && invoice.serviceStoppedAt);

  if (open && today < open.startDate) {
    return {
      ...base,
      state: "applicationComplete",
      planType: onTrial ? "FreeTrial" : null,
      serviceActive: onTrial,
      stopReason: onTrial ? null : "trialEnded",
      onTrial,
      plan: open,
    };
  }
  if (open) {
    return {
      ...base,
      state: paymentStopped ? "serviceStopped" : "inService",
      planType: PAID_PLAN_TYPE,
      serviceActive: !paymentStopped,
      stopReason: paymentStopped ? "paymentFailed" : null,
      onTrial: false,
      plan: open,
    };
  }
  const last = served[0] ?? null;
  if (last) {
    return {
      ...base,
      state: base.outstanding ? "cancellationApplied" : "cancellationComplete",
      planType: null,
      serviceActive: false,
      stopReason: "cancelled",
      onTrial: false,
      plan: last,
    };
  }
  return {
    ...base,
    state: onTrial ? "notApplied" : "serviceStopped",
    planType: onTrial ? "FreeTrial" : null,
    serviceActive: onTrial,
    stopReason: onTrial ? null : "trialEnded",
    onTrial,
    plan: null,
  };
}

/**
 * The dates a paid plan applied now would have: it starts today, or the day after the trial's last day when
 * applied during the trial. A plan applied during the trial that has not started yet keeps to this start when the
 * trial changes (see `pendingPlanMove`).
 */
export function paidStartInfo(trial: Trial, now: Date) {
  const today = utcDay(now);
  const start = laterDay(today, trial.firstDayAfter);
  return { paidPlanStartDate: start, paidPlanEndDate: lastDayOf(monthOf(start)) };
}

/**
 * A paid plan applied during the trial that has not started yet, and the day it must start now that the trial is
 * `trial` (the day after its last day, or today if that has passed); null when there is no such plan or it
 * already starts there. A plan in service keeps its days: they are billed, and the trial no longer matters.
 */
export function pendingPlanMove<P extends PlanFact>(
  plans: P[],
  trial: Trial,
  now: Date,
): { plan: P; startDate: string } | null {
  const today = utcDay(now);
  const plan = plans.find((p) => p.endDate === null && today < p.startDate);
  if (!plan) return null;
  const startDate = paidStartInfo(trial, now).paidPlanStartDate;
  return startDate === plan.startDate ? null : { plan, startDate };
}

export interface StopInterval {
  from: Date;
  /** When a charge succeeded again; null while still stopped. */
  to: Date | null;
}

export function stopIntervals(invoices: InvoiceFact[]): StopInterval[] {
  return invoices.flatMap((invoice) =>
    invoice.serviceStoppedAt ? [{ from: invoice.serviceStoppedAt, to: invoice.paidAt }] : [],
  );
}

/**
 * The days of `period` up to `through` that a plan covered and the service ran for at least part of: a day the
 * service was stopped for payment from its first to its last moment is not billed.
 */
export function billedDays(plans: PlanFact[], stops: StopInterval[], period: string, through?: string): string[] {
  const last = through && through < lastDayOf(period) ? through : lastDayOf(period);
  const out: string[] = [];
  for (let day = firstDayOf(period); day <= last; day = addDays(day, 1)) {
    const covered = plans.some(
      (plan) => servedDays(plan) && plan.startDate <= day && (plan.endDate === null || day <= plan.endDate),
    );
    if (!covered) continue;
    const from = dayStart(day).getTime();
    const to = from + DAY_MS;
    const stopped = stops.some((stop) => stop.from.getTime() <= from && (stop.to === null || stop.to.getTime() >= to));
    if (!stopped) out.push(day);
  }
  return out;
}

/** The months a plan served that are due for an invoice by `today`. */
export function duePeriods(plans: PlanFact[], today: string): string[] {
  const periods = new Set<string>();
  for (const plan of plans.filter(servedDays)) {
    const lastServed = plan.endDate ?? today;
    for (const period of periodsBetween(monthOf(plan.startDate), monthOf(lastServed))) {
      if (invoiceDayOf(period) <= today) periods.add(period);
    }
  }
  return [...periods].sort();
}

/** Daily charges an unpaid invoice may still take: after the last failed day only a new card pays it. */
export const dailyRetriesLeft = (failedDays: number): number => Math.max(PAYMENT_RETRY_DAYS - failedDays, 0);

/** Whether the daily charge may still retry an unpaid invoice; when it may not, the service stops. */
export const dailyRetryAllowed = (failedDays: number): boolean => dailyRetriesLeft(failedDays) > 0;
