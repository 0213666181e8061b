import { z } from "zod";
import { zDay } from "./plans";

/**
 * The sandbox payment gateway's test cards (like a payment provider's test mode). Any future expiry and any holder
 * name work; other numbers that pass the Luhn check behave like the first.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: "4242424242424242",
  declinedAtRegistration: "4000000000000002",
  failsEveryCharge: "4000000000000341",
  /** Registers and is charged, but the gateway refuses to refund its charges: how a refund ends `cancelFailed`. */
  refusesRefunds: "4000000000000069",
} as const;

/** The 5th of the month after the billed one. */
export const INVOICE_DAY_OF_MONTH = 5;
/** Daily charge retries before the service stops (spec section 9). */
export const PAYMENT_RETRY_DAYS = 10;

export const zCard = z.object({
  brand: z.string(),
  /** Only the last four digits: `•••• 4242`. */
  maskedNumber: z.string(),
  /** `MM/YY`. */
  expiry: z.string(),
  holder: z.string(),
  registeredAt: z.string(),
});
export type TCard = z.infer<typeof zCard>;
export const zCardResponse = z.object({
  card: zCard.nullable(),
  /** When the next invoice will be charged, if one is coming. */
  expectedPaymentDate: zDay.nullable(),
});
export type TCardResponse = z.infer<typeof zCardResponse>;

/** Starting a card registration: the browser goes to the gateway's hosted page, which returns to `/billing-payletter`. */
export const zCardSessionResponse = z.object({ sessionId: z.string(), redirectUrl: z.string() });
export type TCardSessionResponse = z.infer<typeof zCardSessionResponse>;
/** `pending` until the hosted page is submitted; a session left unsubmitted for 30 minutes reads `cancelled`. */
export const CARD_SESSION_RESULTS = ["pending", "success", "declined", "invalid", "cancelled"] as const;
export const zCardSessionResult = z.object({
  sessionId: z.string(),
  result: z.enum(CARD_SESSION_RESULTS),
  card: zCard.nullable(),
});
export type TCardSessionResult = z.infer<typeof zCardSessionResult>;
export const zCardSessionParams = z.object({ sessionId: z.string().uuid() });

/**
 * Invoice statuses of spec sections 3 and 4: `generating` while the month is priced, `confirmationNeeded` until
 * the first charge, `failed` while charges fail and retries remain, `paid`, and for refunds of a paid invoice
 * `cancelPending`, `cancelled` and `cancelFailed`.
 */
export const INVOICE_STATUSES = [
  "generating",
  "confirmationNeeded",
  "failed",
  "paid",
  "cancelPending",
  "cancelled",
  "cancelFailed",
] as const;
export const zInvoiceStatus = z.enum(INVOICE_STATUSES);
export type TInvoiceStatus = z.infer<typeof zInvoiceStatus>;

export const zInvoiceLine = z.object({
  kind: z.enum(["base", "messages", "dau"]),
  quantity: z.number(),
  unitPrice: z.number(),
  tier: z.object({ from: z.number(), upTo: z.number().nullable() }).optional(),
  amount: z.number(),
});
export const zInvoice = z.object({
  id: z.string(),
  /** The billed month, `YYYY-MM`. */
  period: z.string(),
  periodStart: zDay,
  periodEnd: zDay,
  currency: z.enum(["KRW", "USD"]),
  usage: z.object({ messages: z.number().int(), cumulativeDau: z.number().int(), daysInService: z.number().int() }),
  lines: z.array(zInvoiceLine),
  capApplied: z.boolean(),
  /** Minor units (won, cents). */
  fee: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  status: zInvoiceStatus,
  paymentDate: zDay,
  paidAt: z.string().nullable(),
  failedAttempts: z.number().int(),
  lastFailureReason: z.string().nullable(),
});
export type TInvoice = z.infer<typeof zInvoice>;
export const zInvoicesResponse = z.object({ invoices: z.array(zInvoice) });
export type TInvoicesResponse = z.infer<typeof zInvoicesResponse>;
export const zInvoiceParams = z.object({ invoiceId: z.string().uuid() });
/** A payment made now answers the invoice it paid; a decline answers 5001 with the gateway's reason in `data`. */
export const zPayInvoiceResponse = z.object({ invoice: zInvoice });
export type TPayInvoiceResponse = z.infer<typeof zPayInvoiceResponse>;

export const billingApi = {
  card: "/billing/card",
  cardSession: "/billing/card/session",
  cardSessionResult: "/billing/card/session/:sessionId",
  invoices: "/billing/invoices",
  invoicePdf: "/billing/invoices/:invoiceId/pdf",
  invoiceCsv: "/billing/invoices/:invoiceId/csv",
  /** Charges an unpaid invoice whose payment day has come with the registered card, now. */
  invoicePay: "/billing/invoices/:invoiceId/pay",
} as const;
