import type { TChatEvent } from "@parley/contract";
import { asc, inArray } from "drizzle-orm";
import type { Context } from "../context";
import type { Db } from "../db/client";
import { withTransaction } from "../db/transaction";
import { eventOutbox } from "./schema";

export interface OutboxEntry {
  appId: string;
  event: TChatEvent;
}

/**
 * An integration that acts on chat events (webhooks, push). `take` runs inside the dispatcher's transaction and
 * stores what the integration will do; the function it returns runs after the commit (typically to enqueue jobs).
 * Delivery to a consumer is at least once: after a crash the same entries may be taken again, so `take` must be
 * idempotent (unique keys on the event id) and so must the jobs it starts.
 */
export interface OutboxConsumer {
  name: string;
  /**
   * Whether the app has this integration on; cached by the consumer, as it is asked for every event. It is asked
   * inside the transaction that records the event, so it reads through `tx`: on PGlite, with its one connection,
   * a query on `db` would wait for that transaction forever.
   */
  isActive(appId: string, tx: Db): Promise<boolean>;
  take(tx: Db, entries: OutboxEntry[]): Promise<(() => Promise<void>) | undefined>;
}

const BATCH = 200;

/** The outbox of chat events, handing each on to `consumers` (webhooks, push) in this order. */
export function createOutbox(ctx: Context, consumers: readonly OutboxConsumer[]) {
  const { db } = ctx.database;
  let running: Promise<void> | null = null;
  let pending = false;

  async function dispatchBatch(): Promise<number> {
    const afters: (() => Promise<void>)[] = [];
    const ids = await withTransaction(db, async (tx) => {
      const rows = await tx
        .select()
        .from(eventOutbox)
        .orderBy(asc(eventOutbox.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return [];
      const entries = rows.map((row) => ({ appId: row.appId, event: row.event }));
      for (const consumer of consumers) {
        const after = await consumer.take(tx, entries);
        if (after) afters.push(after);
      }
      return rows.map((row) => row.id);
    });
    for (const after of afters) await after();
    if (ids.length > 0) await db.delete(eventOutbox).where(inArray(eventOutbox.id, ids));
    return ids.length;
  }

  async function drain() {
    while (pending) {
      pending = false;
      try {
        while ((await dispatchBatch()) === BATCH) {}
      } catch (err) {
        ctx.log.error({ err }, "event dispatch failed");
      }
    }
    running = null;
  }

  return {
    /** Whether events of this app need to be kept for an integration. */
    async wants(appId: string, tx: Db): Promise<boolean> {
      for (const consumer of consumers) if (await consumer.isActive(appId, tx)) return true;
      return false;
    },

    /** Stores an event for the integrations, in the transaction that records it. */
    async record(tx: Db, appId: string, event: TChatEvent) {
      await tx.insert(eventOutbox).values({
        appId,
        eventId: BigInt(event.id),
        event,
        createdAt: ctx.clock.now(),
      });
    },

    /**
     * Hands stored events on, now. Called after each commit that recorded some, and by the periodic sweep that
     * picks up what a crashed process left. A call during a run makes the run go round once more, so no event
     * waits for the sweep. Never rejects: a failure is logged and the entries stay for the next run.
     */
    dispatch(): Promise<void> {
      pending = true;
      running ??= drain();
      return running;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
