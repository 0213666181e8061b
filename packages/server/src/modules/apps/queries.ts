import { type AnyColumn, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AccountRow, findAccount } from "../auth";
import { type AppRow, apps } from "./schema";

/** An app as stored now, bypassing the read cache: for jobs that must see a rename at once. */
export async function findApp(db: Db, appId: string): Promise<AppRow | undefined> {
  const [row] = await db.select().from(apps).where(eq(apps.id, appId)).limit(1);
  return row;
}

/**
 * Whether the app `appId` names still exists, as a condition of another module's statement: an app goes with its
 * account, and rows that name it without a foreign key (chat events) outlive it.
 */
export const appExists = (appId: AnyColumn | SQL): SQL =>
  sql`exists (select 1 from ${apps} where ${apps.id} = ${appId})`;

/** An account's own apps, oldest first, as reports list them. */
export function appsOwnedBy(db: Db, accountId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: apps.id, name: apps.name })
    .from(apps)
    .where(eq(apps.accountId, accountId))
    .orderBy(asc(apps.createdAt), asc(apps.name));
}

/** An app and the account that owns it, for what is written to the owner (mail, push texts) in their language. */
export async function findAppWithOwner(db: Db, appId: string): Promise<{ app: AppRow; owner: AccountRow } | undefined> {
  const app = await findApp(db, appId);
  const owner = app ? await findAccount(db, app.accountId) : undefined;
  return app && owner ? { app, owner } : undefined;
}

/** The ids of an account's own apps, as a subquery another module's query filters by. */
export function appIdsOwnedBy(db: Db, accountId: string) {
  return db.select({ id: apps.id }).from(apps).where(eq(apps.accountId, accountId));
}

/** The apps of any of these accounts, oldest first. */
export async function appsOfAccounts(
  db: Db,
  accountIds: string[],
): Promise<{ id: string; accountId: string; name: string; createdAt: Date; deactivatedAt: Date | null }[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({
      id: apps.id,
      accountId: apps.accountId,
      name: apps.name,
      createdAt: apps.createdAt,
      deactivatedAt: apps.deactivatedAt,
    })
    .from(apps)
    .where(inArray(apps.accountId, accountIds))
    .orderBy(asc(apps.createdAt));
}
