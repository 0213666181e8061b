import {
  Errors,
  type TAdminAction,
  type TCompanyDetail,
  type TCompanyListQuery,
  type TCompanyPage,
  type TCompanyPlanState,
  type TCompanySummary,
} from "@parley/contract";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { type AppService, appsOfAccounts } from "../apps";
import type { AccountRow, Authenticated } from "../auth";
import { type AccountPatch, findAccount, findCompanies, subAccountsOfApps, updateAccount } from "../auth";
import type { BillingService } from "../billing";
import { derivePlanStatus, type PlanStatus, planFactsOf, utcDay } from "../billing";
import { monthMessagesByApp } from "../metrics";
import { adminActions } from "./schema";
import type { SignInLinks } from "./sign-in-links";

/**
 * What a refused admin call says: the web never gives the admin role, so the only way in is the operator's CLI, and
 * an account that finds the console closed is told so rather than left guessing.
 */
export const ADMIN_ROLE_REFUSAL =
  "The admin console needs the admin role, which only the server's operator gives, on its command line: " +
  "npm run cli -w @parley/api-server -- grant-admin <email>";

/** Every admin call answers 1023 to anyone without the admin role. */
export function requireAdmin(auth: Authenticated): AccountRow {
  if (auth.account.role !== "admin") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN, undefined, ADMIN_ROLE_REFUSAL);
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
export function createAdminService(
  ctx: Context,
  deps: { billing: BillingService; links: SignInLinks; apps: Pick<AppService, "setDeactivated"> },
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  async function summaries(rows: AccountRow[]): Promise<TCompanySummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const { plans, bills } = await planFactsOf(db, ids);
    const month = utcDay(clock.now()).slice(0, 7);
    const owned = await appsOfAccounts(db, ids);
    const messagesOf = await monthMessagesByApp(
      db,
      owned.map((app) => app.id),
      month,
    );
    const usageOf = new Map<string, { apps: number; messages: number }>();
    for (const app of owned) {
      const usage = usageOf.get(app.accountId) ?? { apps: 0, messages: 0 };
      usage.apps += 1;
      usage.messages += messagesOf.get(app.id) ?? 0;
      usageOf.set(app.accountId, usage);
    }
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
    const row = await findAccount(q, companyId, { forUpdate: lock });
    if (!row || row.kind === "subaccount" || row.role === "admin") throw new AppError(Errors.ACCOUNT_NOT_FOUND);
    return row;
  }

  async function detail(companyId: string): Promise<TCompanyDetail> {
    const account = await requireCompany(companyId);
    const [summary] = await summaries([account]);
    const { status, plans, invoices: bills } = await deps.billing.overview(account);
    const month = utcDay(clock.now()).slice(0, 7);
    const appRows = await appsOfAccounts(db, [account.id]);
    const appMessages = await monthMessagesByApp(
      db,
      appRows.map((a) => a.id),
      month,
    );
    const subRows = await subAccountsOfApps(
      db,
      appRows.map((a) => a.id),
    );
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
        messagesThisMonth: appMessages.get(a.id) ?? 0,
        createdAt: a.createdAt.toISOString(),
        deactivatedAt: a.deactivatedAt?.toISOString() ?? null,
      })),
      appsDeactivatedAt: account.appsDeactivatedAt?.toISOString() ?? null,
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
        .map((b) => ({
          id: b.id,
          month: b.period,
          total: Number(b.total),
          currency: b.currency,
          status: b.status,
          refundFailureReason: b.status === "cancelFailed" ? b.refundFailureReason : null,
        })),
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
    change: (account: AccountRow) => AccountPatch,
    follow?: (tx: Db, changed: AccountRow) => Promise<ActionDetail>,
  ): Promise<TCompanyDetail> {
    const admin = requireAdmin(auth);
    await withTransaction(db, async (tx) => {
      const account = await requireCompany(companyId, tx, true);
      const changed = await updateAccount(tx, account.id, change(account));
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
      const rows = await findCompanies(db, pattern);
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

    /** Every app of the company answers 3002, on the chat API and its dashboard pages, until reactivated. */
    setAppsDeactivated(auth: Authenticated, companyId: string, deactivated: boolean) {
      const at = deactivated ? clock.now() : null;
      return act(
        auth,
        companyId,
        deactivated ? "apps.deactivate" : "apps.reactivate",
        {},
        () => ({ appsDeactivatedAt: at }),
        async (tx, changed) => ({ apps: (await deps.apps.setDeactivated(tx, { accountId: changed.id }, at)).length }),
      );
    },

    /** One app of the company answers 3001 until reactivated; 3003 for an app the company does not own. */
    setAppDeactivated(auth: Authenticated, companyId: string, appId: string, deactivated: boolean) {
      const at = deactivated ? clock.now() : null;
      return act(
        auth,
        companyId,
        deactivated ? "app.deactivate" : "app.reactivate",
        { appId },
        // The account itself does not change; its row is locked and written as it is, like every action's.
        (account) => ({ appsDeactivatedAt: account.appsDeactivatedAt }),
        async (tx, changed) => {
          const [app] = await deps.apps.setDeactivated(tx, { accountId: changed.id, appId }, at);
          if (!app) throw new AppError(Errors.APP_ACCESS_DENIED);
          return { appName: app.name };
        },
      );
    },

    /**
     * Refunds a paid invoice of the company at the payment gateway. The request is recorded in the transaction
     * that marks the invoice `cancelPending`, so a crash before the gateway answers still leaves who asked; the
     * outcome is the invoice's status (`cancelled` or `cancelFailed`).
     */
    async refundInvoice(auth: Authenticated, companyId: string, invoiceId: string): Promise<TCompanyDetail> {
      const admin = requireAdmin(auth);
      const account = await requireCompany(companyId);
      await deps.billing.refundInvoice(account.id, invoiceId, async (tx, invoice) => {
        await tx.insert(adminActions).values({
          accountId: account.id,
          adminEmail: admin.email,
          action: "invoice.refund",
          detail: { invoiceId: invoice.id, month: invoice.period },
          createdAt: clock.now(),
        });
      });
      return detail(companyId);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
