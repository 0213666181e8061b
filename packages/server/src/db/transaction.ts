import type { Db } from "./client";

/**
 * A handle inside a transaction. Drizzle's transaction object is a full `Db`, so data-access functions take a `Tx` or
 * a `Db` alike and compose inside one transaction; the name says which one a caller is expected to pass.
 */
export type Tx = Db;

/** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
export function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
