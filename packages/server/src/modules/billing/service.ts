import {
  BILLING_LABEL_OF_STATE,
  Errors,
  PAID_PLAN_TYPE,
  priceMonth,
  type TCardResponse,
  type TCurrentPlan,
  type TInvoice,
  type TInvoiceStatus,
  type TNotification,
  type TPaidCancelInfo,
  type TPaidStartInfo,
  type TPlanChangeRequest,
  TRIAL_MONTHLY_MESSAGES,
  type TServiceStopReason,
  trialDaysLeft,
  VPlans,
} from "@parley/contract";
import { and, desc, eq, isNull } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { cardExpired, type PaymentGateway } from "../../integrations/payments";
import type { AppRow } from "../apps";
import { type AccountRow, type Authenticated, findAccount } from "../auth";
import type { MessageDraft } from "../messages";
import { cardOf, createCardSessions, lockAccount } from "./cards";
import { createBillingCycle } from "./cycle";
import { ordinaryOnly, shownDay, texts, toCard, toInvoice } from "./present";
import { createRefunds } from "./refunds";
import {
  addDays,
  billedDays,
  dailyRetriesLeft,
  dailyRetryAllowed,
  daysInPeriod,
  derivePlanStatus,
  firstDayOf,
  invoiceDayOf,
  laterDay,
  monthOf,
  nextPeriod,
  type PlanStatus,
  paidStartInfo,
  pendingPlanMove,
  servedDays,
  stopIntervals,
  utcDay,
} from "./rules";
import { billingCards, type InvoiceRow, invoices, paidPlans, paymentAttempts } from "./schema";
import { messagesBetween, usageOnDays } from "./usage";

/** An invoice the customer can pay: priced, and not paid or refunded. */
const PAYABLE: ReadonlySet<TInvoiceStatus> = new Set(["confirmationNeeded", "failed"]);

/**
 * The company information a paid plan is billed to: invoices are issued to a company at an address (a Korean tax
 * invoice needs both). Signup asks only for the name, so the address may still be missing when the plan is applied.
 */
export function missingCompanyInfo(account: AccountRow): string[] {
  const required: [string, string][] = [
    ["companyName", account.companyName],
    ["companyAddress.postalCode", account.postalCode],
    ["companyAddress.address", account.address],
  ];
  return required.filter(([, value]) => value.trim() === "").map(([path]) => path);
}

/**
 * Every chat API call asks whether the account's service runs, so the answer is cached. A change made in this
 * process (apply, cancel, a payment) takes effect at once; other processes see it within this many milliseconds.
 */
const ACCESS_CACHE_MS = 5_000;

interface Access {
  serviceActive: boolean;
  stopReason: TServiceStopReason | null;
  onTrial: boolean;
}

export function createBillingService(ctx: Context, deps: { gateway: PaymentGateway }) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const { gateway } = deps;
  const cache = createTtlCache<string, Access>(clock, ACCESS_CACHE_MS);
  const changed = (accountId: string) => cache.invalidate(accountId);
  const cycle = createBillingCycle(ctx, { gateway, changed });
  const cards = createCardSessions(ctx, { gateway, cycle, changed });
  const refunds = createRefunds(ctx, { gateway });

  async function loadStatus(q: Db, account: AccountRow) {
    const plans = await q.select().from(paidPlans).where(eq(paidPlans.accountId, account.id));
    const bills = await q.select().from(invoices).where(eq(invoices.accountId, account.id));
    const status = derivePlanStatus(
      {
        kind: account.kind,
        // An account cannot sign in before verifying its email, so the fallback only covers rows made by hand.
        trialStartedAt: account.emailVerifiedAt ?? account.createdAt,
        trialExtensionDays: account.trialExtensionDays,
        stoppedByAdmin: account.serviceStoppedByAdminAt !== null,
        plans,
        invoices: bills,
      },
      clock.now(),
    );
    return { status, plans, invoices: bills };
  }

  function access(accountId: string): Promise<Access> {
    return cache.get(accountId, async () => {
      const account = await findAccount(db, accountId);
      if (!account) return { serviceActive: false, stopReason: null, onTrial: false };
      const { status } = await loadStatus(db, account);
      return { serviceActive: status.serviceActive, stopReason: status.stopReason, onTrial: status.onTrial };
    });
  }

  function monthToDate(): { from: string; to: string } {
    const today = utcDay(clock.now());
    return { from: firstDayOf(monthOf(today)), to: today };
  }

  async function ownInvoice(accountId: string, invoiceId: string): Promise<InvoiceRow> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)))
      .limit(1);
    if (!row) throw new AppError(Errors.ROUTE_NOT_FOUND);
    return row;
  }

  async function current(account: AccountRow): Promise<TCurrentPlan> {
    const { status } = await loadStatus(db, account);
    const card = await cardOf(db, account.id);
    let trial: TCurrentPlan["trial"] = null;
    if (status.onTrial) {
      const { from, to } = monthToDate();
      trial = {
        startedAt: status.trial.startedAt.toISOString(),
        firstDay: status.trial.firstDay,
        lastDay: status.trial.lastDay,
        endsAt: status.trial.endsAt.toISOString(),
        daysLeft: trialDaysLeft(status.trial, clock.now()),
        monthlyMessages: TRIAL_MONTHLY_MESSAGES,
        messagesThisMonth: await messagesBetween(db, account.id, from, to),
      };
    }
    return {
      planType: status.planType,
      state: status.state,
      billingLabel: BILLING_LABEL_OF_STATE[status.state],
      serviceActive: status.serviceActive,
      stopReason: status.stopReason,
      trial,
      paid: status.plan
        ? {
            startDate: status.plan.startDate,
            endDate: status.plan.endDate,
            cancelledAt: status.plan.cancelledAt?.toISOString() ?? null,
          }
        : null,
      currency: account.paymentCurrency,
      cardRegistered: card !== null,
    };
  }

  /** When the next charge will happen: a retry of an unpaid invoice, or the 5th after the next month to bill. */
  async function expectedPaymentDate(account: AccountRow, status: PlanStatus, bills: InvoiceRow[]) {
    const today = utcDay(clock.now());
    const unpaid = bills.filter((invoice) => invoice.paidAt === null);
    if (unpaid.length > 0) {
      if (!unpaid.some((invoice) => dailyRetryAllowed(invoice.failedDays))) return null;
      const [triedToday] = await db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .innerJoin(invoices, eq(invoices.id, paymentAttempts.invoiceId))
        .where(and(eq(invoices.accountId, account.id), eq(paymentAttempts.attemptKey, `daily:${today}`)))
        .limit(1);
      return triedToday ? addDays(today, 1) : today;
    }
    const plan = status.plan;
    if (!plan || !servedDays(plan)) return null;
    const invoiced = new Set(bills.map((invoice) => invoice.period));
    const last = monthOf(plan.endDate ?? laterDay(today, plan.startDate));
    for (let period = monthOf(plan.startDate); period <= last; period = nextPeriod(period)) {
      if (!invoiced.has(period)) return invoiceDayOf(period);
    }
    return null;
  }

  return {
    cycle,
    changed,

    /** Any account's plan status, plans and invoices, for the admin console. */
    async overview(account: AccountRow) {
      return loadStatus(db, account);
    },

    /**
     * Keeps a paid plan applied during the trial starting the day after the trial's last day once the trial has
     * changed (an admin extended it). Runs in the transaction that changed the trial, with the account row locked
     * and as changed, so no apply can slip in between. Answers the plan's start before and after if it moved.
     */
    async followTrial(tx: Db, account: AccountRow): Promise<{ from: string; to: string } | null> {
      const { status, plans } = await loadStatus(tx, account);
      const move = pendingPlanMove(plans, status.trial, clock.now());
      if (!move) return null;
      await tx.update(paidPlans).set({ startDate: move.startDate }).where(eq(paidPlans.id, move.plan.id));
      return { from: move.plan.startDate, to: move.startDate };
    },

    /** The chat API's gate: 4000 for every app of an account whose service is stopped. */
    async requireChatService(app: Pick<AppRow, "accountId">): Promise<void> {
      if (!(await access(app.accountId)).serviceActive) throw new AppError(Errors.NO_ACTIVE_PLAN);
    },

    /** A message check of the pipeline: during the trial the account's apps share a monthly message quota. */
    async checkTrialQuota(draft: MessageDraft): Promise<void> {
      if (!(await access(draft.actor.app.accountId)).onTrial) return;
      const { from, to } = monthToDate();
      if ((await messagesBetween(db, draft.actor.app.accountId, from, to)) >= TRIAL_MONTHLY_MESSAGES) {
        throw new AppError(Errors.MESSAGE_QUOTA_EXCEEDED);
      }
    },

    async current(auth: Authenticated): Promise<TCurrentPlan> {
      return current(ordinaryOnly(auth));
    },

    async startInfo(auth: Authenticated): Promise<TPaidStartInfo> {
      const account = ordinaryOnly(auth);
      const { status } = await loadStatus(db, account);
      return paidStartInfo(status.trial, clock.now());
    },

    async change(auth: Authenticated, request: TPlanChangeRequest): Promise<TCurrentPlan> {
      const account = ordinaryOnly(auth);
      if (request.planType !== PAID_PLAN_TYPE) throw new AppError(Errors.TRIAL_UNAVAILABLE);
      await withTransaction(db, async (tx) => {
        const locked = await lockAccount(tx, account.id);
        const { status } = await loadStatus(tx, locked);
        const info = paidStartInfo(status.trial, clock.now());
        const fields = [
          ...(request.startDate === info.paidPlanStartDate
            ? []
            : [{ path: "startDate", message: VPlans.datesChanged }]),
          ...(request.endDate === info.paidPlanEndDate ? [] : [{ path: "endDate", message: VPlans.datesChanged }]),
        ];
        if (fields.length > 0) throw new AppError(Errors.INVALID_REQUEST, { fields });
        // The plan is still open but stopped for non-payment: what it needs is a card that pays, not a new plan.
        if (status.stopReason === "paymentFailed") throw new AppError(Errors.PAYMENT_OVERDUE);
        if (status.plan && status.plan.endDate === null) throw new AppError(Errors.SAME_PLAN);
        if (status.outstanding) throw new AppError(Errors.INVOICE_UNPAID);
        const missing = missingCompanyInfo(locked);
        if (missing.length > 0) throw new AppError(Errors.COMPANY_INFO_MISSING, { missing });
        const card = await cardOf(tx, account.id);
        if (!card) throw new AppError(Errors.CARD_REQUIRED);
        if (cardExpired(card.expMonth, card.expYear, utcDay(clock.now()))) throw new AppError(Errors.CARD_INVALID);
        await tx.insert(paidPlans).values({
          accountId: account.id,
          planType: PAID_PLAN_TYPE,
          startDate: info.paidPlanStartDate,
          appliedAt: clock.now(),
        });
      });
      changed(account.id);
      return current(account);
    },

    /**
     * Cancels now: the chat API stops at once and today is the last billed day. A plan that has not started yet
     * (applied during the trial) is withdrawn instead, and the trial runs on.
     */
    async cancel(auth: Authenticated): Promise<TCurrentPlan> {
      const account = ordinaryOnly(auth);
      await withTransaction(db, async (tx) => {
        await lockAccount(tx, account.id);
        const [open] = await tx
          .select()
          .from(paidPlans)
          .where(and(eq(paidPlans.accountId, account.id), isNull(paidPlans.endDate)))
          .limit(1);
        if (!open) throw new AppError(Errors.NO_ACTIVE_PLAN);
        const today = utcDay(clock.now());
        await tx
          .update(paidPlans)
          .set({
            endDate: today < open.startDate ? addDays(open.startDate, -1) : today,
            cancelledAt: clock.now(),
          })
          .where(eq(paidPlans.id, open.id));
      });
      changed(account.id);
      return current(account);
    },

    /** What cancelling today would bill on the next 5th: this month's days and usage so far. */
    async cancelInfo(auth: Authenticated): Promise<TPaidCancelInfo> {
      const account = ordinaryOnly(auth);
      const { status, plans, invoices: bills } = await loadStatus(db, account);
      if (!status.plan || status.plan.endDate !== null) throw new AppError(Errors.NO_ACTIVE_PLAN);
      const today = utcDay(clock.now());
      const period = monthOf(today);
      const days = billedDays(plans, stopIntervals(bills), period, today);
      const usage = await usageOnDays(db, account.id, days);
      const price = priceMonth({
        currency: account.paymentCurrency,
        messages: usage.messages,
        cumulativeDau: usage.cumulativeDau,
        daysInService: days.length,
        daysInMonth: daysInPeriod(period),
      });
      return {
        cancelDate: today,
        periodStart: days[0] ?? today,
        periodEnd: days.at(-1) ?? today,
        usage: { messages: usage.messages, cumulativeDau: usage.cumulativeDau, daysInService: days.length },
        fee: price.fee,
        vat: price.vat,
        total: price.total,
        currency: account.paymentCurrency,
        paymentDate: invoiceDayOf(period),
      };
    },

    /** The billing notices of the notice bar, in the order it stacks them. */
    async notices(account: AccountRow): Promise<TNotification[]> {
      if (account.kind !== "ordinary") return [];
      const { status, invoices: bills } = await loadStatus(db, account);
      const lang = account.language;
      const out: TNotification[] = [];
      const failing = bills.filter((invoice) => invoice.paidAt === null && invoice.failedAttempts > 0);
      if (failing.length > 0) {
        const stopped = failing.some((invoice) => invoice.serviceStoppedAt);
        const failedDays = Math.max(...failing.map((invoice) => invoice.failedDays));
        const daysLeft = dailyRetriesLeft(failedDays);
        const reason = failing[0]?.lastFailureReason ?? "";
        out.push({
          type: "CardPaymentFailed",
          text: stopped ? texts.PaymentStopped[lang]() : texts.CardPaymentFailed[lang](reason, daysLeft),
          params: { failedDays, daysLeft, stopped: stopped ? 1 : 0, reason },
        });
      }
      const hasCard = (await cardOf(db, account.id)) !== null;
      const daysLeft = trialDaysLeft(status.trial, clock.now());
      const { lastDay } = status.trial;
      const lastDayText = shownDay(lastDay, lang);
      if (status.state === "notApplied" && daysLeft <= 7) {
        out.push({
          type: "FreePlanExpiring",
          text: texts.FreePlanExpiring[lang](daysLeft, lastDayText),
          params: { daysLeft, lastDay },
        });
      } else if (status.state === "serviceStopped" && status.stopReason === "trialEnded") {
        out.push({ type: "FreePlanExpiring", text: texts.FreePlanEnded[lang](), params: { daysLeft: 0 } });
      } else if (status.onTrial) {
        // Once a paid plan is applied the trial notice stays, but it no longer offers to apply.
        const paidPlanApplied = status.state === "applicationComplete" ? 1 : 0;
        out.push({
          type: "UsingFreePlan",
          text: texts.UsingFreePlan[lang](daysLeft, lastDayText),
          params: { daysLeft, lastDay, paidPlanApplied },
        });
      }
      const needsCard =
        status.state === "applicationComplete" ||
        status.state === "inService" ||
        (status.state === "notApplied" && daysLeft <= 7) ||
        status.stopReason === "trialEnded";
      if (needsCard && !hasCard) out.push({ type: "CardNotRegistered", text: texts.CardNotRegistered[lang]() });
      return out;
    },

    async getCard(auth: Authenticated): Promise<TCardResponse> {
      const account = ordinaryOnly(auth);
      const card = await cardOf(db, account.id);
      const { status, invoices: bills } = await loadStatus(db, account);
      return {
        card: card ? toCard(card) : null,
        expectedPaymentDate: await expectedPaymentDate(account, status, bills),
      };
    },

    async removeCard(auth: Authenticated): Promise<void> {
      const account = ordinaryOnly(auth);
      const removed = await withTransaction(db, async (tx) => {
        const locked = await lockAccount(tx, account.id);
        const { status } = await loadStatus(tx, locked);
        if (status.outstanding || (status.plan && status.plan.endDate === null)) throw new AppError(Errors.CARD_IN_USE);
        const card = await cardOf(tx, account.id);
        if (card) await tx.delete(billingCards).where(eq(billingCards.id, card.id));
        return card;
      });
      if (removed) await gateway.removeCard(removed.gatewayRef);
    },

    ...cards,

    async listInvoices(auth: Authenticated): Promise<TInvoice[]> {
      const account = ordinaryOnly(auth);
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.accountId, account.id))
        .orderBy(desc(invoices.period));
      return rows.map(toInvoice);
    },

    /**
     * Pays an unpaid invoice whose payment day has come with the registered card, now, rather than waiting for the
     * next daily retry. A decline answers 5001 with the gateway's reason and leaves the invoice `failed`; a success
     * restores a service the failed days stopped.
     */
    async payInvoice(auth: Authenticated, invoiceId: string): Promise<TInvoice> {
      const account = ordinaryOnly(auth);
      const row = await ownInvoice(account.id, invoiceId);
      const today = utcDay(clock.now());
      if (row.paidAt || !PAYABLE.has(row.status) || row.paymentDate > today) {
        throw new AppError(Errors.INVOICE_STATUS_CONFLICT, { status: row.status });
      }
      const card = await cardOf(db, account.id);
      if (!card) throw new AppError(Errors.CARD_REQUIRED);
      if (cardExpired(card.expMonth, card.expYear, today)) throw new AppError(Errors.CARD_INVALID);
      const result = await cycle.chargeNow(row.id);
      if (result && !result.ok) throw new AppError(Errors.PAYMENT_FAILED, { reason: result.reason });
      const after = await ownInvoice(account.id, invoiceId);
      // Nothing was charged because another attempt holds the invoice; its answer is not known yet.
      if (!after.paidAt) throw new AppError(Errors.INVOICE_STATUS_CONFLICT, { status: after.status });
      return toInvoice(after);
    },

    /** Refunds a paid invoice of an account at the gateway; see `refunds.ts`. */
    refundInvoice: refunds.refundInvoice,

    async invoice(auth: Authenticated, invoiceId: string): Promise<{ invoice: InvoiceRow; account: AccountRow }> {
      const account = ordinaryOnly(auth);
      return { invoice: await ownInvoice(account.id, invoiceId), account };
    },

    async runDaily() {
      await refunds.resumeRefunds().catch((err) => {
        // A refund the gateway still cannot answer must not hold up the month's invoices and charges.
        ctx.log.error({ err }, "resuming pending refunds failed");
      });
      return cycle.runDaily();
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
