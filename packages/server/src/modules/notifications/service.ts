import {
  DAY_MS,
  type Language,
  PASSWORD_MAX_AGE_DAYS,
  PASSWORD_NOTICE_SNOOZE_DAYS,
  type TNotification,
} from "@parley/contract";
import type { Context } from "../../context";
import type { AccountRow } from "../auth";
import { updateAccount } from "../auth";
import type { BillingService } from "../billing";

const texts = {
  PasswordResetRequired: {
    ko: () =>
      `비밀번호를 변경한 지 ${PASSWORD_MAX_AGE_DAYS}일이 지났습니다. 계정 보호를 위해 비밀번호를 변경해 주세요.`,
    en: () => `Your password is more than ${PASSWORD_MAX_AGE_DAYS} days old. Change it to keep your account safe.`,
  },
} satisfies Record<string, Record<Language, (...args: never[]) => string>>;

export function createNotificationService(ctx: Context, deps: { billing: BillingService }) {
  const { clock } = ctx;
  const { db } = ctx.database;
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
      return out;
    },

    async hidePasswordNotice(accountId: string): Promise<void> {
      const until = new Date(clock.now().getTime() + PASSWORD_NOTICE_SNOOZE_DAYS * DAY_MS);
      await updateAccount(db, accountId, { passwordNoticeHiddenUntil: until });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
