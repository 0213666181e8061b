import { Errors, type Language, type TCard, type TInvoice } from "@parley/contract";
import { AppError } from "../../errors";
import type { AccountRow, Authenticated } from "../auth";
import { dayStart } from "./rules";
import type { BillingCardRow, CardSnapshot, InvoiceRow } from "./schema";

/**
 * A UTC day as the web app's `format.day` writes it in the same language, so the notice text the server sends
 * reads like the screens around it.
 */
export const shownDay = (day: string, language: Language): string =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(dayStart(day));

/** The trial notices name the trial's last day (UTC), the same day /bills and /dashboard show. */
export const texts = {
  UsingFreePlan: {
    ko: (days: number, lastDay: string) => `무료 체험 중입니다(${lastDay}까지, UTC 기준). ${days}일 남았습니다.`,
    en: (days: number, lastDay: string) => `You are on the free trial through ${lastDay} (UTC). Days left: ${days}.`,
  },
  FreePlanExpiring: {
    ko: (days: number, lastDay: string) =>
      `무료 체험은 ${lastDay}까지입니다(UTC 기준). ${days}일 남았습니다. 서비스를 계속 이용하려면 유료 플랜을 신청해 주세요.`,
    en: (days: number, lastDay: string) =>
      `Your free trial runs through ${lastDay} (UTC). Days left: ${days}. Apply for the paid plan to keep the service running.`,
  },
  FreePlanEnded: {
    ko: () => "무료 체험이 끝나 서비스가 중지되었습니다. 유료 플랜을 신청하면 다시 이용할 수 있습니다.",
    en: () => "Your free trial has ended and the service is stopped. Apply for the paid plan to resume it.",
  },
  CardNotRegistered: {
    ko: () => "등록된 카드가 없습니다. 유료 플랜을 신청하려면 카드를 등록해 주세요.",
    en: () => "No card is registered. Register a card to apply for the paid plan.",
  },
  CardPaymentFailed: {
    ko: (reason: string, left: number) =>
      `카드 결제에 실패했습니다(${reason}). 매일 다시 결제를 시도하며, ${left}일 안에 결제되지 않으면 서비스가 중지됩니다.`,
    en: (reason: string, left: number) =>
      `A card payment failed (${reason}). It is retried daily; the service stops if it does not succeed within ${left} day${left === 1 ? "" : "s"}.`,
  },
  PaymentStopped: {
    ko: () =>
      "10일 연속 카드 결제에 실패하여 서비스가 중지되었습니다. 유효한 카드를 등록하면 바로 결제되고 서비스가 재개됩니다.",
    en: () =>
      "Card payments failed for 10 days in a row, so the service is stopped. Register a valid card to pay now and resume it.",
  },
} as const;

export function toCard(card: BillingCardRow | CardSnapshot): TCard {
  return {
    brand: card.brand,
    maskedNumber: `•••• ${card.last4}`,
    expiry: `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`,
    holder: card.holder,
    registeredAt: typeof card.registeredAt === "string" ? card.registeredAt : card.registeredAt.toISOString(),
  };
}

export function toInvoice(row: InvoiceRow): TInvoice {
  return {
    id: row.id,
    period: row.period,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    currency: row.currency,
    usage: { messages: row.messages, cumulativeDau: row.cumulativeDau, daysInService: row.daysInService },
    lines: row.lines,
    capApplied: row.capApplied,
    fee: row.fee,
    vat: row.vat,
    total: row.total,
    status: row.status,
    paymentDate: row.paymentDate,
    paidAt: row.paidAt?.toISOString() ?? null,
    failedAttempts: row.failedAttempts,
    lastFailureReason: row.lastFailureReason,
  };
}

/** Billing is for ordinary accounts: a marketplace account pays at its marketplace, a sub-account through its owner. */
export function ordinaryOnly(auth: Authenticated): AccountRow {
  if (auth.account.kind !== "ordinary") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  return auth.account;
}
