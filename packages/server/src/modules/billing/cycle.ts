import { randomUUID } from "node:crypto";
import { priceMonth, type TInvoiceStatus } from "@parley/contract";
import { and, asc, eq, inArray, isNull, lt, lte } from "drizzle-orm";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import type { ChargeResult, PaymentGateway } from "../../integrations/payments";
import { findAccount } from "../auth";
import {
  billedDays,
  dailyRetryAllowed,
  daysInPeriod,
  duePeriods,
  firstDayOf,
  invoiceDayOf,
  lastDayOf,
  stopIntervals,
  utcDay,
} from "./rules";
import { billingCards, type InvoiceRow, invoices, paidPlans, paymentAttempts } from "./schema";
import { usageOnDays } from "./usage";

type Attempt = typeof paymentAttempts.$inferSelect;

const CHARGEABLE: ReadonlySet<TInvoiceStatus> = new Set(["confirmationNeeded", "failed"]);

/**
 * The monthly cycle: each due month of a paid plan is invoiced once, and each unpaid invoice is charged at most
 * once a day until it is paid or its retry days run out. Every step is keyed in the database (one invoice per
 * account and month, one attempt per invoice and key), so running it twice, or again after a crash, repeats
 * nothing that was done.
 */
export function createBillingCycle(ctx: Context, deps: { gateway: PaymentGateway; changed(accountId: string): void }) {
  const { db } = ctx.database;
  const { clock } = ctx;

  /**
   * Claims every month of the account that is due and not invoiced yet: its row is written `generating` and
   * committed before it is priced, so a reader in between sees the invoice being made, and a crash leaves a row
   * the next run prices (`completeInvoices`) instead of a month nobody remembers.
   */
  async function openInvoices(accountId: string, today: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      // Taken by apply and cancel too, so a plan cannot change while its months are claimed.
      const account = await findAccount(tx, accountId, { forUpdate: true });
      if (!account) return;
      const plans = await tx.select().from(paidPlans).where(eq(paidPlans.accountId, accountId));
      const existing = await tx
        .select({ period: invoices.period })
        .from(invoices)
        .where(eq(invoices.accountId, accountId));
      const invoiced = new Set(existing.map((invoice) => invoice.period));
      const missing = duePeriods(plans, today).filter((period) => !invoiced.has(period));
      if (missing.length === 0) return;
      await tx
        .insert(invoices)
        .values(
          missing.map((period) => ({
            accountId,
            period,
            periodStart: firstDayOf(period),
            periodEnd: lastDayOf(period),
            currency: account.paymentCurrency,
            messages: 0,
            cumulativeDau: 0,
            daysInService: 0,
            daysInMonth: daysInPeriod(period),
            usageByApp: [],
            lines: [],
            capApplied: false,
            fee: 0,
            vat: 0,
            total: 0,
            status: "generating" as const,
            paymentDate: invoiceDayOf(period),
            createdAt: clock.now(),
          })),
        )
        .onConflictDoNothing();
    });
  }

  /** Prices the account's `generating` invoices from its plans and usage, in one transaction. */
  async function completeInvoices(accountId: string): Promise<number> {
    return withTransaction(db, async (tx) => {
      const account = await findAccount(tx, accountId, { forUpdate: true });
      if (!account) return 0;
      const plans = await tx.select().from(paidPlans).where(eq(paidPlans.accountId, accountId));
      const existing = await tx.select().from(invoices).where(eq(invoices.accountId, accountId));
      const stops = stopIntervals(existing);
      let completed = 0;
      for (const invoice of existing.filter((row) => row.status === "generating")) {
        const { period } = invoice;
        const days = billedDays(plans, stops, period);
        const usage = await usageOnDays(tx, accountId, days);
        const price = priceMonth({
          currency: invoice.currency,
          messages: usage.messages,
          cumulativeDau: usage.cumulativeDau,
          daysInService: days.length,
          daysInMonth: daysInPeriod(period),
        });
        const now = clock.now();
        const free = price.total === 0;
        const rows = await tx
          .update(invoices)
          .set({
            periodStart: days[0] ?? firstDayOf(period),
            periodEnd: days.at(-1) ?? lastDayOf(period),
            messages: usage.messages,
            cumulativeDau: usage.cumulativeDau,
            daysInService: days.length,
            usageByApp: usage.byApp,
            lines: price.lines,
            capApplied: price.capApplied,
            fee: price.fee,
            vat: price.vat,
            total: price.total,
            // A month without a billed day owes nothing; there is nothing to charge.
            status: free ? "paid" : "confirmationNeeded",
            paidAt: free ? now : null,
          })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "generating")))
          .returning({ id: invoices.id });
        completed += rows.length;
      }
      return completed;
    });
  }

  /** Invoices every month of the account that is due and not invoiced yet: claimed first, then priced. */
  async function invoiceAccount(accountId: string, today: string): Promise<number> {
    await openInvoices(accountId, today);
    return completeInvoices(accountId);
  }

  /** Creates the attempt, unless the invoice is paid, another attempt is under way, or this key was used. */
  async function startAttempt(invoiceId: string, attemptKey: string, today: string): Promise<Attempt | null> {
    return withTransaction(db, async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update").limit(1);
      // Only a priced, unpaid invoice is charged: a `generating` one has no amount yet.
      if (!invoice || invoice.paidAt || !CHARGEABLE.has(invoice.status)) return null;
      const [pending] = await tx
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.invoiceId, invoiceId), eq(paymentAttempts.status, "pending")))
        .limit(1);
      if (pending) return null;
      const [card] = await tx.select().from(billingCards).where(eq(billingCards.accountId, invoice.accountId)).limit(1);
      const [attempt] = await tx
        .insert(paymentAttempts)
        .values({
          invoiceId,
          attemptKey,
          day: today,
          cardRef: card?.gatewayRef ?? null,
          amount: invoice.total,
          currency: invoice.currency,
          status: "pending",
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      return attempt ?? null;
    });
  }

  async function ask(attempt: Attempt): Promise<ChargeResult> {
    if (!attempt.cardRef) return { ok: false, reason: "no card registered" };
    try {
      // The attempt's id is the idempotency key: asking again after a crash returns the first answer.
      return await deps.gateway.charge({
        cardRef: attempt.cardRef,
        amount: attempt.amount,
        currency: attempt.currency,
        idempotencyKey: attempt.id,
      });
    } catch (err) {
      ctx.log.error({ err, attemptId: attempt.id }, "payment gateway did not answer");
      return { ok: false, reason: "the payment gateway did not answer" };
    }
  }

  /** Records the gateway's answer on the attempt and the invoice, once. */
  async function finish(attempt: Attempt, result: ChargeResult): Promise<void> {
    const accountId = await withTransaction(db, async (tx) => {
      const now = clock.now();
      const [done] = await tx
        .update(paymentAttempts)
        .set({
          status: result.ok ? "succeeded" : "failed",
          chargeId: result.ok ? result.chargeId : null,
          failureReason: result.ok ? null : result.reason,
          finishedAt: now,
        })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, "pending")))
        .returning({ id: paymentAttempts.id });
      if (!done) return null;
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, attempt.invoiceId))
        .for("update")
        .limit(1);
      if (!invoice) return null;
      if (result.ok) {
        await tx
          .update(invoices)
          .set({ status: "paid", paidAt: now, chargeId: result.chargeId })
          .where(eq(invoices.id, invoice.id));
      } else {
        const failedDays = invoice.failedDays + (attempt.attemptKey.startsWith("daily:") ? 1 : 0);
        await tx
          .update(invoices)
          .set({
            status: "failed",
            failedAttempts: invoice.failedAttempts + 1,
            failedDays,
            lastFailureReason: result.reason,
            serviceStoppedAt: invoice.serviceStoppedAt ?? (dailyRetryAllowed(failedDays) ? null : now),
          })
          .where(eq(invoices.id, invoice.id));
      }
      return invoice.accountId;
    });
    if (accountId) deps.changed(accountId);
  }

  async function charge(invoiceId: string, attemptKey: string, today: string): Promise<boolean> {
    const attempt = await startAttempt(invoiceId, attemptKey, today);
    if (!attempt) return false;
    await finish(attempt, await ask(attempt));
    return true;
  }

  /** Attempts a crash left between asking the gateway and recording its answer. */
  async function resumePending(): Promise<void> {
    const before = new Date(clock.now().getTime() - 60_000);
    const stale = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.status, "pending"), lt(paymentAttempts.createdAt, before)));
    for (const attempt of stale) await finish(attempt, await ask(attempt));
  }

  return {
    invoiceAccount,
    openInvoices,
    completeInvoices,

    /**
     * A payment the customer asked for: charges the invoice now under a key of its own, so it neither counts as a
     * failed retry day nor stands in for the daily charge. Null when nothing was charged (the invoice is not
     * chargeable, or another attempt is under way).
     */
    async chargeNow(invoiceId: string): Promise<ChargeResult | null> {
      const attempt = await startAttempt(invoiceId, `pay:${randomUUID()}`, utcDay(clock.now()));
      if (!attempt) return null;
      const result = await ask(attempt);
      await finish(attempt, result);
      return result;
    },

    /** The daily job: invoice what is due (catching up missed days), then charge what is unpaid. */
    async runDaily(): Promise<{ invoiced: number; attempts: number }> {
      const today = utcDay(clock.now());
      await resumePending();

      const plans = await db.select().from(paidPlans).orderBy(asc(paidPlans.accountId));
      const byAccount = new Map<string, typeof plans>();
      for (const plan of plans) byAccount.set(plan.accountId, [...(byAccount.get(plan.accountId) ?? []), plan]);
      const candidates = [...byAccount].filter(([, own]) => duePeriods(own, today).length > 0).map(([id]) => id);
      const periods = new Map<string, Set<string>>();
      if (candidates.length > 0) {
        const rows = await db
          .select({ accountId: invoices.accountId, period: invoices.period })
          .from(invoices)
          .where(inArray(invoices.accountId, candidates));
        for (const row of rows) periods.set(row.accountId, (periods.get(row.accountId) ?? new Set()).add(row.period));
      }
      // Invoices a crash left claimed but not priced are finished first, whatever else is due.
      const unfinished = await db
        .selectDistinct({ accountId: invoices.accountId })
        .from(invoices)
        .where(eq(invoices.status, "generating"));
      const resume = new Set(unfinished.map((row) => row.accountId));
      let invoiced = 0;
      for (const accountId of new Set([...resume, ...candidates])) {
        const missing = duePeriods(byAccount.get(accountId) ?? [], today).some(
          (period) => !periods.get(accountId)?.has(period),
        );
        if (!missing && !resume.has(accountId)) continue;
        try {
          invoiced += await invoiceAccount(accountId, today);
        } catch (err) {
          // One account's failure must not hold up the others; the next run tries it again.
          ctx.log.error({ err, accountId }, "invoicing failed");
        }
      }

      const unpaid = await db
        .select({ id: invoices.id, failedDays: invoices.failedDays })
        .from(invoices)
        .where(and(isNull(invoices.paidAt), lte(invoices.paymentDate, today)))
        .orderBy(asc(invoices.paymentDate));
      const due = unpaid.filter((invoice) => dailyRetryAllowed(invoice.failedDays));
      let attempts = 0;
      for (const { id } of due) {
        try {
          if (await charge(id, `daily:${today}`, today)) attempts += 1;
        } catch (err) {
          ctx.log.error({ err, invoiceId: id }, "charging failed");
        }
      }
      return { invoiced, attempts };
    },

    /** A newly registered card pays what is unpaid at once, whether or not retry days remain. */
    async retryWithCard(accountId: string, cardId: string): Promise<void> {
      const today = utcDay(clock.now());
      const unpaid: Pick<InvoiceRow, "id">[] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), isNull(invoices.paidAt), lte(invoices.paymentDate, today)))
        .orderBy(asc(invoices.paymentDate));
      for (const { id } of unpaid) await charge(id, `card:${cardId}`, today);
    },
  };
}

export type BillingCycle = ReturnType<typeof createBillingCycle>;
