import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AccountRow, accounts } from "./schema";

export type AccountPatch = Partial<typeof accounts.$inferInsert>;

/**
 * One account. `forUpdate` locks its row until the caller's transaction ends (pass the `tx`): what serializes the
 * writes that must see one account's state at a time (app counts, invoicing, plan changes).
 */
export async function findAccount(
  db: Db,
  accountId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AccountRow | undefined> {
  const query = db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Changes an account's columns; undefined when there is no such account. */
export async function updateAccount(db: Db, accountId: string, patch: AccountPatch): Promise<AccountRow | undefined> {
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, accountId)).returning();
  return row;
}

/** Accounts by id; ids of accounts that no longer exist are simply absent. */
export async function findAccountsByIds(db: Db, ids: string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
}

/** Each account's language, for mail written to it; accounts that no longer exist are absent. */
export async function accountLanguages(db: Db, accountIds: string[]): Promise<Map<string, AccountRow["language"]>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, language: accounts.language })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
  return new Map(rows.map((row) => [row.id, row.language]));
}

/** Customer companies (no sub-accounts, no admins), narrowed by an `ilike` pattern on company, email or name. */
export function findCompanies(db: Db, pattern: string | null): Promise<AccountRow[]> {
  return db
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
}

/** The sub-accounts made for any of these apps. */
export async function subAccountsOfApps(db: Db, appIds: string[]): Promise<AccountRow[]> {
  if (appIds.length === 0) return [];
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.kind, "subaccount"), inArray(accounts.subAccountAppId, appIds)));
}

/** Changes the account with this email (as stored: lower case); undefined when there is none. */
export async function updateAccountByEmail(
  db: Db,
  email: string,
  patch: AccountPatch,
): Promise<AccountRow | undefined> {
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.email, email)).returning();
  return row;
}
