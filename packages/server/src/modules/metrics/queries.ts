import { and, gte, inArray, lte, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyMetrics } from "./schema";

/** Messages and the sum of daily active users of each app on the given days; apps with no counts are absent. */
export async function countsByApp(
  db: Db,
  appIds: string[],
  days: string[],
): Promise<Map<string, { messages: number; cumulativeDau: number }>> {
  if (appIds.length === 0 || days.length === 0) return new Map();
  const rows = await db
    .select({
      appId: dailyMetrics.appId,
      messages: sql<string>`coalesce(sum(${dailyMetrics.messageCount}), 0)`,
      cumulativeDau: sql<string>`coalesce(sum(${dailyMetrics.activeUserCount}), 0)`,
    })
    .from(dailyMetrics)
    .where(and(inArray(dailyMetrics.appId, appIds), inArray(dailyMetrics.day, days)))
    .groupBy(dailyMetrics.appId);
  return new Map(
    rows.map((row) => [row.appId, { messages: Number(row.messages), cumulativeDau: Number(row.cumulativeDau) }]),
  );
}

/** Messages sent by some apps (a subquery of app ids) from `from` to `to`, both included. */
export async function messageTotal(db: Db, appIds: SQLWrapper, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${dailyMetrics.messageCount}), 0)` })
    .from(dailyMetrics)
    .where(and(inArray(dailyMetrics.appId, appIds), gte(dailyMetrics.day, from), lte(dailyMetrics.day, to)));
  return Number(row?.total ?? 0);
}

/** Messages each app sent in a UTC month (`YYYY-MM`); apps that sent none are absent. */
export async function monthMessagesByApp(db: Db, appIds: string[], month: string): Promise<Map<string, number>> {
  if (appIds.length === 0) return new Map();
  const rows = await db
    .select({ appId: dailyMetrics.appId, messages: sql<string>`coalesce(sum(${dailyMetrics.messageCount}), 0)` })
    .from(dailyMetrics)
    .where(and(inArray(dailyMetrics.appId, appIds), sql`to_char(${dailyMetrics.day}, 'YYYY-MM') = ${month}`))
    .groupBy(dailyMetrics.appId);
  return new Map(rows.map((row) => [row.appId, Number(row.messages)]));
}
