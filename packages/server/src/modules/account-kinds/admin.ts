import type {
  TAdminAction,
  TCompanyDetail,
  TCompanyListQuery,
  TCompanyPage,
  TCompanyPlanState,
  TCompanySummary,
} from "@parley/contract";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { type AccountRow, accounts, adminActions, invoices, paidPlans } from "../../db/schema";
import { AppError } from "../../errors";
import type { Authenticated } from "../auth/service";
import { derivePlanStatus, type PlanStatus, utcDay } from "../billing/rules";
import type { BillingService } from "../billing/service";
import type { SignInLinks } from "./sign-in-links";

/** Every admin call answers 1023 to anyone without the admin role. */
export function requireAdmin(auth: Authenticated): AccountRow {
  if (auth.account.role !== "admin") throw new AppError("1023");
  return auth.account;
}

function planStateOf(account: AccountRow, status: PlanStatus): TCompanyPlanState {
  if (!status.serviceActive) return "stopped";
  if (account.kind === "marketplaceaccount") return "marketplace";
  if (status.state === "inService") return "paid";
  if (status.state === "cancellationApplied") return "cancelling";
  return "trial";
}

/**
 * The admin console: every customer company (ordinary and marketplace accounts; sub-accounts belong to their
 * owner's company, admins are staff) and the actions admins take on one, each recorded with who and when.
 */
export function createAdminService(ctx: Context, deps: { billing: BillingService; links: SignInLinks }) {
  const { db } = ctx.database;
  const { clock } = ctx;

  async function summaries(rows: AccountRow[]): Promise<TCompanySummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const plans = await db.select().from(paidPlans).where(inArray(paidPlans.accountId, ids));
    const bills = await db
      .select({
        accountId: invoices.accountId,
        period: invoices.period,
        paidAt: invoices.paidAt,
        serviceStoppedAt: invoices.serviceStoppedAt,
      })
      .from(invoices)
      .where(inArray(invoices.accountId, ids));
    const month = utcDay(clock.now()).slice(0, 7);
    const usage = rowsOf<{ account_id: string; apps: number; messages: number }>(
      await db.execute(sql`
        select a.account_id, count(distinct a.id)::int as apps, coalesce(sum(m.message_count), 0)::bigint as messages
        from apps a left join daily_metrics m on m.app_id = a.id and to_char(m.day, 'YYYY-MM') = ${month}
        where a.account_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
        group by a.account_id`),
    );
    const usageOf = new Map(usage.map((u) => [u.account_id, u]));
    const now = clock.now();
    return rows.map((account) => {
      const status = derivePlanStatus(
        {
          kind: account.kind,
          trialStartedAt: account.emailVerifiedAt ?? account.createdAt,
          trialExtensionDays: account.trialExtensionDays,
          stoppedByAdmin: account.serviceStoppedByAdminAt !== null,
          plans: plans.filter((p) => p.accountId === account.id),
          invoices: bills.filter((b) => b.accountId === account.id),
        },
        now,
      );
      const found = usageOf.get(account.id);
      return {
        id: account.id,
        companyName: account.companyName,
        email: account.email,
        kind: account.kind,
        planState: planStateOf(account, status),
        apps: Number(found?.apps ?? 0),
        messagesThisMonth: Number(found?.messages ?? 0),
        createdAt: account.createdAt.toISOString(),
      };
    });
  }

  async function requireCompany(companyId: string, q: Db = db, lock = false): Promise<AccountRow> {
    const query = q.select().from(accounts).where(eq(accounts.id, companyId));
    const [row] = await (lock ? query.for("update") : query).limit(1);
    if (!row || row.kind === "subaccount" || row.role === "admin") throw new AppError("9000");
    return row;
  }

  async function detail(companyId: string): Promise<TCompanyDetail> {
    const account = await requireCompany(companyId);
    const [summary] = await summaries([account]);
    const { status, plans, invoices: bills } = await deps.billing.overview(account);
    const month = utcDay(clock.now()).slice(0, 7);
    const appRows = rowsOf<{ id: string; name: string; messages: number; created_at: string | Date }>(
      await db.execute(sql`
        select a.id, a.name, a.created_at, coalesce(sum(m.message_count), 0)::bigint as messages
        from apps a left join daily_metrics m on m.app_id = a.id and to_char(m.day, 'YYYY-MM') = ${month}
        where a.account_id = ${account.id} group by a.id order by a.created_at`),
    );
    const subRows = appRows.length
      ? await db
          .select()
          .from(accounts)
          .where(
            and(
              eq(accounts.kind, "subaccount"),
              inArray(
                accounts.subAccountAppId,
                appRows.map((a) => a.id),
              ),
            ),
          )
      : [];
    const subAccounts = [];
    for (const sub of subRows) {
      const app = appRows.find((a) => a.id === sub.subAccountAppId);
      subAccounts.push({ ...(await deps.links.toSubAccount(sub)), appId: app?.id ?? "", appName: app?.name ?? "" });
    }
    const actions = await db
      .select()
      .from(adminActions)
      .where(eq(adminActions.accountId, account.id))
      .orderBy(desc(adminActions.id));
    const open = plans.find((p) => p.endDate === null) ?? null;
    return {
      company: {
        ...(summary as TCompanySummary),
        name: account.name,
        contact: account.contact,
        companyHomepage: account.companyHomepage,
        language: account.language,
        emailVerifiedAt: account.emailVerifiedAt?.toISOString() ?? null,
        lockedAt: account.lockedAt?.toISOString() ?? null,
        noticeFeatureEnabled: account.noticeFeatureEnabled,
        marketplaceCustomerId: account.marketplaceCustomerId,
      },
      apps: appRows.map((a) => ({
        id: a.id,
        name: a.name,
        messagesThisMonth: Number(a.messages),
        createdAt: new Date(a.created_at).toISOString(),
      })),
      plan: {
        state: (summary as TCompanySummary).planState,
        trialEndsAt: account.kind === "ordinary" ? status.trial.endsAt.toISOString() : null,
        trialLastDay: account.kind === "ordinary" ? status.trial.lastDay : null,
        paidSince: open?.startDate ?? null,
        serviceStoppedAt:
          account.serviceStoppedByAdminAt?.toISOString() ??
          bills.find((b) => b.paidAt === null && b.serviceStoppedAt)?.serviceStoppedAt?.toISOString() ??
          null,
      },
      invoices: bills
        .slice()
        .sort((a, b) => b.period.localeCompare(a.period))
        .map((b) => ({ id: b.id, month: b.period, total: Number(b.total), currency: b.currency, status: b.status })),
      subAccounts,
      actions: actions.map((a) => ({
        id: String(a.id),
        action: a.action,
        detail: a.detail,
        adminEmail: a.adminEmail,
        at: a.createdAt.toISOString(),
      })),
    };
  }

  type ActionDetail = Record<string, string | number | boolean>;

  /**
   * Applies a change to the company and records it, in one transaction with the account row locked. `follow`
   * makes what depends on the change agree with it in the same transaction, adding what it did to the record.
   */
  async function act(
    auth: Authenticated,
    companyId: string,
    action: TAdminAction,
    detailOf: ActionDetail,
    change: (account: AccountRow) => Partial<typeof accounts.$inferInsert>,
    follow?: (tx: Db, changed: AccountRow) => Promise<ActionDetail>,
  ): Promise<TCompanyDetail> {
    const admin = requireAdmin(auth);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const account = await requireCompany(companyId, tx, true);
      const [changed] = await tx.update(accounts).set(change(account)).where(eq(accounts.id, account.id)).returning();
      const followed = follow && changed ? await follow(tx, changed) : {};
      await tx.insert(adminActions).values({
        accountId: account.id,
        adminEmail: admin.email,
        action,
        detail: { ...detailOf, ...followed },
        createdAt: clock.now(),
      });
    });
    // The chat API's access check caches plan status; a stop or an extension must take effect now.
    deps.billing.changed(companyId);
    return detail(companyId);
  }

  return {
    async listCompanies(auth: Authenticated, query: TCompanyListQuery): Promise<TCompanyPage> {
      requireAdmin(auth);
      const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const rows = await db
        .select()
        .from(accounts)
        .where(
          and(
            ne(accounts.kind, "subaccount"),
            eq(accounts.role, "customer"),
            pattern
              ? sql`(${accounts.companyName} ilike ${pattern} or ${accounts.email} ilike ${pattern} or ${accounts.name} ilike ${pattern})`
              : undefined,
          ),
        );
      const all = await summaries(rows);
      const direction = query.order === "asc" ? 1 : -1;
      const key = query.sort;
      all.sort((a, b) => {
        const x = a[key];
        const y = b[key];
        const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        return order === 0 ? a.id.localeCompare(b.id) : order * direction;
      });
      const start = (query.page - 1) * query.pageSize;
      return {
        companies: all.slice(start, start + query.pageSize),
        total: all.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async company(auth: Authenticated, companyId: string): Promise<TCompanyDetail> {
      requireAdmin(auth);
      return detail(companyId);
    },

    setNoticeFeature(auth: Authenticated, companyId: string, enabled: boolean) {
      return act(auth, companyId, enabled ? "noticeFeature.enable" : "noticeFeature.disable", {}, () => ({
        noticeFeatureEnabled: enabled,
      }));
    },

    /**
     * Adds days to the trial. A paid plan applied during the trial and not started yet moves with it, to the day
     * after the new last day, so the trial and the plan never overlap or leave a gap; the record says so.
     */
    extendTrial(auth: Authenticated, companyId: string, days: number) {
      return act(
        auth,
        companyId,
        "trial.extend",
        { days },
        (account) => ({ trialExtensionDays: account.trialExtensionDays + days }),
        async (tx, changed): Promise<ActionDetail> => {
          const moved = await deps.billing.followTrial(tx, changed);
          return moved ? { previousPaidPlanStartDate: moved.from, paidPlanStartDate: moved.to } : {};
        },
      );
    },

    unlock(auth: Authenticated, companyId: string) {
      return act(auth, companyId, "account.unlock", {}, () => ({ lockedAt: null, failedLoginCount: 0 }));
    },

    stopService(auth: Authenticated, companyId: string) {
      return act(auth, companyId, "service.stop", {}, (account) => ({
        serviceStoppedByAdminAt: account.serviceStoppedByAdminAt ?? clock.now(),
      }));
    },

    restoreService(auth: Authenticated, companyId: string) {
      return act(auth, companyId, "service.restore", {}, () => ({ serviceStoppedByAdminAt: null }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
