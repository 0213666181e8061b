import {
  daysInRange,
  Errors,
  METRICS_MAX_RANGE_DAYS,
  metricKeys,
  type TAppMetricsTotals,
  type TDailyMetrics,
  type TMetricsCounts,
  type TMetricsRangeQuery,
  VMetrics,
} from "@parley/contract";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Context } from "../../context";
import { toCsv } from "../../csv";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { sendMailJob } from "../../jobs/catalog";
import { renderDailyReportMail } from "../../mail/templates";
import { type AppService, appsOwnedBy } from "../apps";
import { type Authenticated, accountLanguages } from "../auth";
import { dailyMetrics, dailyReportsSent, reportEmails } from "./schema";
import { summedCounters, utcDay } from "./service";

const DAY_MS = 86_400_000;

export interface Range {
  from: string;
  to: string;
}

const zero = (): TMetricsCounts => Object.fromEntries(metricKeys.map((key) => [key, 0])) as TMetricsCounts;

/** The counters of a summed row, numbers whatever the driver returned for the sums. */
const countsOf = (row: TMetricsCounts): TMetricsCounts =>
  Object.fromEntries(metricKeys.map((key) => [key, Number(row[key])])) as TMetricsCounts;

function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Every day from `from` to `to`, both included. */
export function eachDay({ from, to }: Range): string[] {
  return Array.from({ length: daysInRange(from, to) }, (_, i) => addDays(from, i));
}

/** A file name that survives every browser and OS: letters, digits and a few marks; the rest become `_`. */
function fileNamePart(name: string): string {
  return name.replace(/[^\p{L}\p{N}._ -]+/gu, "_").trim() || "app";
}

/** Usage reports: everything here reads `daily_metrics` (a day's slots summed), never the messages. */
export function createReportService(ctx: Context, deps: { apps: AppService }) {
  const { db } = ctx.database;

  /** Fills the default (the current UTC month to date) and enforces order and span once both ends are known. */
  function resolveRange(query: TMetricsRangeQuery): Range {
    const today = utcDay(ctx.clock.now());
    const to = query.to ?? today;
    const from = query.from ?? `${to.slice(0, 7)}-01`;
    const days = daysInRange(from, to);
    if (days < 1)
      throw new AppError(Errors.INVALID_REQUEST, { fields: [{ path: "from", message: VMetrics.dateOrder }] });
    if (days > METRICS_MAX_RANGE_DAYS) {
      throw new AppError(Errors.INVALID_REQUEST, { fields: [{ path: "to", message: VMetrics.dateRange }] });
    }
    return { from, to };
  }

  async function totalsByApp(appIds: string[], range: Range): Promise<Map<string, TMetricsCounts>> {
    if (appIds.length === 0) return new Map();
    const rows = await db
      .select({ appId: dailyMetrics.appId, ...summedCounters })
      .from(dailyMetrics)
      .where(
        and(inArray(dailyMetrics.appId, appIds), gte(dailyMetrics.day, range.from), lte(dailyMetrics.day, range.to)),
      )
      .groupBy(dailyMetrics.appId);
    return new Map(rows.map((r) => [r.appId, countsOf(r)]));
  }

  async function dailySeries(appId: string, range: Range) {
    const rows = await db
      .select({ day: dailyMetrics.day, ...summedCounters })
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.appId, appId), gte(dailyMetrics.day, range.from), lte(dailyMetrics.day, range.to)))
      .groupBy(dailyMetrics.day);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const data: TDailyMetrics[] = eachDay(range).map((date) => {
      const row = byDay.get(date);
      return { date, ...(row ? countsOf(row) : zero()) };
    });
    // Sums of daily distinct counts: "senders" over a range counts a person once per day they sent, which is
    // also how the cumulative DAU of billing is defined.
    const totals = data.reduce((sum, day) => {
      for (const key of metricKeys) sum[key] += day[key];
      return sum;
    }, zero());
    return { data, totals };
  }

  const service = {
    async listAppTotals(auth: Authenticated, query: TMetricsRangeQuery) {
      const range = resolveRange(query);
      const owned = await deps.apps.listApps(auth);
      const totals = await totalsByApp(
        owned.map((a) => a.id),
        range,
      );
      const data: TAppMetricsTotals[] = owned.map((a) => ({
        appId: a.id,
        name: a.name,
        ...(totals.get(a.id) ?? zero()),
      }));
      return { ...range, data };
    },

    async getAppDaily(auth: Authenticated, appId: string, query: TMetricsRangeQuery) {
      const range = resolveRange(query);
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { ...range, ...(await dailySeries(app.id, range)) };
    },

    /** The days of the range as CSV, one row a day. */
    async exportAppDaily(auth: Authenticated, appId: string, query: TMetricsRangeQuery) {
      const range = resolveRange(query);
      const app = await deps.apps.requireAppAccess(auth, appId);
      const { data } = await dailySeries(app.id, range);
      const csv = toCsv([
        ["app", "date", ...metricKeys],
        ...data.map((day) => [app.name, day.date, ...metricKeys.map((k) => day[k])]),
      ]);
      const fileName = `${fileNamePart(app.name)}-${range.from}-${range.to}.csv`;
      return { csv, fileName };
    },

    async getReportEmails(auth: Authenticated): Promise<string[]> {
      requireReportOwner(auth);
      const rows = await db
        .select({ email: reportEmails.email })
        .from(reportEmails)
        .where(eq(reportEmails.accountId, auth.account.id))
        .orderBy(asc(reportEmails.createdAt), asc(reportEmails.email));
      return rows.map((r) => r.email);
    },

    /** Replaces the whole list; the request schema has already trimmed, lower-cased and deduplicated it. */
    async setReportEmails(auth: Authenticated, emails: string[]): Promise<string[]> {
      requireReportOwner(auth);
      const now = ctx.clock.now();
      await withTransaction(db, async (tx) => {
        await tx.delete(reportEmails).where(eq(reportEmails.accountId, auth.account.id));
        if (emails.length > 0) {
          // Distinct timestamps keep the order the user entered.
          await tx
            .insert(reportEmails)
            .values(
              emails.map((email, i) => ({ accountId: auth.account.id, email, createdAt: new Date(now.getTime() + i) })),
            );
        }
      });
      return service.getReportEmails(auth);
    },

    /**
     * Mails `day`'s figures of every app to each account's report addresses. The row in `daily_reports_sent` is
     * claimed before the mails are queued and released if queuing fails, so a re-run skips accounts already
     * mailed and retries only those that were not.
     */
    async sendDailyReports(day: string = addDays(utcDay(ctx.clock.now()), -1)): Promise<number> {
      const recipients = await db
        .select({ accountId: reportEmails.accountId, email: reportEmails.email })
        .from(reportEmails)
        .orderBy(asc(reportEmails.accountId), asc(reportEmails.createdAt));
      const languages = await accountLanguages(db, [...new Set(recipients.map((r) => r.accountId))]);
      const byAccount = new Map<string, { language: "ko" | "en"; emails: string[] }>();
      for (const r of recipients) {
        const language = languages.get(r.accountId);
        if (!language) continue;
        const entry = byAccount.get(r.accountId) ?? { language, emails: [] };
        entry.emails.push(r.email);
        byAccount.set(r.accountId, entry);
      }
      let mailed = 0;
      for (const [accountId, { language, emails }] of byAccount) {
        const owned = await appsOwnedBy(db, accountId);
        if (owned.length === 0) continue;
        const claimed = await db
          .insert(dailyReportsSent)
          .values({ accountId, day, sentAt: ctx.clock.now() })
          .onConflictDoNothing()
          .returning({ day: dailyReportsSent.day });
        if (claimed.length === 0) continue;
        try {
          const totals = await totalsByApp(
            owned.map((a) => a.id),
            { from: day, to: day },
          );
          const rows = owned.map((a) => ({ name: a.name, ...(totals.get(a.id) ?? zero()) }));
          const link = `${ctx.config.publicUrl}/dashboard`;
          for (const to of emails) {
            await ctx.jobs.send(sendMailJob, renderDailyReportMail(language, to, { day, apps: rows, link }));
          }
        } catch (err) {
          await db
            .delete(dailyReportsSent)
            .where(and(eq(dailyReportsSent.accountId, accountId), eq(dailyReportsSent.day, day)));
          throw err;
        }
        mailed += 1;
      }
      return mailed;
    },
  };

  /** Sub-accounts own no apps (their app is the owner's), so the owner's addresses receive its figures. */
  function requireReportOwner(auth: Authenticated) {
    if (auth.account.kind === "subaccount") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  }

  return service;
}

export type ReportService = ReturnType<typeof createReportService>;
