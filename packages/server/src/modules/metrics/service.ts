import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { dailyMetrics, dailyUserActivity } from "../../db/schema";

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts chat activity into per-app daily rows as it happens. The distinct counts (active users, senders)
 * rely on the primary key of `daily_user_activity`: only the first insert of a user on a day bumps them.
 */
export function createMetricsService(ctx: Context) {
  const { db } = ctx.database;

  async function bump(
    tx: Db,
    appId: string,
    day: string,
    column: "messageCount" | "messageSenderCount" | "activeUserCount",
  ) {
    const col = dailyMetrics[column];
    await tx
      .insert(dailyMetrics)
      .values({ appId, day, [column]: 1 })
      .onConflictDoUpdate({ target: [dailyMetrics.appId, dailyMetrics.day], set: { [column]: sql`${col} + 1` } });
  }

  async function firstToday(tx: Db, appId: string, day: string, chatUserId: string, kind: "active" | "sender") {
    const rows = await tx
      .insert(dailyUserActivity)
      .values({ appId, day, chatUserId, kind })
      .onConflictDoNothing()
      .returning({ day: dailyUserActivity.day });
    return rows.length > 0;
  }

  const service = {
    async recordActive(appId: string, chatUserId: string, at: Date = ctx.clock.now()): Promise<void> {
      const day = utcDay(at);
      if (await firstToday(db, appId, day, chatUserId, "active")) await bump(db, appId, day, "activeUserCount");
    },

    /** One message; its sender (if a user) counts as a sender and an active user of the day. */
    async recordMessage(tx: Db, appId: string, senderId: string | null, at: Date): Promise<void> {
      const day = utcDay(at);
      await bump(tx, appId, day, "messageCount");
      if (!senderId) return;
      if (await firstToday(tx, appId, day, senderId, "sender")) await bump(tx, appId, day, "messageSenderCount");
      if (await firstToday(tx, appId, day, senderId, "active")) await bump(tx, appId, day, "activeUserCount");
    },

    async messagesThisMonth(appIds: string[]): Promise<Map<string, number>> {
      if (appIds.length === 0) return new Map();
      const now = ctx.clock.now();
      const start = `${now.toISOString().slice(0, 7)}-01`;
      const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const rows = await db
        .select({ appId: dailyMetrics.appId, total: sql<number>`coalesce(sum(${dailyMetrics.messageCount}), 0)::int` })
        .from(dailyMetrics)
        .where(
          and(inArray(dailyMetrics.appId, appIds), gte(dailyMetrics.day, start), lt(dailyMetrics.day, utcDay(next))),
        )
        .groupBy(dailyMetrics.appId);
      return new Map(rows.map((r) => [r.appId, Number(r.total)]));
    },

    async daily(appId: string, from: string, to: string) {
      return db
        .select()
        .from(dailyMetrics)
        .where(and(eq(dailyMetrics.appId, appId), gte(dailyMetrics.day, from), lt(dailyMetrics.day, to)))
        .orderBy(dailyMetrics.day);
    },
  };
  return service;
}

export type MetricsService = ReturnType<typeof createMetricsService>;
