import { Errors, type TCardSessionResponse, type TCardSessionResult } from "@parley/contract";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { PaymentGateway, RegisterResult } from "../../integrations/payments";
import { type AccountRow, type Authenticated, findAccount } from "../auth";
import type { BillingCycle } from "./cycle";
import { ordinaryOnly, toCard } from "./present";
import { type BillingCardRow, billingCards, type CardSnapshot, cardSessions } from "./schema";

/** A hosted card page left open longer than this reads as cancelled. */
const CARD_SESSION_TTL_MS = 30 * 60 * 1000;

export async function lockAccount(tx: Db, accountId: string): Promise<AccountRow> {
  const account = await findAccount(tx, accountId, { forUpdate: true });
  if (!account) throw new AppError(Errors.ACCOUNT_NOT_FOUND);
  return account;
}

export async function cardOf(q: Db, accountId: string): Promise<BillingCardRow | null> {
  const [card] = await q.select().from(billingCards).where(eq(billingCards.accountId, accountId)).limit(1);
  return card ?? null;
}

/**
 * The hosted card page's sessions: one is opened for the dashboard, submitted (or cancelled) on the gateway's page,
 * and completed here, which stores the new card, drops the one it replaces and retries unpaid invoices with it.
 */
export function createCardSessions(
  ctx: Context,
  deps: { gateway: PaymentGateway; cycle: BillingCycle; changed: (accountId: string) => void },
) {
  const { db } = ctx.database;
  const { clock, config } = ctx;
  const { gateway, cycle, changed } = deps;

  async function completeCardSession(
    sessionId: string,
    outcome: RegisterResult | { ok: false; reason: "cancelled" },
  ): Promise<string | null> {
    const now = clock.now();
    const done = await withTransaction(db, async (tx) => {
      const [session] = await tx
        .select()
        .from(cardSessions)
        .where(eq(cardSessions.id, sessionId))
        .for("update")
        .limit(1);
      if (!session || session.completedAt || session.expiresAt <= now) return null;
      if (!outcome.ok) {
        await tx
          .update(cardSessions)
          .set({ completedAt: now, result: outcome.reason })
          .where(eq(cardSessions.id, sessionId));
        return { accountId: session.accountId, previous: null, cardId: null };
      }
      await lockAccount(tx, session.accountId);
      const previous = await cardOf(tx, session.accountId);
      if (previous) await tx.delete(billingCards).where(eq(billingCards.id, previous.id));
      const { ref, ...shown } = outcome.card;
      const [card] = await tx
        .insert(billingCards)
        .values({ accountId: session.accountId, gatewayRef: ref, ...shown, registeredAt: now })
        .returning();
      if (!card) throw new AppError(Errors.PLAN_FAULT);
      const snapshot: CardSnapshot = { ...shown, registeredAt: now.toISOString() };
      await tx
        .update(cardSessions)
        .set({ completedAt: now, result: "success", card: snapshot })
        .where(eq(cardSessions.id, sessionId));
      return { accountId: session.accountId, previous, cardId: card.id };
    });
    if (!done) {
      // The page was submitted twice or too late: the card the gateway just stored is nobody's.
      if (outcome.ok) await gateway.removeCard(outcome.card.ref);
      return null;
    }
    if (done.previous) {
      await gateway.removeCard(done.previous.gatewayRef).catch((err) => {
        ctx.log.error({ err, accountId: done.accountId }, "could not remove the replaced card at the gateway");
      });
    }
    if (done.cardId) {
      await cycle.retryWithCard(done.accountId, done.cardId).catch((err) => {
        ctx.log.error({ err, accountId: done.accountId }, "retrying unpaid invoices with the new card failed");
      });
      changed(done.accountId);
    }
    return `${config.publicUrl}/billing-payletter?sessionId=${encodeURIComponent(sessionId)}`;
  }

  return {
    async startCardSession(auth: Authenticated): Promise<TCardSessionResponse> {
      const account = ordinaryOnly(auth);
      const now = clock.now();
      const [session] = await db
        .insert(cardSessions)
        .values({ accountId: account.id, createdAt: now, expiresAt: new Date(now.getTime() + CARD_SESSION_TTL_MS) })
        .returning({ id: cardSessions.id });
      if (!session) throw new AppError(Errors.PLAN_FAULT);
      return { sessionId: session.id, redirectUrl: gateway.cardPageUrl(session.id) };
    },

    async cardSessionResult(auth: Authenticated, sessionId: string): Promise<TCardSessionResult> {
      const account = ordinaryOnly(auth);
      const [session] = await db
        .select()
        .from(cardSessions)
        .where(and(eq(cardSessions.id, sessionId), eq(cardSessions.accountId, account.id)))
        .limit(1);
      if (!session) throw new AppError(Errors.ROUTE_NOT_FOUND);
      const result = session.result ?? (session.expiresAt <= clock.now() ? "cancelled" : "pending");
      return { sessionId, result, card: session.card ? toCard(session.card) : null };
    },

    /** What the hosted page needs to know about a session: whether it can still be submitted, and in which language. */
    async cardSessionPage(sessionId: string) {
      const [session] = await db.select().from(cardSessions).where(eq(cardSessions.id, sessionId)).limit(1);
      const account = session ? await findAccount(db, session.accountId) : undefined;
      if (!session || !account) return null;
      const open = !session.completedAt && session.expiresAt > clock.now();
      return { open, language: account.language };
    },

    completeCardSession,
  };
}
