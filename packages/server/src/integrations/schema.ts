import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";

/**
 * The built-in sandbox gateway's own books, standing in for a payment provider's: the cards it holds and the
 * charges it made, one per idempotency key.
 */
export const sandboxGatewayCards = pgTable("sandbox_gateway_cards", {
  ref: text("ref").primaryKey(),
  behaviour: text("behaviour").$type<"succeeds" | "failsEveryCharge" | "refusesRefunds">().notNull(),
  last4: text("last4").notNull(),
  createdAt: ts("created_at").notNull(),
  removedAt: ts("removed_at"),
});

export const sandboxGatewayCharges = pgTable("sandbox_gateway_charges", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: text("kind").$type<"charge" | "refund">().notNull(),
  cardRef: text("card_ref"),
  chargeId: text("charge_id"),
  amount: bigint("amount", { mode: "number" }).notNull(),
  currency: text("currency").$type<"KRW" | "USD">().notNull(),
  status: text("status").$type<"succeeded" | "failed">().notNull(),
  failureReason: text("failure_reason"),
  createdAt: ts("created_at").notNull(),
});
