import { randomBytes } from "node:crypto";
import {
  Errors,
  NICKNAME_MAX,
  SIGNED_TOKEN_CLOCK_SKEW_SECONDS,
  SIGNING_SECRET_BYTES,
  SIGNING_SECRET_PREFIX,
  type TChatLoginRequest,
  type TCreateSigningSecretResponse,
  type TRevokeTokensResponse,
  type TSigningSecret,
} from "@parley/contract";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notLike, or, sql } from "drizzle-orm";
import type { SessionsEnded } from "../../chat/bus";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import { hashToken } from "../auth";
import {
  type ChatUserRow,
  chatLoginTokens,
  chatSessions,
  chatUsers,
  type LoginSigningSecretRow,
  loginRevocations,
  loginSigningSecrets,
} from "./schema";
import {
  checkedClaims,
  hasValidSignature,
  keyIdOf,
  parseSignedToken,
  type SignedToken,
  type SignedTokenClaims,
} from "./signed-tokens";

/** Twelve base-36 characters: the `kid` names a secret among all apps' and is no secret itself. */
const KEY_ID_LENGTH = 12;
/** Ended sessions are announced this many at a time, so no one bus message grows with the size of the app. */
const ENDED_SESSIONS_PER_MESSAGE = 1000;

const newKeyId = () => [...randomBytes(KEY_ID_LENGTH)].map((byte) => (byte % 36).toString(36)).join("");
const newSecret = () => `${SIGNING_SECRET_PREFIX}${randomBytes(SIGNING_SECRET_BYTES).toString("base64url")}`;

const toSigningSecret = (row: LoginSigningSecretRow): TSigningSecret => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/**
 * The app's login-token signing secrets and the revocation of login tokens "issued before T", per app and per user.
 * Revoking also ends the sessions started before T: a revocation answers a leaked token, and its holder must be
 * signed out, not only kept from signing in again (docs/decisions/0270-app-signed-login-tokens.md).
 */
export function createLoginSigning(
  ctx: Context,
  deps: { sessionsEnded: SessionsEnded; forgetCachedSessions: () => void },
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  const live = (appId: string, now: Date) =>
    and(
      eq(loginSigningSecrets.appId, appId),
      or(isNull(loginSigningSecrets.expiresAt), gt(loginSigningSecrets.expiresAt, now)),
    );

  async function liveSecrets(appId: string): Promise<LoginSigningSecretRow[]> {
    return db
      .select()
      .from(loginSigningSecrets)
      .where(live(appId, clock.now()))
      .orderBy(asc(loginSigningSecrets.createdAt));
  }

  /**
   * `issuedBefore` as given, or now. A time to come would refuse tokens not yet signed, so it is refused; one within
   * the clock skew of now is the caller's clock running ahead, and is taken as now.
   */
  function revocationTime(issuedBefore: string | undefined): Date {
    const now = clock.now();
    if (issuedBefore === undefined) return now;
    const at = new Date(issuedBefore);
    if (at.getTime() > now.getTime() + SIGNED_TOKEN_CLOCK_SKEW_SECONDS * 1000) {
      throw new AppError(Errors.REVOCATION_TIME_IN_FUTURE);
    }
    return at > now ? now : at;
  }

  async function endSessions(sessionIds: string[]): Promise<void> {
    deps.forgetCachedSessions();
    for (let start = 0; start < sessionIds.length; start += ENDED_SESSIONS_PER_MESSAGE) {
      await deps.sessionsEnded({
        kind: "chat",
        sessionIds: sessionIds.slice(start, start + ENDED_SESSIONS_PER_MESSAGE),
      });
    }
  }

  async function findUser(appId: string, userId: string): Promise<ChatUserRow | undefined> {
    const [row] = await db
      .select()
      .from(chatUsers)
      .where(and(eq(chatUsers.appId, appId), eq(chatUsers.userId, userId)))
      .limit(1);
    return row;
  }

  /** The token's claims once a live secret of the app named by its `kid` has verified its signature. */
  async function verify(
    app: AppRow,
    token: SignedToken,
    login: { appId: string; userId: string },
  ): Promise<SignedTokenClaims> {
    const keyId = keyIdOf(token);
    const secrets = await liveSecrets(app.id);
    if (secrets.length === 0) throw new AppError(Errors.SIGNING_SECRET_MISSING);
    const secret = secrets.find((row) => row.id === keyId);
    if (!secret || !hasValidSignature(token, ctx.secrets.open(secret.secret))) {
      throw new AppError(Errors.SIGNED_TOKEN_INVALID);
    }
    return checkedClaims(token, login, clock.now());
  }

  /**
   * The user the claims name, created on their first login with the token's profile, as the app's server would
   * have created them. A user who exists keeps their profile: the claims describe a new user, they do not edit one
   * (two first logins at once both find the one created).
   */
  async function createUser(app: AppRow, claims: SignedTokenClaims): Promise<ChatUserRow> {
    await db
      .insert(chatUsers)
      .values({
        appId: app.id,
        userId: claims.userId,
        nickname: claims.nickname ?? claims.userId.slice(0, NICKNAME_MAX),
        profileImageUrl: claims.profileImageUrl ?? "",
        createdAt: clock.now(),
      })
      .onConflictDoNothing();
    const created = await findUser(app.id, claims.userId);
    if (!created) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
    return created;
  }

  /** The time before which the user's login tokens are refused, the later of the app's and the user's own. */
  async function revokedBefore(app: AppRow, user: ChatUserRow | undefined): Promise<Date | null> {
    const [row] = await db
      .select({ at: loginRevocations.revokedBefore })
      .from(loginRevocations)
      .where(eq(loginRevocations.appId, app.id))
      .limit(1);
    const times = [row?.at, user?.loginsRevokedBefore].filter((at): at is Date => at instanceof Date);
    return times.length === 0 ? null : new Date(Math.max(...times.map((at) => at.getTime())));
  }

  return {
    async listSecrets(app: AppRow): Promise<TSigningSecret[]> {
      return (await liveSecrets(app.id)).map(toSigningSecret);
    },

    /**
     * Seals under the current key every secret stored in plain text (before sealing existed) or under
     * SECRETS_KEY_PREVIOUS; run at start-up. A secret sealed under a key the server does not have stops start-up
     * with the key's id, rather than failing every login made with it. Answers how many were sealed again.
     */
    async sealStoredSecrets(): Promise<number> {
      const pending = await db
        .select({ id: loginSigningSecrets.id, secret: loginSigningSecrets.secret })
        .from(loginSigningSecrets)
        .where(notLike(loginSigningSecrets.secret, `${ctx.secrets.currentPrefix}%`));
      for (const row of pending) {
        const sealed = ctx.secrets.seal(ctx.secrets.open(row.secret));
        await db
          .update(loginSigningSecrets)
          .set({ secret: sealed })
          .where(and(eq(loginSigningSecrets.id, row.id), eq(loginSigningSecrets.secret, row.secret)));
      }
      return pending.length;
    },

    /**
     * A new current secret. The current one, if any, keeps verifying for `overlapSeconds` (0: not at all), and one
     * rotated out before stops at once, so that no more than two ever verify.
     */
    async createSecret(app: AppRow, overlapSeconds: number): Promise<TCreateSigningSecretResponse> {
      const now = clock.now();
      const value = newSecret();
      const row = await withTransaction(db, async (tx) => {
        // Two rotations at once must not leave two current secrets.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-signing:${app.id}`}))`);
        await tx
          .delete(loginSigningSecrets)
          .where(and(eq(loginSigningSecrets.appId, app.id), isNotNull(loginSigningSecrets.expiresAt)));
        const current = and(eq(loginSigningSecrets.appId, app.id), isNull(loginSigningSecrets.expiresAt));
        if (overlapSeconds > 0) {
          await tx
            .update(loginSigningSecrets)
            .set({ expiresAt: new Date(now.getTime() + overlapSeconds * 1000) })
            .where(current);
        } else {
          await tx.delete(loginSigningSecrets).where(current);
        }
        const [inserted] = await tx
          .insert(loginSigningSecrets)
          .values({ id: newKeyId(), appId: app.id, secret: ctx.secrets.seal(value), createdAt: now })
          .returning();
        return inserted as LoginSigningSecretRow;
      });
      return { secret: toSigningSecret(row), value, secrets: (await liveSecrets(app.id)).map(toSigningSecret) };
    },

    /** Deleting the last live secret turns app-signed tokens off; the token API keeps working. */
    async deleteSecret(app: AppRow, secretId: string): Promise<void> {
      const deleted = await db
        .delete(loginSigningSecrets)
        .where(and(eq(loginSigningSecrets.id, secretId), live(app.id, clock.now())))
        .returning({ id: loginSigningSecrets.id });
      if (deleted.length === 0) throw new AppError(Errors.SIGNING_SECRET_NOT_FOUND);
    },

    /**
     * The user a login's token admits, or a refusal. A token of the JWS shape is the app's own: verified, and its
     * user created from its claims on the first login. Any other is an opaque token of the token API, refused with
     * the code that API's tokens always had. Either is refused when issued before the app's or the user's revocation.
     */
    async loginUser(app: AppRow, input: TChatLoginRequest): Promise<ChatUserRow> {
      const signed = parseSignedToken(input.token);
      if (signed) {
        const claims = await verify(app, signed, input);
        const user = await findUser(app.id, claims.userId);
        // Before the user is created: a revoked token must leave nothing behind.
        const revoked = await revokedBefore(app, user);
        if (revoked && claims.issuedAt < revoked.getTime()) throw new AppError(Errors.SIGNED_TOKEN_REVOKED);
        return user ?? createUser(app, claims);
      }
      const user = await findUser(app.id, input.userId);
      if (!user) throw new AppError(Errors.CHAT_TOKEN_INVALID);
      const [token] = await db
        .select()
        .from(chatLoginTokens)
        .where(and(eq(chatLoginTokens.chatUserId, user.id), eq(chatLoginTokens.tokenHash, hashToken(input.token))))
        .limit(1);
      if (!token || token.expiresAt <= clock.now()) throw new AppError(Errors.CHAT_TOKEN_INVALID);
      const revoked = await revokedBefore(app, user);
      if (revoked && token.createdAt < revoked) throw new AppError(Errors.CHAT_TOKEN_INVALID);
      return user;
    },

    async revokeApp(app: AppRow, issuedBefore: string | undefined): Promise<TRevokeTokensResponse> {
      // An earlier time than the one stored would admit again tokens it refuses: the later one stays.
      const [stored] = await db
        .insert(loginRevocations)
        .values({ appId: app.id, revokedBefore: revocationTime(issuedBefore) })
        .onConflictDoUpdate({
          target: loginRevocations.appId,
          set: { revokedBefore: sql`greatest(${loginRevocations.revokedBefore}, excluded.revoked_before)` },
        })
        .returning({ at: loginRevocations.revokedBefore });
      if (!stored) throw new Error("the revocation's upsert returned no row");
      const { at } = stored;
      const ended = await db
        .delete(chatSessions)
        .where(
          and(
            inArray(
              chatSessions.chatUserId,
              db.select({ id: chatUsers.id }).from(chatUsers).where(eq(chatUsers.appId, app.id)),
            ),
            lt(chatSessions.createdAt, at),
          ),
        )
        .returning({ id: chatSessions.id });
      await endSessions(ended.map((row) => row.id));
      return { issuedBefore: at.toISOString() };
    },

    async revokeUser(user: ChatUserRow, issuedBefore: string | undefined): Promise<TRevokeTokensResponse> {
      const [stored] = await db
        .update(chatUsers)
        .set({ loginsRevokedBefore: sql`greatest(${chatUsers.loginsRevokedBefore}, ${revocationTime(issuedBefore)})` })
        .where(eq(chatUsers.id, user.id))
        .returning({ at: chatUsers.loginsRevokedBefore });
      if (!stored?.at) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
      const { at } = stored;
      const ended = await db
        .delete(chatSessions)
        .where(and(eq(chatSessions.chatUserId, user.id), lt(chatSessions.createdAt, at)))
        .returning({ id: chatSessions.id });
      await endSessions(ended.map((row) => row.id));
      return { issuedBefore: at.toISOString() };
    },
  };
}

export type LoginSigning = ReturnType<typeof createLoginSigning>;
