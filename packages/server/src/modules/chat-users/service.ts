import { randomBytes } from "node:crypto";
import {
  Errors,
  type TAnonymousLoginRequest,
  type TChatLoginRequest,
  type TChatSession,
  type TChatUser,
  type TChatUsersPage,
  type TCreateChatUserRequest,
  TEST_USER_ID_PREFIX,
  TEST_USER_METADATA_KEY,
  TEST_USERS_LISTED,
  type TPageQuery,
  type TUpdateChatUserRequest,
} from "@parley/contract";
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import { createBatchLoader, SIGN_IN_LOAD_SPACING_MS } from "../../batch-loader";
import { createTtlCache } from "../../cache";
import type { SessionsEnded } from "../../chat/bus";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import { hashToken, newToken } from "../auth";
import type { LiveReport } from "../live";
import type { MetricsService } from "../metrics";
import { createBlockService } from "./blocks";
import { createBulkUsers } from "./bulk";
import { createLoginSigning } from "./login-signing";
import { toChatUser } from "./mapping";
import { createUserRoles } from "./roles";
import { type ChatUserRow, chatLoginTokens, chatSessions, chatUsers } from "./schema";
import { createUserShadowBans } from "./shadow-bans";

const SESSION_PREFIX = "pcs_";
/** Ten base-36 characters: about 52 bits, so two test users of one app practically never draw the same id. */
const TEST_USER_ID_LENGTH = 10;

const isTestUser = (user: ChatUserRow) => user.metadata[TEST_USER_METADATA_KEY] !== undefined;

function newTestUserId(): string {
  const digits = [...randomBytes(TEST_USER_ID_LENGTH)].map((byte) => (byte % 36).toString(36)).join("");
  return `${TEST_USER_ID_PREFIX}${digits}`;
}

type ChatSessionRow = typeof chatSessions.$inferSelect;

export interface ChatPrincipal {
  app: AppRow;
  user: ChatUserRow;
  sessionId: string;
}

/**
 * One of a user's channels as a socket's sign-in reads it: the member's subchannel (null where the channel is not
 * split, or the member is not placed yet) and whether the channel is split.
 */
export interface SignInMembership {
  channelId: string;
  subchannel: number | null;
  isSplit: boolean;
}

/** A socket's sign-in: who it is, and the channels they belonged to when the session was read. */
export interface SocketSignIn {
  principal: ChatPrincipal;
  memberships: SignInMembership[];
}

/** How long a session's use may wait to be marked, gathered with the others of that time; see `markUsed`. */
const SESSION_MARK_MS = 1000;

interface SessionUse {
  sessionId: string;
  chatUserId: string;
  appId: string;
  at: Date;
}

/**
 * Loads rows by session token hash through a prepared statement that takes the hashes as one array, the rows asked
 * for together in one query (the hashes are hex digits, safe in an array literal, which both drivers pass the same
 * way).
 */
function loaderByHash<Row extends { session: { tokenHash: string } }>(statement: {
  execute(values: { hashes: string }): Promise<Row[]>;
}) {
  return createBatchLoader(
    async (hashes: string[]) => {
      const rows = await statement.execute({ hashes: `{${hashes.join(",")}}` });
      return new Map(rows.map((row) => [row.session.tokenHash, row]));
    },
    { spacingMs: SIGN_IN_LOAD_SPACING_MS },
  );
}

export function createChatUserService(
  ctx: Context,
  {
    metrics,
    sessionsEnded,
    apps,
    live,
  }: {
    metrics: MetricsService;
    sessionsEnded: SessionsEnded;
    apps: { cachedApp(appId: string): Promise<AppRow | null> };
    /** The dashboard's live tail hears each login and logout. */
    live?: LiveReport;
  },
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  /**
   * Chat sessions with their users, by token, as every chat API request reads them. A write of this service to a
   * user or a session forgets them all, so this process never admits what it has just refused; other processes
   * forget them when the bus says sessions ended, and in any case within `READ_CACHE_MS`. The app is read through
   * the apps' own cache, which its changes keep current.
   */
  const sessionCache = createTtlCache<string, { session: ChatSessionRow; user: ChatUserRow } | null>(
    clock,
    ctx.config.readCacheMs,
    { refreshAhead: true },
  );
  const forget = () => sessionCache.clear();
  // Read for every chat API request the cache has not answered, so prepared once, and for the requests of a round
  // together.
  const sessionsByHash = db
    .select({ session: chatSessions, user: chatUsers })
    .from(chatSessions)
    .innerJoin(chatUsers, eq(chatUsers.id, chatSessions.chatUserId))
    .where(sql`${chatSessions.tokenHash} = any(${sql.placeholder("hashes")}::text[])`)
    .prepare("chat_sessions_by_hash");
  const sessionLoader = loaderByHash(sessionsByHash);

  /**
   * A socket's sign-in reads the session and its user's memberships in one query, for the sockets signing in
   * together: a restarted process's ten thousand sockets reconnect at once, and a second query for each round of
   * them (the memberships, by user) doubled the queries they wait on. The memberships come as arrays of
   * `[channel id, subchannel, is split]`, read with the session and so no older than it. Raw SQL on the channels'
   * tables, which that module owns; "is split" is its `isPartitioned` written in SQL.
   */
  const socketSignInsByHash = db
    .select({
      session: chatSessions,
      user: chatUsers,
      memberships: sql<[string, number | null, boolean][]>`(
        select coalesce(json_agg(json_build_array(m.channel_id, m.subchannel,
          c.type = 'supergroup' and c.subchannel_enabled)), '[]'::json)
        from channel_members m join channels c on c.id = m.channel_id
        where m.chat_user_id = ${chatUsers.id})`,
    })
    .from(chatSessions)
    .innerJoin(chatUsers, eq(chatUsers.id, chatSessions.chatUserId))
    .where(sql`${chatSessions.tokenHash} = any(${sql.placeholder("hashes")}::text[])`)
    .prepare("socket_sign_ins_by_hash");
  const socketSignInLoader = loaderByHash(socketSignInsByHash);

  /** The principal of a session read by its token, or null when its user is deactivated or its app gone. */
  async function principalOf(row: { session: ChatSessionRow; user: ChatUserRow }): Promise<ChatPrincipal | null> {
    if (!row.user.isActive) return null;
    const app = await apps.cachedApp(row.user.appId);
    if (!app) return null;
    const now = clock.now();
    if (now.getTime() - row.session.lastUsedAt.getTime() > 60_000) {
      // Marked on the cached row too, so the requests of the next minute do not mark it again.
      row.session.lastUsedAt = now;
      markUsed({ sessionId: row.session.id, chatUserId: row.user.id, appId: app.id, at: now });
    }
    return { app, user: row.user, sessionId: row.session.id };
  }

  async function findUser(appId: string, userId: string): Promise<ChatUserRow | undefined> {
    const [row] = await db
      .select()
      .from(chatUsers)
      .where(and(eq(chatUsers.appId, appId), eq(chatUsers.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * Sessions seen in use and not yet marked. Marking one (the session's last use, its user's last seen time, the
   * day's active users) is three writes; every socket of a restarted process reconnecting at once would each wait
   * on them, and the database would take them one by one. They are written together instead, at most
   * `SESSION_MARK_MS` later, each with the time it was used. A crash loses at most that long's marks, and since the
   * stored mark is then still old, the session's next use makes it again.
   */
  const unmarked = new Map<string, SessionUse>();
  let markTimer: ReturnType<typeof setTimeout> | null = null;
  let marking: Promise<void> = Promise.resolve();

  function markUsed(use: SessionUse) {
    unmarked.set(use.sessionId, use);
    if (markTimer) return;
    markTimer = setTimeout(() => void flushSessionMarks(), SESSION_MARK_MS);
    markTimer.unref();
  }

  function flushSessionMarks(): Promise<void> {
    if (markTimer) clearTimeout(markTimer);
    markTimer = null;
    const uses = [...unmarked.values()];
    unmarked.clear();
    // One flush at a time, so a mark is never overtaken by an older one.
    marking = marking.then(() => writeMarks(uses));
    return marking;
  }

  async function writeMarks(uses: SessionUse[]): Promise<void> {
    if (uses.length === 0) return;
    const rows = (key: "sessionId" | "chatUserId") =>
      JSON.stringify(uses.map((use) => ({ id: use[key], at: use.at.toISOString() })));
    try {
      await db.execute(sql`
        update chat_sessions s set last_used_at = greatest(s.last_used_at, x.at)
        from jsonb_to_recordset(${rows("sessionId")}::jsonb) as x (id uuid, at timestamptz) where s.id = x.id`);
      await db.execute(sql`
        update chat_users u set last_seen_at = greatest(u.last_seen_at, x.at)
        from (select id, max(at) as at from jsonb_to_recordset(${rows("chatUserId")}::jsonb) as r (id uuid, at timestamptz)
          group by id) x
        where u.id = x.id`);
      await metrics.recordActiveMany(uses);
    } catch (err) {
      ctx.log.error({ err, count: uses.length }, "could not mark chat sessions used");
    }
  }

  async function startSession(
    app: AppRow,
    user: ChatUserRow,
    method: "token" | "anonymous" | "test-user",
  ): Promise<TChatSession> {
    if (!user.isActive) throw new AppError(Errors.CHAT_USER_DEACTIVATED);
    const token = `${SESSION_PREFIX}${newToken()}`;
    const now = clock.now();
    await db
      .insert(chatSessions)
      .values({ chatUserId: user.id, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now });
    await db.update(chatUsers).set({ lastSeenAt: now }).where(eq(chatUsers.id, user.id));
    await metrics.recordActive(app.id, user.id, now);
    const chatUser = toChatUser({ ...user, lastSeenAt: now });
    live?.(app.id, () => ({
      type: "user.login",
      at: now,
      channelId: null,
      userId: user.userId,
      data: { method, user: chatUser },
    }));
    return { sessionToken: token, appId: app.id, user: chatUser };
  }

  async function appById(appId: string): Promise<AppRow> {
    const app = await apps.cachedApp(appId);
    // An unknown app looks like a bad credential: ids are not confirmed to strangers.
    if (!app) throw new AppError(Errors.CHAT_TOKEN_INVALID);
    return app;
  }

  const signing = createLoginSigning(ctx, { sessionsEnded, forgetCachedSessions: forget });
  const requireUser = (appId: string, userId: string) => service.requireUser(appId, userId);
  const shadowBans = createUserShadowBans(ctx, { requireUser, forgetCachedSessions: forget });
  const roles = createUserRoles(ctx, { requireUser, forgetCachedSessions: forget });

  const service = {
    findUser,

    /** Up to 100 users created or changed at once (`POST /v1/users/bulk`). */
    upsertUsers: createBulkUsers(ctx, forget),

    /** The users each user blocks (`/v1/me/blocks`). */
    blocks: createBlockService(ctx, {
      requireUser: (appId: string, userId: string): Promise<ChatUserRow> => service.requireUser(appId, userId),
    }),

    async requireUser(appId: string, userId: string): Promise<ChatUserRow> {
      const user = await findUser(appId, userId);
      if (!user) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
      return user;
    },

    async createUser(app: AppRow, input: TCreateChatUserRequest): Promise<TChatUser> {
      try {
        const [row] = await db
          .insert(chatUsers)
          .values({ appId: app.id, ...input, createdAt: clock.now() })
          .returning();
        return toChatUser(row as ChatUserRow);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.CHAT_USER_EXISTS);
        throw err;
      }
    },

    async getUser(app: AppRow, userId: string): Promise<TChatUser> {
      return toChatUser(await service.requireUser(app.id, userId));
    },

    async listUsers(app: AppRow, query: TPageQuery & { active?: boolean }): Promise<TChatUsersPage> {
      const after = decodeCursor(query.cursor);
      const conditions = [eq(chatUsers.appId, app.id)];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(chatUsers.userId, pattern), ilike(chatUsers.nickname, pattern)) ?? sql`true`);
      }
      if (query.active !== undefined) conditions.push(eq(chatUsers.isActive, query.active));
      const past = pastCursor(after, chatUsers.createdAt, chatUsers.id, "asc");
      if (past) conditions.push(past);
      const rows = await db
        .select()
        .from(chatUsers)
        .where(and(...conditions))
        .orderBy(asc(chatUsers.createdAt), asc(chatUsers.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      return { users: page.items.map(toChatUser), nextCursor: page.nextCursor };
    },

    async updateUser(app: AppRow, userId: string, input: TUpdateChatUserRequest): Promise<TChatUser> {
      const user = await service.requireUser(app.id, userId);
      const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      if (Object.keys(patch).length === 0) return toChatUser(user);
      const [row] = await db.update(chatUsers).set(patch).where(eq(chatUsers.id, user.id)).returning();
      forget();
      return toChatUser(row as ChatUserRow);
    },

    /** Deactivating also ends the user's sessions: a suspended user is signed out everywhere at once. */
    async setActive(app: AppRow, userId: string, isActive: boolean): Promise<TChatUser> {
      const user = await service.requireUser(app.id, userId);
      const [row] = await db.update(chatUsers).set({ isActive }).where(eq(chatUsers.id, user.id)).returning();
      forget();
      if (!isActive) {
        await db.delete(chatSessions).where(eq(chatSessions.chatUserId, user.id));
        await sessionsEnded({ kind: "chat-user", chatUserId: user.id });
      }
      return toChatUser(row as ChatUserRow);
    },

    async deleteUser(app: AppRow, userId: string): Promise<ChatUserRow> {
      const user = await service.requireUser(app.id, userId);
      await db.delete(chatUsers).where(eq(chatUsers.id, user.id));
      forget();
      await sessionsEnded({ kind: "chat-user", chatUserId: user.id });
      return user;
    },

    /** The app's test users (see `TEST_USER_METADATA_KEY`), newest first. */
    async listTestUsers(app: AppRow): Promise<TChatUser[]> {
      const rows = await db
        .select()
        .from(chatUsers)
        .where(and(eq(chatUsers.appId, app.id), isNotNull(sql`${chatUsers.metadata} ->> ${TEST_USER_METADATA_KEY}`)))
        .orderBy(desc(chatUsers.createdAt), desc(chatUsers.id))
        .limit(TEST_USERS_LISTED);
      return rows.map(toChatUser);
    },

    /** A new test user with a generated id; made like any user the app creates, so never anonymous. */
    async createTestUser(app: AppRow, nickname: string): Promise<TChatUser> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await service.createUser(app, {
            userId: newTestUserId(),
            nickname,
            profileImageUrl: "",
            metadata: { [TEST_USER_METADATA_KEY]: "true" },
          });
        } catch (err) {
          // An id already taken: draw another. Three draws colliding means something else is wrong.
          if (!(err instanceof AppError && err.code === Errors.CHAT_USER_EXISTS) || attempt >= 3) throw err;
        }
      }
    },

    /**
     * A chat session for one of the app's test users, for the dashboard to chat as them. Any other user of the app
     * answers 3018 as if absent: the dashboard must never become a way to act as the app's real users.
     */
    async startTestUserSession(app: AppRow, userId: string): Promise<TChatSession> {
      const user = await findUser(app.id, userId);
      if (!user || !isTestUser(user)) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
      return startSession(app, user, "test-user");
    },

    async issueLoginToken(app: AppRow, userId: string, expiresInSeconds: number) {
      const user = await service.requireUser(app.id, userId);
      if (!user.isActive) throw new AppError(Errors.CHAT_USER_DEACTIVATED);
      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + expiresInSeconds * 1000);
      await db
        .insert(chatLoginTokens)
        .values({ chatUserId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** A login with an opaque token of the token API or a token the app signed (see `login-signing.ts`). */
    async login(input: TChatLoginRequest): Promise<TChatSession> {
      const app = await appById(input.appId);
      return startSession(app, await signing.loginUser(app, input), "token");
    },

    /** The app's signing secrets for login tokens, and the revocation of login tokens issued before a time. */
    signing,
    /** A user's shadow ban in the app, set and read by the app's server and the dashboard only. */
    shadowBans,

    /** A user's app role, set by the app's server and the dashboard through the permissions module. */
    roles,

    /**
     * Creates the user on first login; a returning anonymous user keeps their id and takes the new nickname. A user
     * the app created itself is refused (3062): knowing a user ID must not be enough to act as that user.
     */
    async anonymousLogin(input: TAnonymousLoginRequest): Promise<TChatSession> {
      const app = await appById(input.appId);
      if (!app.allowAnonymousLogin) throw new AppError(Errors.ANONYMOUS_LOGIN_DISABLED);
      const now = clock.now();
      await db
        .insert(chatUsers)
        .values({
          appId: app.id,
          userId: input.userId,
          nickname: input.nickname,
          isAnonymous: true,
          role: "guest",
          createdAt: now,
        })
        .onConflictDoNothing();
      const user = await service.requireUser(app.id, input.userId);
      if (!user.isAnonymous) throw new AppError(Errors.USER_ID_NOT_ANONYMOUS);
      if (user.isActive && user.nickname !== input.nickname) {
        await db.update(chatUsers).set({ nickname: input.nickname }).where(eq(chatUsers.id, user.id));
        forget();
        user.nickname = input.nickname;
      }
      return startSession(app, user, "anonymous");
    },

    async authenticateSession(token: string): Promise<ChatPrincipal | null> {
      if (!token.startsWith(SESSION_PREFIX)) return null;
      const row = await sessionCache.get(token, async () => {
        return (await sessionLoader.load(hashToken(token))) ?? null;
      });
      return row ? principalOf(row) : null;
    },

    /**
     * A WebSocket's sign-in: the session as `authenticateSession` admits it, with its user's memberships read in
     * the same query. Never from the session cache: the memberships must be no older than the moment of the call,
     * which the gateway compares with the membership changes it has heard since.
     */
    async authenticateSocket(token: string): Promise<SocketSignIn | null> {
      if (!token.startsWith(SESSION_PREFIX)) return null;
      const row = await socketSignInLoader.load(hashToken(token));
      if (!row) return null;
      const principal = await principalOf(row);
      if (!principal) return null;
      const memberships = row.memberships.map(([channelId, subchannel, isSplit]) => ({
        channelId,
        subchannel,
        isSplit,
      }));
      return { principal, memberships };
    },

    /**
     * A user's last socket closed: their last seen time is now, which others see while they are away. Written at
     * once, not gathered like the session marks: this is the one mark an offline user is shown with.
     */
    async markSeen(chatUserId: string, at: Date): Promise<void> {
      await db.execute(
        sql`update chat_users set last_seen_at = greatest(last_seen_at, ${at}) where id = ${chatUserId}`,
      );
    },

    /** Users of an app by their ids, as presence reports them. */
    async usersByUserIds(appId: string, userIds: string[]): Promise<ChatUserRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(chatUsers)
        .where(and(eq(chatUsers.appId, appId), inArray(chatUsers.userId, userIds)));
    },

    /** Writes the marks of sessions used since the last flush now: at shutdown, and for tests. */
    flushSessionMarks,

    /** Forgets the sessions this process read: when the bus says some ended, on whichever process. */
    forgetCachedSessions: forget,

    async logout(principal: ChatPrincipal): Promise<void> {
      await db.delete(chatSessions).where(eq(chatSessions.id, principal.sessionId));
      forget();
      live?.(principal.app.id, () => ({
        type: "user.logout",
        at: clock.now(),
        channelId: null,
        userId: principal.user.userId,
        data: { userId: principal.user.userId },
      }));
      await sessionsEnded({ kind: "chat", sessionIds: [principal.sessionId] });
    },
  };
  return service;
}

export type ChatUserService = ReturnType<typeof createChatUserService>;
