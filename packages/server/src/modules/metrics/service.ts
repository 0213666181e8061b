import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { dailyMetrics, dailyUserActivity, METRICS_SLOTS } from "./schema";

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The counters of chat activity that is not billed. */
type ActivityColumn = "reactionCount" | "replyCount" | "callMinutes";

/**
 * The slot of the app's day a write adds to. Chosen at random rather than by sender or channel: a busy sender or
 * channel then does not keep landing on the same row as another one.
 */
const anySlot = () => Math.floor(Math.random() * METRICS_SLOTS);

/** The counters of `daily_metrics` summed over the rows selected: a day's slots, or many days. */
export const summedCounters = {
  messageCount: sql<number>`coalesce(sum(${dailyMetrics.messageCount}), 0)::bigint`.mapWith(Number),
  messageSenderCount: sql<number>`coalesce(sum(${dailyMetrics.messageSenderCount}), 0)::bigint`.mapWith(Number),
  activeUserCount: sql<number>`coalesce(sum(${dailyMetrics.activeUserCount}), 0)::bigint`.mapWith(Number),
  reactionCount: sql<number>`coalesce(sum(${dailyMetrics.reactionCount}), 0)::bigint`.mapWith(Number),
  replyCount: sql<number>`coalesce(sum(${dailyMetrics.replyCount}), 0)::bigint`.mapWith(Number),
  callMinutes: sql<number>`coalesce(sum(${dailyMetrics.callMinutes}), 0)::bigint`.mapWith(Number),
};

/**
 * Counts chat activity into per-app daily rows as it happens, each write into one slot of the day (readers sum
 * them). The distinct counts (active users, senders) rely on the primary key of `daily_user_activity`: only the
 * first insert of a user on a day bumps them.
 */
export function createMetricsService(ctx: Context) {
  const { db } = ctx.database;

  async function bump(
    tx: Db,
    appId: string,
    day: string,
    column: "messageCount" | "messageSenderCount" | "activeUserCount" | ActivityColumn,
    amount = 1,
  ) {
    const col = dailyMetrics[column];
    await tx
      .insert(dailyMetrics)
      .values({ appId, day, slot: anySlot(), [column]: amount })
      .onConflictDoUpdate({
        target: [dailyMetrics.appId, dailyMetrics.day, dailyMetrics.slot],
        set: { [column]: sql`${col} + ${amount}` },
      });
  }

  async function firstToday(tx: Db, appId: string, day: string, chatUserId: string, kind: "active" | "sender") {
    const rows = await tx
      .insert(dailyUserActivity)
      .values({ appId, day, chatUserId, kind })
      .onConflictDoNothing()
      .returning({ day: dailyUserActivity.day });
    return rows.length > 0;
  }

  /** Messages this month so far, per app, read from the daily counters. */
  async function monthTotals(appIds: string[]): Promise<Map<string, number>> {
    const now = ctx.clock.now();
    const start = `${now.toISOString().slice(0, 7)}-01`;
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const rows = await db
      .select({
        appId: dailyMetrics.appId,
        total: sql<number>`coalesce(sum(${dailyMetrics.messageCount}), 0)::bigint`.mapWith(Number),
      })
      .from(dailyMetrics)
      .where(and(inArray(dailyMetrics.appId, appIds), gte(dailyMetrics.day, start), lt(dailyMetrics.day, utcDay(next))))
      .groupBy(dailyMetrics.appId);
    return new Map(rows.map((r) => [r.appId, Number(r.total)]));
  }
  /** A month's total as the dashboard shows it; up to `READ_CACHE_MS` old. */
  const monthCache = createTtlCache<string, number>(ctx.clock, ctx.config.readCacheMs, { refreshAhead: true });

  const service = {
    /**
     * Counts activity the reports show and billing does not: a reaction added, a thread reply sent, or a call's
     * minutes. Inside a transaction pass `tx`, so the count commits with what it counts.
     */
    async countActivity(appId: string, column: ActivityColumn, at: Date, amount = 1, q: Db = db): Promise<void> {
      if (amount > 0) await bump(q, appId, utcDay(at), column, amount);
    },

    async recordActive(appId: string, chatUserId: string, at: Date = ctx.clock.now()): Promise<void> {
      const day = utcDay(at);
      if (await firstToday(db, appId, day, chatUserId, "active")) await bump(db, appId, day, "activeUserCount");
    },

    /**
     * {@link recordActive} for many uses at once, in one statement whatever their number: what a burst of sign-ins
     * (every socket of a restarted process reconnecting) records. A user counts once per app and day, however
     * often they appear.
     */
    async recordActiveMany(uses: { appId: string; chatUserId: string; at: Date }[]): Promise<void> {
      if (uses.length === 0) return;
      const rows = uses.map((use) => ({ app_id: use.appId, chat_user_id: use.chatUserId, day: utcDay(use.at) }));
      await db.execute(sql`
        with fresh as (
          insert into daily_user_activity (app_id, day, chat_user_id, kind)
          select x.app_id, x.day, x.chat_user_id, 'active'
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x (app_id uuid, day date, chat_user_id uuid)
          on conflict do nothing
          returning app_id, day
        )
        insert into daily_metrics as m (app_id, day, slot, active_user_count)
        select app_id, day, ${anySlot()}, count(*) from fresh group by app_id, day
        on conflict (app_id, day, slot) do update set active_user_count = m.active_user_count + excluded.active_user_count`);
    },

    /** {@link messageCounting} for many messages of the app's own (no user sender) stored by one statement. */
    appMessagesCounting(appId: string, at: Date, stored: string): SQL {
      const from = sql.raw(stored);
      return sql`counted as (
        insert into daily_metrics as m (app_id, day, slot, message_count)
        select ${appId}, ${utcDay(at)}, ${anySlot()}, count(*) from ${from} having count(*) > 0
        on conflict (app_id, day, slot) do update set message_count = m.message_count + excluded.message_count
      )`;
    },

    /**
     * {@link messageCounting} for users' messages to many channels stored by one statement, of one app or many.
     * `sent` names an expression with a row (`app_id`, `sender_id`) per stored message.
     */
    usersMessagesCounting(at: Date, sent: string): SQL {
      const day = utcDay(at);
      const from = sql.raw(sent);
      return sql`fresh as (
          insert into daily_user_activity (app_id, day, chat_user_id, kind)
          select distinct s.app_id, ${day}::date, s.sender_id, kinds.kind
          from ${from} s, (values ('sender'), ('active')) as kinds (kind)
          on conflict do nothing
          returning app_id, kind
        ), counted as (
          insert into daily_metrics as m (app_id, day, slot, message_count, message_sender_count, active_user_count)
          select s.app_id, ${day}::date, ${anySlot()}, count(*),
            (select count(*) from fresh f where f.app_id = s.app_id and f.kind = 'sender'),
            (select count(*) from fresh f where f.app_id = s.app_id and f.kind = 'active')
          from ${from} s group by s.app_id
          on conflict (app_id, day, slot) do update set
            message_count = m.message_count + excluded.message_count,
            message_sender_count = m.message_sender_count + excluded.message_sender_count,
            active_user_count = m.active_user_count + excluded.active_user_count
        )`;
    },

    /**
     * The counting of one message, as common table expressions to add to the statement that stores it: the slot
     * of the app's day it adds to stays locked for that one statement only, and the app's other sends meanwhile
     * mostly add to other slots. `stored` names the expression returning the stored message; without a row there,
     * nothing is counted. The sender, if a user, counts as a sender and an active user of the day.
     */
    messageCounting(appId: string, senderId: string | null, at: Date, stored: string): SQL {
      const day = utcDay(at);
      const slot = anySlot();
      const from = sql.raw(stored);
      if (!senderId) {
        return sql`counted as (
          insert into daily_metrics as m (app_id, day, slot, message_count)
          select ${appId}, ${day}, ${slot}, 1 from ${from}
          on conflict (app_id, day, slot) do update set message_count = m.message_count + 1
        )`;
      }
      // The activity rows that are new today decide by how much the distinct counters grow.
      return sql`fresh as (
          insert into daily_user_activity (app_id, day, chat_user_id, kind)
          select ${appId}, ${day}, ${senderId}, kinds.kind from ${from}, (values ('sender'), ('active')) as kinds (kind)
          on conflict do nothing
          returning kind
        ), counted as (
          insert into daily_metrics as m (app_id, day, slot, message_count, message_sender_count, active_user_count)
          select ${appId}, ${day}, ${slot}, 1,
            (select count(*) from fresh where kind = 'sender'),
            (select count(*) from fresh where kind = 'active')
          from ${from}
          on conflict (app_id, day, slot) do update set
            message_count = m.message_count + 1,
            message_sender_count = m.message_sender_count + excluded.message_sender_count,
            active_user_count = m.active_user_count + excluded.active_user_count
        )`;
    },

    /** Each app's messages this month so far; a figure to show, so it may be up to `READ_CACHE_MS` old. */
    async messagesThisMonth(appIds: string[]): Promise<Map<string, number>> {
      const totals = new Map<string, number>();
      // One query, for every app asked for, serves each app whose total must be (re)loaded now.
      let loading: Promise<Map<string, number>> | null = null;
      await Promise.all(
        appIds.map(async (id) => {
          const total = await monthCache.get(id, async () => {
            loading ??= monthTotals(appIds);
            return (await loading).get(id) ?? 0;
          });
          totals.set(id, total);
        }),
      );
      return totals;
    },

    /** The app's counters per day from `from` up to `to` (excluded), its slots summed; days without any absent. */
    async daily(appId: string, from: string, to: string) {
      return db
        .select({
          appId: dailyMetrics.appId,
          day: dailyMetrics.day,
          ...summedCounters,
        })
        .from(dailyMetrics)
        .where(and(eq(dailyMetrics.appId, appId), gte(dailyMetrics.day, from), lt(dailyMetrics.day, to)))
        .groupBy(dailyMetrics.appId, dailyMetrics.day)
        .orderBy(dailyMetrics.day);
    },
  };
  return service;
}

export type MetricsService = ReturnType<typeof createMetricsService>;
