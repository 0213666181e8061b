import {
  AUDIT_EXPORT_MAX,
  AUDIT_RETENTION_DAYS,
  Errors,
  type TAuditChange,
  type TAuditEntry,
  type TAuditPage,
  type TAuditQuery,
} from "@parley/contract";
import { and, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import { type AuditRow, auditLog } from "./schema";
import type { AuditScope } from "./scope";

function toEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    appId: row.appId,
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    ip: row.ip,
    action: row.action,
    path: row.path,
    status: row.status,
    request: row.request,
    changes: row.changes,
  };
}

type Filters = Omit<TAuditQuery, "cursor" | "limit">;

function filtersOf(query: Filters): SQL | undefined {
  const q = query.q ? likePattern(query.q) : null;
  return and(
    query.actorKind ? eq(auditLog.actorKind, query.actorKind) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
    q
      ? or(
          sql`${auditLog.actorLabel} ilike ${q}`,
          sql`${auditLog.action} ilike ${q}`,
          sql`${auditLog.path} ilike ${q}`,
          sql`${auditLog.request}::text ilike ${q}`,
          sql`${auditLog.changes}::text ilike ${q}`,
        )
      : undefined,
  );
}

/** The audit log: entries written by the audited database handle, read by app or by account, and kept a year. */
export function createAuditService(ctx: Context, deps: { apps: AppService }) {
  const { db } = ctx.database;

  async function page(owner: SQL, query: TAuditQuery): Promise<TAuditPage> {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(owner, filtersOf(query), pastCursor(decodeCursor(query.cursor), auditLog.at, auditLog.id, "desc")))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit + 1);
    const { items, nextCursor } = pageOf(rows, query.limit, (row) => ({ at: row.at, id: row.id }));
    return { entries: items.map(toEntry), nextCursor };
  }

  async function all(owner: SQL, query: Filters): Promise<TAuditEntry[]> {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(owner, filtersOf(query)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_EXPORT_MAX);
    return rows.map(toEntry);
  }

  function accountOwner(auth: Authenticated): SQL {
    if (auth.account.kind !== "ordinary") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
    return eq(auditLog.accountId, auth.account.id);
  }

  return {
    /**
     * Writes `changes` to the request's entry in `tx`, the transaction that made them: the entry is inserted by the
     * first such transaction and added to by each later one. Answers the entry's id.
     */
    async flush(tx: Db, scope: AuditScope, changes: TAuditChange[]): Promise<string> {
      if (scope.entryId) {
        await tx
          .update(auditLog)
          .set({ changes: sql`${auditLog.changes} || ${JSON.stringify(changes)}::jsonb` })
          .where(eq(auditLog.id, scope.entryId));
        return scope.entryId;
      }
      const actor = scope.actor();
      // An audited route runs its handler only once its caller is known; a write with none is a fault to surface.
      if (!actor) throw new Error(`an audited change of ${scope.action} has no actor`);
      const [row] = await tx
        .insert(auditLog)
        .values({
          accountId: scope.accountId(),
          appId: scope.appId,
          at: ctx.clock.now(),
          actorKind: actor.kind,
          actorId: actor.id,
          actorLabel: actor.label,
          ip: scope.ip,
          action: scope.action,
          path: scope.path,
          status: null,
          request: scope.request,
          changes,
        })
        .returning({ id: auditLog.id });
      return (row as { id: string }).id;
    },

    /** The answer's status, once sent: written after the change, so it alone may be missing after a crash. */
    async finish(entryId: string, status: number): Promise<void> {
      await db.update(auditLog).set({ status }).where(eq(auditLog.id, entryId));
    },

    async appLog(auth: Authenticated, appId: string, query: TAuditQuery): Promise<TAuditPage> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return page(eq(auditLog.appId, app.id), query);
    },

    async appExport(auth: Authenticated, appId: string, query: Filters): Promise<TAuditEntry[]> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return all(eq(auditLog.appId, app.id), query);
    },

    /** The whole account's log: its own settings, its apps, and what administrators did to it. */
    async accountLog(auth: Authenticated, query: TAuditQuery): Promise<TAuditPage> {
      return page(accountOwner(auth), query);
    },

    async accountExport(auth: Authenticated, query: Filters): Promise<TAuditEntry[]> {
      return all(accountOwner(auth), query);
    },

    /**
     * An entry for what an app's moderation rule did on its own, outside any audited request (a user's send is not
     * audited): the rule is the actor, and the entry has no changes listed, only what was done to whom.
     */
    async recordRuleAction(entry: {
      app: { id: string; accountId: string };
      rule: { id: string; name: string };
      action: string;
      path: string;
      request: Record<string, unknown>;
    }): Promise<void> {
      await db.insert(auditLog).values({
        accountId: entry.app.accountId,
        appId: entry.app.id,
        at: ctx.clock.now(),
        actorKind: "rule",
        actorId: entry.rule.id,
        actorLabel: entry.rule.name,
        ip: null,
        action: entry.action,
        path: entry.path,
        status: null,
        request: entry.request,
        changes: [],
      });
    },

    /** Removes entries older than the retention period; answers how many. */
    async prune(): Promise<number> {
      const cutoff = new Date(ctx.clock.now().getTime() - AUDIT_RETENTION_DAYS * 86_400_000);
      const removed = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
      return removed.length;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
