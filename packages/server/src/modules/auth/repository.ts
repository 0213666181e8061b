import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AccountRow, accounts, oneTimeCodes, sessions } from "./schema";

export type CodePurpose = "verify_email" | "reset_password" | "sign_in";

const HOUR_MS = 60 * 60 * 1000;

export function createAuthRepository(db: Db) {
  return {
    async findAccountByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
      return row;
    },

    async findAccountByMarketplaceCustomer(customerId: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.marketplaceCustomerId, customerId)).limit(1);
      return row;
    },

    async findAccountById(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
      return row;
    },

    async insertAccount(values: typeof accounts.$inferInsert): Promise<AccountRow> {
      const [row] = await db.insert(accounts).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    async updateAccount(id: string, values: Partial<typeof accounts.$inferInsert>): Promise<void> {
      await db.update(accounts).set(values).where(eq(accounts.id, id));
    },

    /**
     * Counts one failed login and returns the new count, locking the account when it reaches `lockAt`. One statement,
     * so concurrent wrong passwords cannot push the count past `lockAt`; a locked account is not counted further.
     */
    async recordFailedLogin(id: string, now: Date, lockAt: number): Promise<number> {
      const [row] = await db
        .update(accounts)
        .set({
          failedLoginCount: sql`least(${accounts.failedLoginCount} + 1, ${lockAt})`,
          lockedAt: sql`case when ${accounts.failedLoginCount} + 1 >= ${lockAt} then ${now.toISOString()}::timestamptz end`,
        })
        .where(and(eq(accounts.id, id), isNull(accounts.lockedAt)))
        .returning({ count: accounts.failedLoginCount });
      return row?.count ?? lockAt;
    },

    /**
     * Clears the failed-login count of an account that is not locked, and says whether it was not: a right password
     * that raced a burst of wrong ones must not open a session once the burst has locked the account.
     */
    async admitLogin(id: string): Promise<boolean> {
      const [row] = await db
        .update(accounts)
        .set({ failedLoginCount: 0 })
        .where(and(eq(accounts.id, id), isNull(accounts.lockedAt)))
        .returning({ id: accounts.id });
      return row !== undefined;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async findSession(tokenHash: string) {
      const [row] = await db
        .select({ session: sessions, account: accounts })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async touchSession(id: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    },

    async sessionsOf(accountId: string) {
      return db.select().from(sessions).where(eq(sessions.accountId, accountId)).orderBy(desc(sessions.lastUsedAt));
    },

    /** Deletes the account's session with this id; false when it has none such. */
    async deleteSessionOf(accountId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.accountId, accountId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return gone.length > 0;
    },

    async deleteAllSessionsOf(accountId: string): Promise<number> {
      const gone = await db.delete(sessions).where(eq(sessions.accountId, accountId)).returning({ id: sessions.id });
      return gone.length;
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteSessionsOf(accountId: string, exceptSessionId?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.accountId, accountId), ne(sessions.id, exceptSessionId))
            : eq(sessions.accountId, accountId),
        );
    },

    /** Issues a code and retires the earlier unused codes of the same purpose: only the newest link works. */
    async replaceCode(accountId: string, purpose: CodePurpose, codeHash: string, now: Date, expiresAt: Date) {
      await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(
          and(eq(oneTimeCodes.accountId, accountId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
        );
      await db.insert(oneTimeCodes).values({ accountId, purpose, codeHash, createdAt: now, expiresAt });
    },

    /**
     * `replaceCode`, unless the account's codes of `purpose` are coming too fast: one made less than `spacingMs`
     * ago, or `perHour` made in the past hour. Then nothing changes, so the code last mailed stays the valid one,
     * and false is answered. The account's row is locked while the codes are counted, so requests arriving at
     * once are counted one after another rather than all passing together.
     */
    async replaceCodeUnlessThrottled(
      accountId: string,
      purpose: CodePurpose,
      codeHash: string,
      now: Date,
      expiresAt: Date,
      limits: { spacingMs: number; perHour: number },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
        const recent = await tx
          .select({ createdAt: oneTimeCodes.createdAt })
          .from(oneTimeCodes)
          .where(
            and(
              eq(oneTimeCodes.accountId, accountId),
              eq(oneTimeCodes.purpose, purpose),
              gt(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
            ),
          )
          .orderBy(desc(oneTimeCodes.createdAt));
        const latest = recent[0]?.createdAt;
        if (recent.length >= limits.perHour) return false;
        if (latest && now.getTime() - latest.getTime() < limits.spacingMs) return false;
        await tx
          .update(oneTimeCodes)
          .set({ usedAt: now })
          .where(
            and(eq(oneTimeCodes.accountId, accountId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
          );
        await tx.insert(oneTimeCodes).values({ accountId, purpose, codeHash, createdAt: now, expiresAt });
        return true;
      });
    },

    async findCode(accountId: string, purpose: CodePurpose, codeHash: string) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.accountId, accountId),
            eq(oneTimeCodes.purpose, purpose),
            eq(oneTimeCodes.codeHash, codeHash),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks a code used; false when another request used it first. */
    async useCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },

    /** An account's codes of one purpose, oldest first. */
    codesOf(accountId: string, purpose: CodePurpose): Promise<{ expiresAt: Date; usedAt: Date | null }[]> {
      return db
        .select({ expiresAt: oneTimeCodes.expiresAt, usedAt: oneTimeCodes.usedAt })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.accountId, accountId), eq(oneTimeCodes.purpose, purpose)))
        .orderBy(asc(oneTimeCodes.createdAt));
    },

    /** The sub-accounts made for an app, oldest first. */
    subAccountsOf(appId: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(accounts)
        .where(and(eq(accounts.kind, "subaccount"), eq(accounts.subAccountAppId, appId)))
        .orderBy(asc(accounts.createdAt));
    },

    async findSubAccount(appId: string, id: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, id), eq(accounts.kind, "subaccount"), eq(accounts.subAccountAppId, appId)))
        .limit(1);
      return row;
    },

    /** Removes an account; its sessions, codes and what else references it go by the foreign keys' cascades. */
    async deleteAccount(id: string): Promise<void> {
      await db.delete(accounts).where(eq(accounts.id, id));
    },

    async deleteUnverifiedBefore(cutoff: Date): Promise<string[]> {
      const rows = await db
        .delete(accounts)
        .where(and(isNull(accounts.emailVerifiedAt), lt(accounts.createdAt, cutoff), eq(accounts.kind, "ordinary")))
        .returning({ email: accounts.email });
      return rows.map((r) => r.email);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
