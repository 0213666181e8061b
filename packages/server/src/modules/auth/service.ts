import {
  CURRENCY_BY_LANGUAGE,
  DAY_MS,
  EMAIL_VERIFICATION_TTL_MS,
  Errors,
  MAX_FAILED_LOGINS,
  PASSWORD_RESET_TTL_MS,
  SESSION_IDLE_TTL_DAYS,
  type TActiveSession,
  type TLoginRequest,
  type TPasswordResetConfirmRequest,
  type TSessionState,
  type TSignupRequest,
  UNVERIFIED_ACCOUNT_TTL_DAYS,
} from "@parley/contract";
import { createTtlCache } from "../../cache";
import type { SessionsEnded } from "../../chat/bus";
import type { Context } from "../../context";
import { consentColumns, profileColumns } from "../../db/columns";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { sendMailJob } from "../../jobs/catalog";
import { renderMail } from "../../mail/templates";
import { type AuthRepository, createAuthRepository } from "./repository";
import type { AccountRow } from "./schema";
import { hashPassword, hashToken, newToken, verifyPassword } from "./secrets";

/** How often a session's last-use time is written; reads in between do not write. */
const SESSION_TOUCH_MS = 5 * 60 * 1000;

/**
 * How often one address may be mailed a verification or a password reset link, each kind counted on its own: a
 * minute apart and five an hour. Without it anyone who knows an address can fill its mailbox, and since each new
 * link voids the one before, keep its owner from ever using the link they opened. A request past the limit is
 * answered as a sent one is, so the answer tells no one whether a mail went out.
 */
export const AUTH_MAIL_LIMITS = { spacingMs: 60_000, perHour: 5 } as const;

export interface Authenticated {
  account: AccountRow;
  sessionId: string;
}

export function toSessionState(account: AccountRow, sessionToken: string): TSessionState {
  return {
    sessionToken,
    email: account.email,
    userType: account.kind,
    isAdmin: account.role === "admin",
    subAccountAppId: account.subAccountAppId,
    passwordChangedAt: account.passwordChangedAt.toISOString(),
    noticeFeatureEnabled: account.noticeFeatureEnabled,
    paymentCurrency: account.paymentCurrency,
    language: account.language,
    passwordRequired: account.passwordRequired,
  };
}

/**
 * An account's columns as sign-up stores them from its body, unverified: the profile, the language and its currency,
 * the consents given now. The factories of the tests and the testing endpoint store the same, verified.
 */
export function signupAccountColumns(input: TSignupRequest, passwordHash: string, now: Date) {
  return {
    email: input.email,
    passwordHash,
    ...profileColumns(input),
    language: input.language,
    paymentCurrency: CURRENCY_BY_LANGUAGE[input.language],
    ...consentColumns(now),
    passwordChangedAt: now,
    createdAt: now,
  };
}

/** A repository whose every write also runs `changed`: what keeps a cache of its reads honest. */
function notifyingWrites(repo: AuthRepository, changed: () => void): AuthRepository {
  // Reads, and the touch of a session's last use, which changes nothing a request is admitted by.
  const quiet = new Set<string>([
    "findAccountByEmail",
    "findAccountById",
    "findSession",
    "sessionsOf",
    "findCode",
    "touchSession",
  ]);
  return Object.fromEntries(
    Object.entries(repo).map(([name, method]) => [
      name,
      quiet.has(name)
        ? method
        : async (...args: unknown[]) => {
            try {
              return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
            } finally {
              changed();
            }
          },
    ]),
  ) as AuthRepository;
}

export function createAuthService(
  ctx: Context,
  deps: { sessionsEnded: SessionsEnded },
  baseRepo: AuthRepository = createAuthRepository(ctx.database.db),
) {
  // Sessions as read on every request. Any write through this service forgets them all: writes are rare (login,
  // logout, password changes), and a session or account row is never served stale by the process that changed it.
  const sessionCache = createTtlCache<string, Awaited<ReturnType<AuthRepository["findSession"]>>>(
    ctx.clock,
    ctx.config.readCacheMs,
    { refreshAhead: true },
  );
  const repo = notifyingWrites(baseRepo, () => sessionCache.clear());
  const { clock, config } = ctx;
  const { sessionsEnded } = deps;

  /** Mails a new link of `purpose`, voiding the previous one, unless the address was mailed too recently. */
  async function mailCode(account: AccountRow, purpose: "verify_email" | "reset_password"): Promise<void> {
    const now = clock.now();
    const code = newToken();
    const ttl = purpose === "verify_email" ? EMAIL_VERIFICATION_TTL_MS : PASSWORD_RESET_TTL_MS;
    const expiresAt = new Date(now.getTime() + ttl);
    const limits = AUTH_MAIL_LIMITS;
    if (!(await repo.replaceCodeUnlessThrottled(account.id, purpose, hashToken(code), now, expiresAt, limits))) return;
    const next = purpose === "verify_email" ? "/email/verification/confirm" : "/password/reset/confirm";
    const query = new URLSearchParams({ next, email: account.email, code });
    const link = `${config.publicUrl}/?${query.toString()}`;
    const mail = renderMail(
      purpose === "verify_email" ? "verifyEmail" : "resetPassword",
      account.language,
      account.email,
      {
        name: account.name,
        link,
      },
    );
    await ctx.jobs.send(sendMailJob, mail);
  }

  async function startSession(account: AccountRow, userAgent: string): Promise<TSessionState> {
    const token = newToken();
    const now = clock.now();
    await repo.insertSession({
      accountId: account.id,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      userAgent,
    });
    return toSessionState(account, token);
  }

  async function requireAccountByEmail(email: string): Promise<AccountRow> {
    const account = await repo.findAccountByEmail(email);
    if (!account) throw new AppError(Errors.EMAIL_NOT_FOUND);
    return account;
  }

  return {
    /** For other services that end an account's sessions by removing it (a revoked sub-account). */
    sessionsEnded,

    async signup(input: TSignupRequest): Promise<{ email: string; verificationSent: boolean }> {
      if (await repo.findAccountByEmail(input.email)) throw new AppError(Errors.EMAIL_TAKEN);
      const now = clock.now();
      let account: AccountRow;
      try {
        account = await repo.insertAccount(signupAccountColumns(input, await hashPassword(input.password), now));
      } catch (err) {
        // Two signups with one email racing past the check above: the unique index decides.
        if (isUniqueViolation(err)) throw new AppError(Errors.EMAIL_TAKEN);
        // The client hears 003; the cause stays in the log, where an operator can act on it.
        ctx.log.error({ err }, "signup could not be stored");
        throw new AppError(Errors.SIGNUP_FAILED);
      }
      await mailCode(account, "verify_email");
      return { email: account.email, verificationSent: true };
    },

    async login(input: TLoginRequest, userAgent: string): Promise<TSessionState> {
      const account = await requireAccountByEmail(input.email);
      if (account.lockedAt) {
        throw new AppError(Errors.LOGIN_LOCKED, {
          failedLoginCount: account.failedLoginCount,
          maxFailedLogins: MAX_FAILED_LOGINS,
        });
      }
      if (!(await verifyPassword(account.passwordHash, input.password))) {
        const count = await repo.recordFailedLogin(account.id, clock.now(), MAX_FAILED_LOGINS);
        const data = { failedLoginCount: Math.min(count, MAX_FAILED_LOGINS), maxFailedLogins: MAX_FAILED_LOGINS };
        throw new AppError(count >= MAX_FAILED_LOGINS ? Errors.LOGIN_LOCKED : Errors.LOGIN_FAILED, data);
      }
      if (!account.emailVerifiedAt) throw new AppError(Errors.EMAIL_NOT_VERIFIED);
      if (!(await repo.admitLogin(account.id))) {
        throw new AppError(Errors.LOGIN_LOCKED, {
          failedLoginCount: MAX_FAILED_LOGINS,
          maxFailedLogins: MAX_FAILED_LOGINS,
        });
      }
      return startSession(account, userAgent);
    },

    /** A session for an account whose identity was proven another way (a sign-in link). */
    startSessionFor(account: AccountRow, userAgent: string): Promise<TSessionState> {
      return startSession(account, userAgent);
    },

    /**
     * Forgets the sessions this process read: after a change to accounts made outside this service (an admin's
     * action, account settings), so the next request reads the account as it is now.
     */
    forgetCachedSessions(): void {
      sessionCache.clear();
    },

    async logout(auth: Authenticated): Promise<void> {
      await repo.deleteSession(auth.sessionId);
      await sessionsEnded({ kind: "dashboard", sessionIds: [auth.sessionId] });
    },

    /** The account's sessions that still work, most recently used first. */
    async listSessions(auth: Authenticated): Promise<TActiveSession[]> {
      const cutoff = clock.now().getTime() - SESSION_IDLE_TTL_DAYS * DAY_MS;
      const rows = await repo.sessionsOf(auth.account.id);
      return rows
        .filter((row) => row.lastUsedAt.getTime() >= cutoff)
        .map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          current: row.id === auth.sessionId,
        }));
    },

    async endSession(auth: Authenticated, sessionId: string): Promise<void> {
      if (!(await repo.deleteSessionOf(auth.account.id, sessionId))) throw new AppError(Errors.SESSION_NOT_FOUND);
      await sessionsEnded({ kind: "dashboard", sessionIds: [sessionId] });
    },

    /** "Log out everywhere": every session of the account ends, the caller's own included. */
    async endAllSessions(auth: Authenticated): Promise<number> {
      const ended = await repo.deleteAllSessionsOf(auth.account.id);
      await sessionsEnded({ kind: "dashboard-account", accountId: auth.account.id });
      return ended;
    },

    /** The account behind a bearer token, or null when the token is unknown or idle too long. */
    async authenticate(token: string): Promise<Authenticated | null> {
      // Keyed by the token itself: only the database lookup needs its hash, and a hit then costs no hashing.
      const found = await sessionCache.get(token, () => repo.findSession(hashToken(token)));
      if (!found) return null;
      const now = clock.now();
      if (now.getTime() - found.session.lastUsedAt.getTime() > SESSION_IDLE_TTL_DAYS * DAY_MS) {
        await repo.deleteSession(found.session.id);
        return null;
      }
      if (now.getTime() - found.session.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
        await repo.touchSession(found.session.id, now);
        sessionCache.set(token, { ...found, session: { ...found.session, lastUsedAt: now } });
      }
      // A fresh object per request: a request's own notes (the apps it was admitted to) never reach another.
      return { account: found.account, sessionId: found.session.id };
    },

    async requestPasswordReset(email: string): Promise<void> {
      const account = await requireAccountByEmail(email);
      try {
        await mailCode(account, "reset_password");
      } catch (err) {
        ctx.log.error({ err }, "password reset mail could not be queued");
        throw new AppError(Errors.RESET_MAIL_FAILED);
      }
    },

    async confirmPasswordReset(input: TPasswordResetConfirmRequest): Promise<void> {
      const account = await requireAccountByEmail(input.email);
      const code = await repo.findCode(account.id, "reset_password", hashToken(input.code));
      if (!code || code.usedAt) throw new AppError(Errors.RESET_LINK_INVALID);
      const now = clock.now();
      if (code.expiresAt <= now) throw new AppError(Errors.RESET_LINK_EXPIRED);
      if (!(await repo.useCode(code.id, now))) throw new AppError(Errors.RESET_LINK_INVALID);
      await repo.updateAccount(account.id, {
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: now,
        failedLoginCount: 0,
        lockedAt: null,
        passwordNoticeHiddenUntil: null,
        // Whoever reset the password proved they own the mailbox.
        emailVerifiedAt: account.emailVerifiedAt ?? now,
      });
      // A reset is what people do when they fear someone else is signed in: end every session.
      await repo.deleteSessionsOf(account.id);
      await sessionsEnded({ kind: "dashboard-account", accountId: account.id });
    },

    async sendVerification(email: string): Promise<void> {
      const account = await requireAccountByEmail(email);
      if (account.emailVerifiedAt) throw new AppError(Errors.EMAIL_ALREADY_VERIFIED);
      try {
        await mailCode(account, "verify_email");
      } catch (err) {
        ctx.log.error({ err }, "verification mail could not be queued");
        throw new AppError(Errors.VERIFICATION_CODE_FAILED);
      }
    },

    /**
     * Marks the email verified and, given `signIn`, starts a session for whoever sent the code, as a login would.
     * The code proves the mailbox, not the password, so it is held to what makes that safe: it is used once (the
     * `useCode` update wins for one request only), for 24 hours, and the session goes back to the one browser that
     * sent it, never to the tab that signed up. A locked account is verified but not signed in.
     */
    async confirmVerification(
      email: string,
      rawCode: string,
      signIn: { userAgent: string } | null,
    ): Promise<TSessionState | null> {
      const account = await requireAccountByEmail(email);
      if (account.emailVerifiedAt) throw new AppError(Errors.EMAIL_ALREADY_VERIFIED);
      const code = await repo.findCode(account.id, "verify_email", hashToken(rawCode));
      if (!code || code.usedAt) throw new AppError(Errors.VERIFICATION_CODE_INVALID);
      const now = clock.now();
      if (code.expiresAt <= now) throw new AppError(Errors.VERIFICATION_LINK_EXPIRED);
      if (!(await repo.useCode(code.id, now))) throw new AppError(Errors.VERIFICATION_CODE_INVALID);
      await repo.updateAccount(account.id, { emailVerifiedAt: now });
      if (!signIn || !(await repo.admitLogin(account.id))) return null;
      return startSession({ ...account, emailVerifiedAt: now }, signIn.userAgent);
    },

    async isEmailVerified(email: string): Promise<boolean> {
      const account = await requireAccountByEmail(email);
      return account.emailVerifiedAt !== null;
    },

    /** The daily clean-up: accounts whose email stayed unverified for 7 days are deleted. */
    async purgeUnverifiedAccounts(): Promise<string[]> {
      const cutoff = new Date(clock.now().getTime() - UNVERIFIED_ACCOUNT_TTL_DAYS * DAY_MS);
      return repo.deleteUnverifiedBefore(cutoff);
    },

    async changePassword(auth: Authenticated, current: string, next: string): Promise<Date> {
      const { account } = auth;
      if (!(await verifyPassword(account.passwordHash, current))) throw new AppError(Errors.WRONG_CURRENT_PASSWORD);
      if (await verifyPassword(account.passwordHash, next)) throw new AppError(Errors.PASSWORD_UNCHANGED);
      const now = clock.now();
      await repo.updateAccount(account.id, {
        passwordHash: await hashPassword(next),
        passwordChangedAt: now,
        passwordNoticeHiddenUntil: null,
        failedLoginCount: 0,
        lockedAt: null,
      });
      await repo.deleteSessionsOf(account.id, auth.sessionId);
      await sessionsEnded({ kind: "dashboard-account", accountId: account.id, exceptSessionId: auth.sessionId });
      return now;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
