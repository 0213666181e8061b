import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apps, dailyMetrics, type InvoiceAppUsage } from "../../db/schema";

export interface AccountUsage {
  messages: number;
  /** The sum over the days of each app's daily active users (chat users belong to one app each). */
  cumulativeDau: number;
  byApp: InvoiceAppUsage[];
}

/** An account's usage on the given days, from the daily counters (never from the messages). */
export async function usageOnDays(q: Db, accountId: string, days: string[]): Promise<AccountUsage> {
  const dayFilter = days.length > 0 ? inArray(dailyMetrics.day, days) : sql`false`;
  const rows = await q
    .select({
      appId: apps.id,
      name: apps.name,
      messages: sql<string>`coalesce(sum(${dailyMetrics.messageCount}), 0)`,
      cumulativeDau: sql<string>`coalesce(sum(${dailyMetrics.activeUserCount}), 0)`,
    })
    .from(apps)
    .leftJoin(dailyMetrics, and(eq(dailyMetrics.appId, apps.id), dayFilter))
    .where(eq(apps.accountId, accountId))
    .groupBy(apps.id, apps.name, apps.createdAt)
    .orderBy(asc(apps.createdAt));
  const byApp = rows.map((row) => ({
    appId: row.appId,
    name: row.name,
    messages: Number(row.messages),
    cumulativeDau: Number(row.cumulativeDau),
  }));
  return {
    messages: byApp.reduce((sum, app) => sum + app.messages, 0),
    cumulativeDau: byApp.reduce((sum, app) => sum + app.cumulativeDau, 0),
    byApp,
  };
}

/** Messages the account's apps sent from `from` to `to`, both included: what the trial quota counts. */
export async function messagesBetween(q: Db, accountId: string, from: string, to: string): Promise<number> {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${dailyMetrics.messageCount}), 0)` })
    .from(dailyMetrics)
    .innerJoin(apps, eq(apps.id, dailyMetrics.appId))
    .where(and(eq(apps.accountId, accountId), gte(dailyMetrics.day, from), lte(dailyMetrics.day, to)));
  return Number(row?.total ?? 0);
}
