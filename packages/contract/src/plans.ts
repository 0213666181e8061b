import { z } from "zod";
import { DAY_MS, FREE_TRIAL_DAYS, TRIAL_MONTHLY_MESSAGES } from "./constants";
import { VMetrics } from "./metrics";
import {
  BASE_FEE,
  DAU_CAP_PRICE,
  DAU_OVERAGE_PRICE,
  INCLUDED_CUMULATIVE_DAU,
  INCLUDED_MESSAGES,
  MESSAGE_TIERS,
  PAID_PLAN_TYPE,
  VAT_PERCENT,
} from "./pricing";

export const PLAN_TYPES = ["FreeTrial", PAID_PLAN_TYPE] as const;
export const zPlanType = z.enum(PLAN_TYPES);
export type TPlanType = z.infer<typeof zPlanType>;

/**
 * The plan states of spec section 4, derived on every read from stored facts (trial start, the paid plan's dates,
 * its cancellation, invoices and their payments), never kept as a flag.
 * - `notApplied`: on the free trial with no paid plan applied.
 * - `applicationComplete`: a paid plan applied during the trial; it starts the day after the trial's last day.
 * - `inService`: the paid plan runs.
 * - `cancellationApplied`: cancelled; the chat API stopped at once; the final invoice is not paid yet.
 * - `cancellationComplete`: cancelled and everything is paid.
 * - `serviceStopped`: the trial ended without a paid plan, or a charge failed for 10 days.
 *
 * The trial covers 30 whole UTC days from the day the email was verified, that day included (see
 * {@link trialPeriod}).
 */
export const PLAN_STATES = [
  "notApplied",
  "applicationComplete",
  "inService",
  "cancellationApplied",
  "cancellationComplete",
  "serviceStopped",
] as const;
export const zPlanState = z.enum(PLAN_STATES);
export type TPlanState = z.infer<typeof zPlanState>;

/** The billing screen's label for each state (spec section 4's second list). */
export const BILLING_LABEL_OF_STATE = {
  notApplied: "notApplied",
  applicationComplete: "completedApplication",
  inService: "inUse",
  cancellationApplied: "cancelling",
  cancellationComplete: "cancelComplete",
  serviceStopped: "notInUse",
} as const satisfies Record<TPlanState, string>;
export type TBillingLabel = (typeof BILLING_LABEL_OF_STATE)[TPlanState];

/** Why the chat API answers 4000 for the account's apps. */
export const SERVICE_STOP_REASONS = ["trialEnded", "paymentFailed", "cancelled", "stoppedByAdmin"] as const;
export const zServiceStopReason = z.enum(SERVICE_STOP_REASONS);
export type TServiceStopReason = z.infer<typeof zServiceStopReason>;

/** A calendar day, `YYYY-MM-DD`, in UTC: plans start and end on whole days. */
export const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, VMetrics.date);

/** The free trial's days, as every screen, mail and invoice shows them. */
export interface TTrialPeriod {
  /** The day the email was verified (UTC): the trial's first day. */
  firstDay: string;
  /** The trial's last day (UTC), included: the trial still runs at its last moment. */
  lastDay: string;
  /** The day after the last day: a paid plan applied during the trial starts on it. */
  firstDayAfter: string;
  /** The midnight (UTC) that starts `firstDayAfter`, the instant the trial is over. */
  endsAt: Date;
}

const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/**
 * The one rule for the trial's dates: {@link FREE_TRIAL_DAYS} whole UTC days (plus the days an admin added), the
 * day of the email verification included, so `firstDay` to `lastDay` with both ends included. Billing days are UTC
 * days (daily counters, invoices, the billing cycle), so the trial is too: whole days leave no hours between the
 * trial and a paid plan in which the service would be stopped, and a viewer's time zone cannot move a day.
 */
export function trialPeriod(startedAt: Date | string, extensionDays = 0): TTrialPeriod {
  const firstDay = dayOf(new Date(startedAt));
  const days = FREE_TRIAL_DAYS + extensionDays;
  const endsAt = new Date(dayStart(firstDay) + days * DAY_MS);
  return {
    firstDay,
    lastDay: dayOf(new Date(endsAt.getTime() - DAY_MS)),
    firstDayAfter: dayOf(endsAt),
    endsAt,
  };
}

/** The trial's days from today (UTC) through its last day: 1 on the last day, 0 once it is over. */
export function trialDaysLeft(trial: Pick<TTrialPeriod, "endsAt">, now: Date): number {
  const today = dayStart(dayOf(now));
  return Math.max(Math.round((trial.endsAt.getTime() - today) / DAY_MS), 0);
}

/** Validation keys of the plan calls. */
export const VPlans = {
  /** `PUT plans/change` carried dates other than `GET plans/info/paid/start` gives now (e.g. the day changed). */
  datesChanged: "VALIDATION_PLAN_DATES",
} as const;

const zMoneyByCurrency = z.object({ KRW: z.number(), USD: z.number() });

/** `GET plans/all`: what can be bought, with the figures the pricing page shows. Money in minor units. */
export const zPlanOffer = z.object({
  planType: zPlanType,
  monthlyFee: zMoneyByCurrency,
  includedMessages: z.number().int(),
  includedCumulativeDau: z.number().int().nullable(),
  trialDays: z.number().int().nullable(),
  /** Message tiers in thousandths of a minor unit per message; `upTo` null for the last. */
  messageTiers: z.array(z.object({ upTo: z.number().nullable(), price: zMoneyByCurrency })),
  dauOveragePrice: zMoneyByCurrency.nullable(),
  dauCapPrice: zMoneyByCurrency.nullable(),
  vatPercent: z.number(),
});
export type TPlanOffer = z.infer<typeof zPlanOffer>;
export const zPlansResponse = z.object({ plans: z.array(zPlanOffer) });
export type TPlansResponse = z.infer<typeof zPlansResponse>;

export const PLAN_OFFERS: TPlanOffer[] = [
  {
    planType: "FreeTrial",
    monthlyFee: { KRW: 0, USD: 0 },
    includedMessages: TRIAL_MONTHLY_MESSAGES,
    includedCumulativeDau: null,
    trialDays: FREE_TRIAL_DAYS,
    messageTiers: [],
    dauOveragePrice: null,
    dauCapPrice: null,
    vatPercent: VAT_PERCENT,
  },
  {
    planType: PAID_PLAN_TYPE,
    monthlyFee: BASE_FEE,
    includedMessages: INCLUDED_MESSAGES,
    includedCumulativeDau: INCLUDED_CUMULATIVE_DAU,
    trialDays: null,
    messageTiers: MESSAGE_TIERS.map((tier) => ({
      upTo: Number.isFinite(tier.upTo) ? tier.upTo : null,
      price: tier.price,
    })),
    dauOveragePrice: DAU_OVERAGE_PRICE,
    dauCapPrice: DAU_CAP_PRICE,
    vatPercent: VAT_PERCENT,
  },
];

/** `GET plans/current`. */
export const zCurrentPlan = z.object({
  /** The plan in force today: the trial, the paid plan, or none. */
  planType: zPlanType.nullable(),
  state: zPlanState,
  billingLabel: z.enum(Object.values(BILLING_LABEL_OF_STATE) as [TBillingLabel, ...TBillingLabel[]]),
  /** Whether the chat API serves the account's apps; when false it answers 4000. */
  serviceActive: z.boolean(),
  stopReason: zServiceStopReason.nullable(),
  trial: z
    .object({
      startedAt: z.string(),
      /** The trial's first day (UTC). */
      firstDay: zDay,
      /** The trial's last day (UTC), included; what the screens show as its end (see {@link trialPeriod}). */
      lastDay: zDay,
      /** The instant the trial is over: the midnight (UTC) after `lastDay`. */
      endsAt: z.string(),
      /** Days from today through `lastDay`, both included: 1 on the last day. */
      daysLeft: z.number().int(),
      monthlyMessages: z.number().int(),
      messagesThisMonth: z.number().int(),
    })
    .nullable(),
  paid: z
    .object({
      startDate: zDay,
      /** The last day in service after a cancellation; null while it runs. */
      endDate: zDay.nullable(),
      cancelledAt: z.string().nullable(),
    })
    .nullable(),
  currency: z.enum(["KRW", "USD"]),
  cardRegistered: z.boolean(),
});
export type TCurrentPlan = z.infer<typeof zCurrentPlan>;
export const zCurrentPlanResponse = z.object({ current: zCurrentPlan });
export type TCurrentPlanResponse = z.infer<typeof zCurrentPlanResponse>;

/** `GET plans/info/paid/start`: the dates a paid plan applied now would have. */
export const zPaidStartInfo = z.object({
  /** Today, or the day after the trial's last day when applied during the trial. */
  paidPlanStartDate: zDay,
  /** The last day of the first billing period (the start date's month), invoiced on the 5th after it. */
  paidPlanEndDate: zDay,
});
export type TPaidStartInfo = z.infer<typeof zPaidStartInfo>;

/** `PUT plans/change`: the dates from the start info, sent back to confirm what the user agreed to. */
export const zPlanChangeRequest = z.object({
  startDate: zDay,
  endDate: zDay,
  planType: zPlanType,
});
export type TPlanChangeRequest = z.infer<typeof zPlanChangeRequest>;

/** `GET plans/info/paid/cancel`: what cancelling today would bill on the next 5th. Money in minor units. */
export const zPaidCancelInfo = z.object({
  cancelDate: zDay,
  periodStart: zDay,
  periodEnd: zDay,
  usage: z.object({ messages: z.number().int(), cumulativeDau: z.number().int(), daysInService: z.number().int() }),
  fee: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  currency: z.enum(["KRW", "USD"]),
  paymentDate: zDay,
});
export type TPaidCancelInfo = z.infer<typeof zPaidCancelInfo>;

/**
 * The plan calls. `PUT plans/change` and `POST plans/cancel/paid` answer {@link zCurrentPlanResponse}, the state
 * after the change. Cancelling with no paid plan applied or in service answers 4000.
 */
export const plansApi = {
  all: "/plans/all",
  current: "/plans/current",
  change: "/plans/change",
  cancelPaid: "/plans/cancel/paid",
  paidStartInfo: "/plans/info/paid/start",
  paidCancelInfo: "/plans/info/paid/cancel",
} as const;
