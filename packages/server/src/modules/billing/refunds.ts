import { Errors, type TInvoiceStatus } from "@parley/contract";
import { and, eq, lt } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { ChargeResult, PaymentGateway } from "../../integrations/payments";
import { type InvoiceRow, invoices } from "./schema";

/** A paid invoice is refunded; one whose refund the gateway refused may be tried again. */
const REFUNDABLE: ReadonlySet<TInvoiceStatus> = new Set(["paid", "cancelFailed"]);

/** A refund still `cancelPending` after this long was cut off by a crash (or the gateway did not answer). */
const STALE_REFUND_MS = 60_000;

/**
 * Refunds of paid invoices, which an administrator asks for. The invoice goes `cancelPending` in its own
 * transaction before the gateway is asked, then `cancelled` or `cancelFailed` with the answer. Each refund's
 * idempotency key at the gateway is `refund:<invoice id>:<attempt>`, so one a crash left pending is finished by
 * asking again with the same key (the gateway answers its first result, never refunding twice), and a retry after a
 * refusal is a new request. A refunded invoice keeps `paid_at`: the money went back by an administrator's decision,
 * so the daily job never charges that month again.
 */
export function createRefunds(ctx: Context, deps: { gateway: PaymentGateway }) {
  const { db } = ctx.database;
  const { clock } = ctx;

  async function ask(invoice: InvoiceRow): Promise<ChargeResult | null> {
    if (!invoice.chargeId) {
      // A month that owed nothing was never charged: there is no money to return, and nothing to refuse.
      return invoice.total === 0 ? { ok: true, chargeId: "" } : { ok: false, reason: "the invoice has no charge" };
    }
    try {
      return await deps.gateway.refund({
        chargeId: invoice.chargeId,
        amount: invoice.total,
        idempotencyKey: `refund:${invoice.id}:${invoice.refundAttempts}`,
      });
    } catch (err) {
      // No answer is not a refusal: the refund may have happened. It stays pending and is asked again later.
      ctx.log.error({ err, invoiceId: invoice.id }, "payment gateway did not answer a refund");
      return null;
    }
  }

  /** Records the gateway's answer, once: a later answer for an earlier attempt changes nothing. */
  async function finish(invoice: InvoiceRow, result: ChargeResult): Promise<InvoiceRow | null> {
    const [row] = await db
      .update(invoices)
      .set(
        result.ok
          ? {
              status: "cancelled",
              refundId: result.chargeId || null,
              refundedAt: clock.now(),
              refundFailureReason: null,
            }
          : { status: "cancelFailed", refundFailureReason: result.reason },
      )
      .where(
        and(
          eq(invoices.id, invoice.id),
          eq(invoices.status, "cancelPending"),
          eq(invoices.refundAttempts, invoice.refundAttempts),
        ),
      )
      .returning();
    return row ?? null;
  }

  return {
    /**
     * Refunds an invoice of the account: 004 when the account has no such invoice, 5006 (with its status) when it
     * is not paid or its refund is under way or done. `onStart` runs in the transaction that marks it pending, so
     * what the caller records of the request is kept exactly when the request is.
     */
    async refundInvoice(
      accountId: string,
      invoiceId: string,
      onStart: (tx: Db, invoice: InvoiceRow) => Promise<void>,
    ): Promise<InvoiceRow> {
      const pending = await withTransaction(db, async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)))
          .for("update")
          .limit(1);
        if (!invoice) throw new AppError(Errors.ROUTE_NOT_FOUND);
        if (!REFUNDABLE.has(invoice.status))
          throw new AppError(Errors.INVOICE_STATUS_CONFLICT, { status: invoice.status });
        const [marked] = await tx
          .update(invoices)
          .set({
            status: "cancelPending",
            refundAttempts: invoice.refundAttempts + 1,
            refundRequestedAt: clock.now(),
            refundFailureReason: null,
          })
          .where(eq(invoices.id, invoice.id))
          .returning();
        if (!marked) throw new AppError(Errors.PLAN_FAULT);
        await onStart(tx, marked);
        return marked;
      });
      const result = await ask(pending);
      if (!result) return pending;
      return (await finish(pending, result)) ?? pending;
    },

    /** Refunds a crash (or a silent gateway) left pending: asked again with the same key. */
    async resumeRefunds(): Promise<number> {
      const before = new Date(clock.now().getTime() - STALE_REFUND_MS);
      const stale = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.status, "cancelPending"), lt(invoices.refundRequestedAt, before)));
      let finished = 0;
      for (const invoice of stale) {
        const result = await ask(invoice);
        if (result && (await finish(invoice, result))) finished += 1;
      }
      return finished;
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
