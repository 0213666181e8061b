import {
  Errors,
  SIGN_IN_LINK_QUERY,
  SIGN_IN_LINK_TTL_HOURS,
  SUB_ACCOUNTS_PER_APP_MAX,
  type TFirstPasswordRequest,
  type TLinkLoginRequest,
  type TLinkLoginResponse,
  type TSessionState,
  type TSubAccount,
} from "@parley/contract";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { sendMailJob } from "../../jobs/catalog";
import { renderMail } from "../../mail/templates";
import type { AppService } from "../apps";
import type { AccountRow } from "../auth";
import {
  type Authenticated,
  type AuthService,
  createAuthRepository,
  hashPassword,
  hashToken,
  newToken,
  toSessionState,
} from "../auth";

const LINK_TTL_MS = SIGN_IN_LINK_TTL_HOURS * 60 * 60 * 1000;

/** Only an app's owner manages its sub-accounts: not a sub-account, not an admin looking on. */
export function requireOwner(auth: Authenticated): void {
  if (auth.account.kind !== "ordinary") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
}

/**
 * Sub-accounts (an owner invites someone to one app) and the sign-in links that start their sessions and those of
 * marketplace accounts. A link's token is a one-time code: stored as a hash, valid 24 hours, the newest only.
 */
export function createSignInLinks(ctx: Context, deps: { apps: AppService; auth: AuthService }) {
  const { db } = ctx.database;
  const { clock, config } = ctx;
  const repo = createAuthRepository(db);

  /** Issues a new sign-in token for the account; earlier unused ones stop working. */
  async function issueToken(account: AccountRow): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
    await repo.replaceCode(account.id, "sign_in", hashToken(token), now, expiresAt);
    return { token, expiresAt };
  }

  /** The address a sign-in link opens, with the query of spec section 2. */
  function linkFor(account: AccountRow, token: string): string {
    const query = new URLSearchParams({ [SIGN_IN_LINK_QUERY.userType]: account.kind });
    if (account.kind === "subaccount" && account.subAccountAppId) {
      query.set(SIGN_IN_LINK_QUERY.appId, account.subAccountAppId);
    }
    query.set(SIGN_IN_LINK_QUERY.token, token);
    query.set(SIGN_IN_LINK_QUERY.email, account.email);
    return `${config.publicUrl}/?${query.toString()}`;
  }

  async function invite(account: AccountRow, appName: string, language: AccountRow["language"]) {
    const { token } = await issueToken(account);
    const mail = renderMail("subAccountInvite", language, account.email, {
      name: appName,
      link: linkFor(account, token),
    });
    await ctx.jobs.send(sendMailJob, mail);
  }

  async function toSubAccount(account: AccountRow): Promise<TSubAccount> {
    const [code] = await repo.codesOf(account.id, "sign_in");
    const active = !account.passwordRequired;
    return {
      id: account.id,
      email: account.email,
      status: active ? "active" : "invited",
      invitedAt: account.createdAt.toISOString(),
      linkExpiresAt: !active && code && !code.usedAt ? code.expiresAt.toISOString() : null,
      lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
    };
  }

  async function requireSubAccount(appId: string, subAccountId: string): Promise<AccountRow> {
    const row = await repo.findSubAccount(appId, subAccountId);
    if (!row) throw new AppError(Errors.SUB_ACCOUNT_NOT_FOUND);
    return row;
  }

  const service = {
    linkFor,
    issueToken,
    toSubAccount,

    async listSubAccounts(auth: Authenticated, appId: string): Promise<TSubAccount[]> {
      requireOwner(auth);
      const app = await deps.apps.requireAppAccess(auth, appId);
      const rows = await repo.subAccountsOf(app.id);
      const result: TSubAccount[] = [];
      for (const row of rows) result.push(await toSubAccount(row));
      return result;
    },

    /** Makes the sub-account with no usable password and mails it a sign-in link. */
    async createSubAccount(auth: Authenticated, appId: string, email: string): Promise<TSubAccount> {
      requireOwner(auth);
      const app = await deps.apps.requireAppAccess(auth, appId);
      const owner = auth.account;
      const existing = await repo.subAccountsOf(app.id);
      if (existing.length >= SUB_ACCOUNTS_PER_APP_MAX) throw new AppError(Errors.SUB_ACCOUNT_LIMIT_REACHED);
      const now = clock.now();
      let account: AccountRow;
      try {
        account = await repo.insertAccount({
          email,
          // Nobody knows this password: the first sign-in by link sets a real one.
          passwordHash: await hashPassword(newToken()),
          passwordRequired: true,
          name: email.split("@")[0] ?? email,
          contact: "",
          companyName: owner.companyName,
          language: owner.language,
          paymentCurrency: owner.paymentCurrency,
          kind: "subaccount",
          subAccountAppId: app.id,
          passwordChangedAt: now,
          createdAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.EMAIL_TAKEN);
        throw err;
      }
      await invite(account, app.name, owner.language);
      return toSubAccount(account);
    },

    /** A new link for an invited sub-account; the previous link stops working. */
    async resendInvitation(auth: Authenticated, appId: string, subAccountId: string): Promise<TSubAccount> {
      requireOwner(auth);
      const app = await deps.apps.requireAppAccess(auth, appId);
      const account = await requireSubAccount(app.id, subAccountId);
      await invite(account, app.name, auth.account.language);
      return toSubAccount(account);
    },

    /** Removes the sub-account; its sessions and links go with it. */
    async revokeSubAccount(auth: Authenticated, appId: string, subAccountId: string): Promise<void> {
      requireOwner(auth);
      const app = await deps.apps.requireAppAccess(auth, appId);
      const account = await requireSubAccount(app.id, subAccountId);
      await repo.deleteAccount(account.id);
      await deps.auth.sessionsEnded({ kind: "dashboard-account", accountId: account.id });
    },

    /**
     * Exchanges a link's token for a session. The link must name the account's kind (and a sub-account's app);
     * a wrong or used token answers 1026, an old one 1027. Whoever holds the link proved the mailbox, so an
     * unverified email counts as verified from here.
     */
    async linkLogin(input: TLinkLoginRequest, userAgent: string): Promise<TLinkLoginResponse> {
      const account = await repo.findAccountByEmail(input.email);
      if (!account || account.kind !== input.userType) {
        throw new AppError(
          input.userType === "marketplaceaccount" ? Errors.ACCOUNT_NOT_FOUND : Errors.SIGN_IN_LINK_INVALID,
        );
      }
      if (account.kind === "subaccount" && input.appId && input.appId !== account.subAccountAppId) {
        throw new AppError(Errors.SIGN_IN_LINK_INVALID);
      }
      const code = await repo.findCode(account.id, "sign_in", hashToken(input.token));
      if (!code || code.usedAt) throw new AppError(Errors.SIGN_IN_LINK_INVALID);
      const now = clock.now();
      if (code.expiresAt <= now) throw new AppError(Errors.SIGN_IN_LINK_EXPIRED);
      if (!(await repo.useCode(code.id, now))) throw new AppError(Errors.SIGN_IN_LINK_INVALID);
      const verified = account.emailVerifiedAt ?? now;
      await repo.updateAccount(account.id, { emailVerifiedAt: verified, lastLoginAt: now });
      return deps.auth.startSessionFor({ ...account, emailVerifiedAt: verified }, userAgent);
    },

    /** The first password of an account signed in by link (1028 once it has one). */
    async setFirstPassword(auth: Authenticated, input: TFirstPasswordRequest, token: string): Promise<TSessionState> {
      if (!auth.account.passwordRequired) throw new AppError(Errors.PASSWORD_ALREADY_SET);
      const now = clock.now();
      await repo.updateAccount(auth.account.id, {
        passwordHash: await hashPassword(input.password),
        passwordRequired: false,
        passwordChangedAt: now,
      });
      return toSessionState({ ...auth.account, passwordRequired: false, passwordChangedAt: now }, token);
    },
  };
  return service;
}

export type SignInLinks = ReturnType<typeof createSignInLinks>;
