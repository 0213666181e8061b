import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context";
import { type DataImportRow, dataImports } from "./schema";

/**
 * The lease a run of an import holds on its row: one run at a time writes an import, and a run whose process died is
 * taken up by another once its lease has run out.
 */
export function createImportLeases(ctx: Context, leaseMs: number) {
  const { db } = ctx.database;

  /** A run's lease owner: the process's ID first, so an operator can tell which process holds an import. */
  const leaseOwner = () => `${process.pid}:${randomUUID()}`;

  /** Takes an import's lease for a run when no other run holds it; the row as taken, or null. */
  async function claim(
    importId: string,
    statuses: readonly string[],
    owner: string,
    leaseFor = leaseMs,
  ): Promise<DataImportRow | null> {
    const now = ctx.clock.now();
    const [claimed] = await ctx.database.query<{ id: string }>(
      `update data_imports set lease_owner = $2, lease_until = $3, attempts = attempts + 1,
         status = case when status = 'queued' then 'running' else status end,
         started_at = case when status = 'queued' then coalesce(started_at, $4) else started_at end
       where id = $1 and status = any($5) and (lease_until is null or lease_until < $4)
       returning id`,
      [importId, owner, new Date(now.getTime() + leaseFor).toISOString(), now.toISOString(), statuses],
    );
    if (!claimed) return null;
    const [row] = await db.select().from(dataImports).where(eq(dataImports.id, importId)).limit(1);
    return row ?? null;
  }

  async function holdLease(id: string, owner: string, leaseFor = leaseMs): Promise<boolean> {
    const rows = await db
      .update(dataImports)
      .set({ leaseUntil: new Date(ctx.clock.now().getTime() + leaseFor) })
      .where(and(eq(dataImports.id, id), eq(dataImports.leaseOwner, owner)))
      .returning({ id: dataImports.id });
    return rows.length > 0;
  }

  async function fail(id: string, owner: string, code: string, reason: string | null): Promise<void> {
    await db
      .update(dataImports)
      .set({
        status: "failed",
        errorCode: code,
        errorReason: reason,
        credentials: null,
        leaseOwner: null,
        leaseUntil: null,
        completedAt: ctx.clock.now(),
      })
      .where(and(eq(dataImports.id, id), eq(dataImports.leaseOwner, owner)));
  }

  async function release(id: string, owner: string): Promise<void> {
    await db
      .update(dataImports)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(dataImports.id, id), eq(dataImports.leaseOwner, owner)))
      .catch(() => {});
  }

  return { leaseOwner, claim, holdLease, fail, release };
}
