import {
  Errors,
  MAX_API_KEYS_PER_APP,
  MAX_APPS_PER_ACCOUNT,
  type TApiKey,
  type TApp,
  type TAppChatSettings,
  type TAppOnboarding,
} from "@parley/contract";
import { and, asc, count, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { Authenticated } from "../auth";
import { findAccount, hashToken, newToken } from "../auth";
import { type AppRow, apiKeys, apps } from "./schema";

const API_KEY_PREFIX = "psk_";

/**
 * The apps each request was already admitted to, so a second check in the same request reads nothing. Keyed by the
 * request's `Authenticated`, which authentication makes anew for every request.
 */
const admittedByRequest = new WeakMap<Authenticated, Map<string, AppRow>>();

/** The app `auth`'s request was admitted to, if it was. */
export function admittedApp(auth: Authenticated, appId: string): AppRow | undefined {
  return admittedByRequest.get(auth)?.get(appId);
}

/** Whether an administrator deactivated the app: every app of its account (checked first, the wider reason), or it. */
export function deactivationOf(app: Pick<AppRow, "deactivatedAt" | "accountDeactivatedAt">): TApp["deactivated"] {
  if (app.accountDeactivatedAt) return "account";
  return app.deactivatedAt ? "app" : null;
}

/** 3002 while every app of the account is deactivated, 3001 while this one is. */
function refuseDeactivated(app: AppRow): void {
  const deactivated = deactivationOf(app);
  if (deactivated === "account") throw new AppError(Errors.ACCOUNT_APPS_DEACTIVATED);
  if (deactivated === "app") throw new AppError(Errors.APP_DEACTIVATED);
}

/**
 * The parts of the onboarding checklist other modules answer, as subqueries on an app's rows. Those modules come
 * after apps (a user, a channel and a message each belong to an app), so the composition hands their queries in.
 */
export interface OnboardingQueries {
  /** The app's chat users other than test users. */
  realUsersOf(db: Db, appId: string): SQLWrapper;
  /** The ids of the app's channels. */
  channelIdsOf(db: Db, appId: string): SQLWrapper;
  /** When the first message a user sent in any of `channelIds` was sent. */
  firstUserMessageAt(channelIds: SQLWrapper): SQL<Date | string | null>;
}

export function createAppService(
  ctx: Context,
  deps: {
    usage: { messagesThisMonth(appIds: string[]): Promise<Map<string, number>> };
    /**
     * Reasons to refuse the chat API for an app, from the features that have them (billing answers 4000 when the
     * account's service is stopped). Run for every `/v1` credential, WebSocket and chat login.
     */
    chatAccessChecks: readonly ((app: AppRow) => Promise<void>)[];
    onboarding: OnboardingQueries;
  },
) {
  const { usage, chatAccessChecks, onboarding } = deps;
  const { db } = ctx.database;
  /** App rows as every `/apps/:id` request reads them; changed only by this service (and by deleting the account). */
  const appCache = createTtlCache<string, AppRow | null>(ctx.clock, ctx.config.readCacheMs, {
    refreshAhead: true,
  });

  /**
   * Live API keys by the hash of their secret: every call of an app's servers reads one. A revocation here clears
   * it at once; another process stops accepting the key within `readCacheMs`, as it sees other changes.
   */
  const keyCache = createTtlCache<string, { id: string; appId: string; label: string; lastUsedAt: Date | null } | null>(
    ctx.clock,
    ctx.config.readCacheMs,
    { refreshAhead: true },
  );
  const liveKeyByHash = db
    .select({ id: apiKeys.id, appId: apiKeys.appId, label: apiKeys.label, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare("live_api_key_by_hash");

  async function toApps(rows: AppRow[]): Promise<TApp[]> {
    const counts = await usage.messagesThisMonth(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      messagesThisMonth: counts.get(r.id) ?? 0,
      deactivated: deactivationOf(r),
    }));
  }

  const toApiKey = (row: typeof apiKeys.$inferSelect): TApiKey => ({
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

  /** The owner, the sub-account made for this app, or an admin; 3003 for anyone else and for an unknown app. */
  async function admit(auth: Authenticated, appId: string): Promise<AppRow> {
    const admitted = admittedApp(auth, appId);
    if (admitted) return admitted;
    const app = await service.cachedApp(appId);
    const { account } = auth;
    const allowed =
      app &&
      (account.role === "admin" ||
        (account.kind === "subaccount" ? account.subAccountAppId === app.id : app.accountId === account.id));
    if (!app || !allowed) throw new AppError(Errors.APP_ACCESS_DENIED);
    const ofRequest = admittedByRequest.get(auth) ?? new Map<string, AppRow>();
    ofRequest.set(appId, app);
    admittedByRequest.set(auth, ofRequest);
    return app;
  }

  const service = {
    async requireChatAccess(app: AppRow): Promise<void> {
      refuseDeactivated(app);
      for (const check of chatAccessChecks) await check(app);
    },

    /** The same for a chat login, which names its app by id; an unknown id is left to the login to refuse. */
    async requireChatAccessById(appId: string): Promise<void> {
      const app = await service.cachedApp(appId);
      if (app) await service.requireChatAccess(app);
    },

    /** The app row as the read cache has it: what every authenticated request of the app reads. */
    async cachedApp(appId: string): Promise<AppRow | null> {
      return appCache.get(appId, async () => {
        const [row] = await db.select().from(apps).where(eq(apps.id, appId)).limit(1);
        return row ?? null;
      });
    },

    /**
     * The one authorization check for `/api/apps/{id}/...`: the owner, the sub-account made for this app, or an
     * admin. Anything else, including an app that does not exist, answers 3003 so ids cannot be probed.
     */
    async requireAppAccess(
      auth: Authenticated,
      appId: string,
      options: { evenDeactivated?: boolean } = {},
    ): Promise<AppRow> {
      const app = await admit(auth, appId);
      // An administrator looks into a deactivated app; its owner reads only its summary, which says why.
      if (!options.evenDeactivated && auth.account.role !== "admin") refuseDeactivated(app);
      return app;
    },

    /**
     * Deactivates or reactivates one app (`appId`) or every app of an account, for the admin console, in the
     * caller's transaction. The process that changes them forgets them at once; others within `readCacheMs`.
     */
    async setDeactivated(tx: Db, target: { accountId: string; appId?: string }, at: Date | null): Promise<AppRow[]> {
      const changed = target.appId
        ? await tx
            .update(apps)
            .set({ deactivatedAt: at })
            .where(and(eq(apps.id, target.appId), eq(apps.accountId, target.accountId)))
            .returning()
        : await tx
            .update(apps)
            .set({ accountDeactivatedAt: at })
            .where(eq(apps.accountId, target.accountId))
            .returning();
      for (const row of changed) appCache.invalidate(row.id);
      return changed;
    },

    /** The apps of accounts, for the admin console. */
    async appsOfAccount(accountId: string): Promise<AppRow[]> {
      return db.select().from(apps).where(eq(apps.accountId, accountId)).orderBy(asc(apps.createdAt));
    },

    async listApps(auth: Authenticated): Promise<TApp[]> {
      const { account } = auth;
      const rows =
        account.kind === "subaccount"
          ? account.subAccountAppId
            ? await db.select().from(apps).where(eq(apps.id, account.subAccountAppId))
            : []
          : await db
              .select()
              .from(apps)
              .where(eq(apps.accountId, account.id))
              .orderBy(asc(apps.createdAt), asc(apps.name));
      return toApps(rows);
    },

    async createApp(auth: Authenticated, name: string): Promise<TApp> {
      if (auth.account.kind === "subaccount") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
      try {
        const row = await withTransaction(db, async (tx) => {
          // Locking the account row serializes concurrent creates, so the 10-app limit cannot be raced past.
          const account = await findAccount(tx, auth.account.id, { forUpdate: true });
          // An account whose apps an administrator deactivated gets no new one to go around it.
          if (account?.appsDeactivatedAt) throw new AppError(Errors.ACCOUNT_APPS_DEACTIVATED);
          const [{ n } = { n: 0 }] = await tx
            .select({ n: count() })
            .from(apps)
            .where(eq(apps.accountId, auth.account.id));
          if (n >= MAX_APPS_PER_ACCOUNT) throw new AppError(Errors.APP_LIMIT_REACHED);
          const [inserted] = await tx
            .insert(apps)
            .values({ accountId: auth.account.id, name, createdAt: ctx.clock.now() })
            .returning();
          return inserted as AppRow;
        });
        return (await toApps([row]))[0] as TApp;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.APP_NAME_TAKEN);
        throw err;
      }
    },

    async getApp(auth: Authenticated, appId: string): Promise<TApp> {
      return (await toApps([await service.requireAppAccess(auth, appId, { evenDeactivated: true })]))[0] as TApp;
    },

    async renameApp(auth: Authenticated, appId: string, name: string): Promise<TApp> {
      const app = await service.requireAppAccess(auth, appId);
      try {
        const [row] = await db.update(apps).set({ name }).where(eq(apps.id, app.id)).returning();
        appCache.invalidate(app.id);
        return (await toApps([row as AppRow]))[0] as TApp;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.APP_NAME_TAKEN);
        throw err;
      }
    },

    async getChatSettings(auth: Authenticated, appId: string): Promise<TAppChatSettings> {
      const app = await service.requireAppAccess(auth, appId);
      return { allowAnonymousLogin: app.allowAnonymousLogin, defaultMemberLimit: app.defaultMemberLimit };
    },

    async updateChatSettings(
      auth: Authenticated,
      appId: string,
      settings: TAppChatSettings,
    ): Promise<TAppChatSettings> {
      const app = await service.requireAppAccess(auth, appId);
      await db.update(apps).set(settings).where(eq(apps.id, app.id));
      appCache.invalidate(app.id);
      return settings;
    },

    async listApiKeys(auth: Authenticated, appId: string): Promise<TApiKey[]> {
      const app = await service.requireAppAccess(auth, appId);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.appId, app.id), isNull(apiKeys.revokedAt)))
        .orderBy(asc(apiKeys.createdAt));
      return rows.map(toApiKey);
    },

    async createApiKey(
      auth: Authenticated,
      appId: string,
      label: string,
    ): Promise<{ apiKey: TApiKey; secret: string }> {
      const app = await service.requireAppAccess(auth, appId);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.appId, app.id), isNull(apiKeys.revokedAt)));
      if (n >= MAX_API_KEYS_PER_APP) throw new AppError(Errors.API_KEY_LIMIT_REACHED);
      const secret = `${API_KEY_PREFIX}${newToken()}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          appId: app.id,
          label,
          prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
          secretHash: hashToken(secret),
          createdAt: ctx.clock.now(),
        })
        .returning();
      return { apiKey: toApiKey(row as typeof apiKeys.$inferSelect), secret };
    },

    async revokeApiKey(auth: Authenticated, appId: string, keyId: string): Promise<void> {
      const app = await service.requireAppAccess(auth, appId);
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: ctx.clock.now() })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.appId, app.id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (rows.length === 0) throw new AppError(Errors.API_KEY_NOT_FOUND);
      keyCache.clear();
    },

    /**
     * The first steps the onboarding checklist shows, answered from the app's data in one statement; the other
     * modules' parts of it come from their own query functions, handed in as `deps.onboarding`.
     */
    async getOnboarding(auth: Authenticated, appId: string): Promise<TAppOnboarding> {
      const app = await service.requireAppAccess(auth, appId);
      const liveKeys = db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.appId, app.id), isNull(apiKeys.revokedAt)));
      const result = await db.execute(sql`
        select
          exists ${liveKeys} as has_api_key,
          exists ${onboarding.realUsersOf(db, app.id)} as has_user,
          exists ${onboarding.channelIdsOf(db, app.id)} as has_channel,
          ${onboarding.firstUserMessageAt(onboarding.channelIdsOf(db, app.id))} as first_message_at`);
      const [row] = rowsOf<{
        has_api_key: boolean;
        has_user: boolean;
        has_channel: boolean;
        first_message_at: Date | string | null;
      }>(result);
      return {
        hasApiKey: row?.has_api_key === true,
        hasUser: row?.has_user === true,
        hasChannel: row?.has_channel === true,
        firstMessageAt: row?.first_message_at ? new Date(row.first_message_at).toISOString() : null,
      };
    },

    /** The app a server-to-server secret belongs to, or null for an unknown or revoked key. */
    async authenticateApiKey(secret: string): Promise<AppRow | null> {
      return (await service.authenticateApiKeyOf(secret))?.app ?? null;
    },

    /** The app of a live API key, with the key's id and label: what the audit log names a server's changes by. */
    async authenticateApiKeyOf(secret: string): Promise<{ app: AppRow; key: { id: string; label: string } } | null> {
      if (!secret.startsWith(API_KEY_PREFIX)) return null;
      const hash = hashToken(secret);
      const key = await keyCache.get(hash, async () => (await liveKeyByHash.execute({ hash }))[0] ?? null);
      if (!key) return null;
      const app = await service.cachedApp(key.appId);
      if (!app) return null;
      const now = ctx.clock.now();
      // Written at most once a minute: a busy key must not turn every call into a write. Marked on the cached
      // entry too, so the calls of the next minute do not mark it again.
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) {
        key.lastUsedAt = now;
        await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
      }
      return { app, key: { id: key.id, label: key.label } };
    },
  };
  return service;
}

export type AppService = ReturnType<typeof createAppService>;
