import type { TInvoiceStatus } from "@parley/contract";
import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { accounts } from "../auth/schema";

/**
 * Paid plans an account applied for, one row per application. The plan's state is derived from these dates and
 * the invoices (see `modules/billing/rules.ts`), never stored as a flag. `end_date` is the last day in service,
 * set by a cancellation; one before `start_date` means the plan was withdrawn before it started.
 */
export const paidPlans = pgTable(
  "paid_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planType: text("plan_type").$type<"PlanC">().notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    appliedAt: ts("applied_at").notNull(),
    cancelledAt: ts("cancelled_at"),
  },
  // At most one plan runs per account: a double click on Apply cannot create two.
  (t) => [
    index("paid_plans_account_idx").on(t.accountId, t.startDate),
    uniqueIndex("paid_plans_open_key").on(t.accountId).where(sql`end_date is null`),
  ],
);
export type PaidPlanRow = typeof paidPlans.$inferSelect;

/** The account's card as the payment gateway stored it: only its reference and what the screens show. */
export const billingCards = pgTable(
  "billing_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    gatewayRef: text("gateway_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    holder: text("holder").notNull(),
    registeredAt: ts("registered_at").notNull(),
  },
  (t) => [uniqueIndex("billing_cards_account_key").on(t.accountId)],
);
export type BillingCardRow = typeof billingCards.$inferSelect;

export interface CardSnapshot {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  registeredAt: string;
}

/** A visit to the gateway's hosted card page, and how it ended. */
export const cardSessions = pgTable(
  "card_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    completedAt: ts("completed_at"),
    result: text("result").$type<"success" | "declined" | "invalid" | "cancelled">(),
    card: jsonb("card").$type<CardSnapshot>(),
  },
  (t) => [index("card_sessions_account_idx").on(t.accountId)],
);

export interface InvoiceLine {
  kind: "base" | "messages" | "dau";
  quantity: number;
  unitPrice: number;
  tier?: { from: number; upTo: number | null };
  amount: number;
}

export interface InvoiceAppUsage {
  appId: string;
  name: string;
  messages: number;
  cumulativeDau: number;
}

/**
 * One calendar month of a paid plan, priced once when it is invoiced (the 5th of the next month) and never
 * re-priced. `(account_id, period)` keeps a re-run of the daily job from billing a month twice.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    currency: text("currency").$type<"KRW" | "USD">().notNull(),
    messages: bigint("messages", { mode: "number" }).notNull(),
    cumulativeDau: bigint("cumulative_dau", { mode: "number" }).notNull(),
    daysInService: integer("days_in_service").notNull(),
    daysInMonth: integer("days_in_month").notNull(),
    usageByApp: jsonb("usage_by_app").$type<InvoiceAppUsage[]>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    capApplied: boolean("cap_applied").notNull(),
    fee: bigint("fee", { mode: "number" }).notNull(),
    vat: bigint("vat", { mode: "number" }).notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    /** `generating` from the moment the month is claimed until it is priced (see `cycle.ts`). */
    status: text("status").$type<TInvoiceStatus>().notNull(),
    paymentDate: date("payment_date", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull(),
    paidAt: ts("paid_at"),
    chargeId: text("charge_id"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** Days on which the daily charge failed: the service stops when they reach PAYMENT_RETRY_DAYS. */
    failedDays: integer("failed_days").notNull().default(0),
    lastFailureReason: text("last_failure_reason"),
    /** When the failed days stopped the service; it runs again from `paid_at`. */
    serviceStoppedAt: ts("service_stopped_at"),
    /**
     * Refunds an administrator asked for: each one's gateway idempotency key is `refund:<id>:<refund_attempts>`, so
     * a refund a crash left `cancelPending` is finished by asking again, and a retry after `cancelFailed` is new.
     */
    refundAttempts: integer("refund_attempts").notNull().default(0),
    refundRequestedAt: ts("refund_requested_at"),
    refundId: text("refund_id"),
    refundedAt: ts("refunded_at"),
    refundFailureReason: text("refund_failure_reason"),
  },
  (t) => [
    uniqueIndex("invoices_account_period_key").on(t.accountId, t.period),
    index("invoices_unpaid_idx").on(t.paymentDate).where(sql`paid_at is null`),
    index("invoices_generating_idx").on(t.accountId).where(sql`status = 'generating'`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Every charge of an invoice. `attempt_key` is `daily:<day>` for the daily charge and `card:<card id>` for the
 * retry a newly registered card triggers, so neither a re-run of the job nor a repeated request charges twice.
 * The key is also the gateway's idempotency key: an attempt left `pending` by a crash is finished by asking again.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    attemptKey: text("attempt_key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    cardRef: text("card_ref"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").$type<"KRW" | "USD">().notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull(),
    failureReason: text("failure_reason"),
    chargeId: text("charge_id"),
    createdAt: ts("created_at").notNull(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    uniqueIndex("payment_attempts_invoice_key").on(t.invoiceId, t.attemptKey),
    index("payment_attempts_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
  ],
);
