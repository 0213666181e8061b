import { randomBytes } from "node:crypto";
import { type Currency, SANDBOX_TEST_CARDS } from "@parley/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { sandboxGatewayCards, sandboxGatewayCharges } from "./schema";

/** What the hosted card page collects. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

export interface RegisteredCard {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

export type RegisterResult = { ok: true; card: RegisteredCard } | { ok: false; reason: "invalid" | "declined" };
export type ChargeResult = { ok: true; chargeId: string } | { ok: false; reason: string };

/**
 * A payment provider as billing uses it. `idempotencyKey` makes a repeated charge or refund (a crash between
 * asking and recording the answer) return the first answer instead of moving money twice. Amounts are in minor
 * units (won, cents).
 */
export interface PaymentGateway {
  /** The provider's hosted page where the browser enters a card for this registration session. */
  cardPageUrl(sessionId: string): string;
  registerCard(card: CardInput): Promise<RegisterResult>;
  removeCard(ref: string): Promise<void>;
  charge(input: { cardRef: string; amount: number; currency: Currency; idempotencyKey: string }): Promise<ChargeResult>;
  refund(input: { chargeId: string; amount: number; idempotencyKey: string }): Promise<ChargeResult>;
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network by the number's leading digits (IIN ranges); anything else is shown as "Card". */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "Mastercard";
  if (/^3[47]/.test(number)) return "American Express";
  if (/^(9[0-4]|6[0-9])/.test(number)) return "Domestic";
  return "Card";
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, today: string): boolean {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return expYear < year || (expYear === year && expMonth < month);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * The built-in gateway, like a provider's test mode: its hosted page is served by this server
 * (`/sandbox-gateway/card/:sessionId`), it keeps its books in its own tables, and the documented test cards of
 * `SANDBOX_TEST_CARDS` decline at registration, fail every charge or have their refunds refused. Any other number
 * that passes Luhn succeeds.
 */
export function createSandboxGateway(deps: { db: Db; clock: Clock; publicUrl: string }): PaymentGateway {
  const { db, clock } = deps;

  async function recorded(idempotencyKey: string): Promise<ChargeResult | null> {
    const [row] = await db
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.idempotencyKey, idempotencyKey))
      .limit(1);
    if (!row) return null;
    return row.status === "succeeded" ? { ok: true, chargeId: row.id } : { ok: false, reason: row.failureReason ?? "" };
  }

  async function record(values: typeof sandboxGatewayCharges.$inferInsert): Promise<ChargeResult> {
    try {
      await db.insert(sandboxGatewayCharges).values(values);
    } catch (err) {
      // Another request with the same key got there first: its answer is the answer.
      if (!isUniqueViolation(err)) throw err;
      const first = await recorded(values.idempotencyKey);
      if (first) return first;
      throw err;
    }
    return values.status === "succeeded"
      ? { ok: true, chargeId: values.id }
      : { ok: false, reason: values.failureReason ?? "" };
  }

  return {
    cardPageUrl: (sessionId) => `${deps.publicUrl}/sandbox-gateway/card/${sessionId}`,

    async registerCard(card) {
      const number = card.number.replace(/[\s-]/g, "");
      const today = clock.now().toISOString().slice(0, 10);
      if (!passesLuhn(number) || card.holder.trim() === "") return { ok: false, reason: "invalid" };
      if (card.expMonth < 1 || card.expMonth > 12 || cardExpired(card.expMonth, card.expYear, today)) {
        return { ok: false, reason: "invalid" };
      }
      if (number === SANDBOX_TEST_CARDS.declinedAtRegistration) return { ok: false, reason: "declined" };
      const ref = newId("sbx_card");
      await db.insert(sandboxGatewayCards).values({
        ref,
        behaviour:
          number === SANDBOX_TEST_CARDS.failsEveryCharge
            ? "failsEveryCharge"
            : number === SANDBOX_TEST_CARDS.refusesRefunds
              ? "refusesRefunds"
              : "succeeds",
        last4: number.slice(-4),
        createdAt: clock.now(),
      });
      return {
        ok: true,
        card: {
          ref,
          brand: cardBrand(number),
          last4: number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
          holder: card.holder.trim(),
        },
      };
    },

    async removeCard(ref) {
      await db
        .update(sandboxGatewayCards)
        .set({ removedAt: clock.now() })
        .where(and(eq(sandboxGatewayCards.ref, ref), isNull(sandboxGatewayCards.removedAt)));
    },

    async charge({ cardRef, amount, currency, idempotencyKey }) {
      const earlier = await recorded(idempotencyKey);
      if (earlier) return earlier;
      const [card] = await db.select().from(sandboxGatewayCards).where(eq(sandboxGatewayCards.ref, cardRef)).limit(1);
      const failure =
        !card || card.removedAt
          ? "card not found"
          : card.behaviour === "failsEveryCharge"
            ? "declined by the issuer (sandbox test card)"
            : null;
      return record({
        id: newId("sbx_ch"),
        idempotencyKey,
        kind: "charge",
        cardRef,
        amount,
        currency,
        status: failure ? "failed" : "succeeded",
        failureReason: failure,
        createdAt: clock.now(),
      });
    },

    async refund({ chargeId, amount, idempotencyKey }) {
      const earlier = await recorded(idempotencyKey);
      if (earlier) return earlier;
      const [charge] = await db
        .select()
        .from(sandboxGatewayCharges)
        .where(and(eq(sandboxGatewayCharges.id, chargeId), eq(sandboxGatewayCharges.kind, "charge")))
        .limit(1);
      const [card] = charge?.cardRef
        ? await db.select().from(sandboxGatewayCards).where(eq(sandboxGatewayCards.ref, charge.cardRef)).limit(1)
        : [];
      const failure =
        charge?.status !== "succeeded"
          ? "no such charge"
          : amount > charge.amount
            ? "refund larger than the charge"
            : card?.behaviour === "refusesRefunds"
              ? "refund refused by the issuer (sandbox test card)"
              : null;
      return record({
        id: newId("sbx_re"),
        idempotencyKey,
        kind: "refund",
        chargeId,
        amount,
        currency: charge?.currency ?? "KRW",
        status: failure ? "failed" : "succeeded",
        failureReason: failure,
        createdAt: clock.now(),
      });
    },
  };
}
