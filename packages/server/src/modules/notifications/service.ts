import {
  DAY_MS,
  Errors,
  type Language,
  PASSWORD_MAX_AGE_DAYS,
  PASSWORD_NOTICE_SNOOZE_DAYS,
  type TAdminNotice,
  type TAdminNoticeRequest,
  type TNotification,
} from "@parley/contract";
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { recordAdminAction, requireAdmin } from "../admin";
import type { AccountRow, Authenticated } from "../auth";
import { findAccount, findAccountsByIds, updateAccount } from "../auth";
import type { BillingService } from "../billing";
import { type AdminNoticeRow, adminNoticeDismissals, adminNotices } from "./schema";

const texts = {
  PasswordResetRequired: {
    ko: () =>
      `비밀번호를 변경한 지 ${PASSWORD_MAX_AGE_DAYS}일이 지났습니다. 계정 보호를 위해 비밀번호를 변경해 주세요.`,
    en: () => `Your password is more than ${PASSWORD_MAX_AGE_DAYS} days old. Change it to keep your account safe.`,
  },
} satisfies Record<string, Record<Language, (...args: never[]) => string>>;

/** A notice's text in the reader's language, or in the other one when an administrator left theirs empty. */
function noticeText(row: AdminNoticeRow, language: Language): string {
  const [mine, other] = language === "ko" ? [row.textKo, row.textEn] : [row.textEn, row.textKo];
  return mine || other;
}

export function createNotificationService(ctx: Context, deps: { billing: BillingService }) {
  const { clock } = ctx;
  const { db } = ctx.database;

  async function toAdminNotices(rows: AdminNoticeRow[]): Promise<TAdminNotice[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const counts = await db
      .select({ noticeId: adminNoticeDismissals.noticeId, n: count() })
      .from(adminNoticeDismissals)
      .where(inArray(adminNoticeDismissals.noticeId, ids))
      .groupBy(adminNoticeDismissals.noticeId);
    const companies = await findAccountsByIds(
      db,
      rows.flatMap((row) => (row.accountId ? [row.accountId] : [])),
    );
    return rows.map((row) => {
      const company = row.accountId ? companies.find((each) => each.id === row.accountId) : undefined;
      return {
        id: row.id,
        companyId: row.accountId,
        companyName: company ? company.companyName || company.email : null,
        text: { ko: row.textKo, en: row.textEn },
        adminEmail: row.adminEmail,
        createdAt: row.createdAt.toISOString(),
        dismissals: counts.find((each) => each.noticeId === row.id)?.n ?? 0,
      };
    });
  }

  /** The notices an account reads now: to it or to everyone, not withdrawn, not closed by it; oldest first. */
  async function adminNoticesFor(account: AccountRow): Promise<TNotification[]> {
    const rows = await db
      .select()
      .from(adminNotices)
      .where(
        and(
          isNull(adminNotices.withdrawnAt),
          or(isNull(adminNotices.accountId), eq(adminNotices.accountId, account.id)),
          sql`not exists (select 1 from ${adminNoticeDismissals} d
            where d.notice_id = ${adminNotices.id} and d.account_id = ${account.id})`,
        ),
      )
      .orderBy(asc(adminNotices.createdAt));
    return rows.map((row) => ({ type: "Other", id: row.id, text: noticeText(row, account.language) }));
  }

  return {
    /** The notices that apply to an account now, in the order the notice bar stacks them: billing first. */
    async list(account: AccountRow): Promise<TNotification[]> {
      const now = clock.now().getTime();
      const lang = account.language;
      const out: TNotification[] = await deps.billing.notices(account);
      const passwordAge = now - account.passwordChangedAt.getTime();
      const snoozed = account.passwordNoticeHiddenUntil && account.passwordNoticeHiddenUntil.getTime() > now;
      if (passwordAge > PASSWORD_MAX_AGE_DAYS * DAY_MS && !snoozed) {
        out.push({ type: "PasswordResetRequired", text: texts.PasswordResetRequired[lang]() });
      }
      out.push(...(await adminNoticesFor(account)));
      return out;
    },

    /** Closes an administrator's notice for the reader; closing one already closed, or unknown, changes nothing. */
    async dismiss(account: AccountRow, noticeId: string): Promise<void> {
      const [notice] = await db
        .select({ id: adminNotices.id })
        .from(adminNotices)
        .where(
          and(
            eq(adminNotices.id, noticeId),
            or(isNull(adminNotices.accountId), eq(adminNotices.accountId, account.id)),
          ),
        );
      if (!notice) return;
      await db
        .insert(adminNoticeDismissals)
        .values({ noticeId, accountId: account.id, dismissedAt: clock.now() })
        .onConflictDoNothing();
    },

    /** The console's list: every notice not withdrawn, newest first. */
    async listAdminNotices(auth: Authenticated): Promise<TAdminNotice[]> {
      requireAdmin(auth);
      const rows = await db
        .select()
        .from(adminNotices)
        .where(isNull(adminNotices.withdrawnAt))
        .orderBy(desc(adminNotices.createdAt));
      return toAdminNotices(rows);
    },

    /**
     * Posts a notice to one company (recorded in its admin history) or to every account. 9000 for a company that
     * does not exist.
     */
    async postAdminNotice(auth: Authenticated, request: TAdminNoticeRequest): Promise<TAdminNotice> {
      const admin = requireAdmin(auth);
      const now = clock.now();
      const row = await withTransaction(db, async (tx) => {
        if (request.companyId && !(await findAccount(tx, request.companyId)))
          throw new AppError(Errors.ACCOUNT_NOT_FOUND);
        const [inserted] = await tx
          .insert(adminNotices)
          .values({
            accountId: request.companyId,
            textKo: request.text.ko,
            textEn: request.text.en,
            adminEmail: admin.email,
            createdAt: now,
          })
          .returning();
        const notice = inserted as AdminNoticeRow;
        if (request.companyId) {
          await recordAdminAction(tx, {
            accountId: request.companyId,
            adminEmail: admin.email,
            action: "notice.post",
            detail: { notificationId: notice.id, text: noticeText(notice, "ko") },
            at: now,
          });
        }
        return notice;
      });
      return (await toAdminNotices([row]))[0] as TAdminNotice;
    },

    /** Takes a notice down for every reader; 9004 for one that is unknown or already withdrawn. */
    async withdrawAdminNotice(auth: Authenticated, noticeId: string): Promise<void> {
      const admin = requireAdmin(auth);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const [row] = await tx
          .update(adminNotices)
          .set({ withdrawnAt: now })
          .where(and(eq(adminNotices.id, noticeId), isNull(adminNotices.withdrawnAt)))
          .returning();
        if (!row) throw new AppError(Errors.NOTICE_NOT_FOUND);
        if (row.accountId) {
          await recordAdminAction(tx, {
            accountId: row.accountId,
            adminEmail: admin.email,
            action: "notice.withdraw",
            detail: { notificationId: row.id },
            at: now,
          });
        }
      });
    },

    async hidePasswordNotice(accountId: string): Promise<void> {
      const until = new Date(clock.now().getTime() + PASSWORD_NOTICE_SNOOZE_DAYS * DAY_MS);
      await updateAccount(db, accountId, { passwordNoticeHiddenUntil: until });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
