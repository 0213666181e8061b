import { z } from "zod";

/**
 * The audit log: every change made through the dashboard API, and by an app's API keys to its users, channels,
 * members and moderation, with who made it, from where, and the rows it changed as they were and as they were set.
 */

/** Entries are kept this long, then removed by a daily job. */
export const AUDIT_RETENTION_DAYS = 365;
/** Who made a change: a dashboard account (owner, sub-account, marketplace account), an administrator, or an API key. */
/** `rule`: an app's moderation rule acting on its own (a mute, a ban), its id and name as the actor. */
export const AUDIT_ACTOR_KINDS = ["account", "subaccount", "admin", "apiKey", "rule"] as const;
export type TAuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
/** What a secret, a password or a key is written as in the log. */
export const AUDIT_MASK = "••••";

export const zAuditChange = z.object({
  table: z.string(),
  op: z.enum(["insert", "update", "delete", "sql"]),
  /** Rows as they were, for an update or a delete. */
  before: z.array(z.record(z.string(), z.unknown())).nullable(),
  /** What was written: the values of an insert or the columns an update set. */
  after: z.unknown().nullable(),
  /** Rows an update or a delete touched beyond those listed in `before`. */
  more: z.number().int(),
});
export type TAuditChange = z.infer<typeof zAuditChange>;

export const zAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  appId: z.string().nullable(),
  actor: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), id: z.string(), label: z.string() }),
  ip: z.string().nullable(),
  /** The route, as `METHOD /pattern`: `PUT /api/apps/:id/webhook/settings`. */
  action: z.string(),
  /** The address called. */
  path: z.string(),
  /** The answer's HTTP status; null while unknown (the process stopped before answering). */
  status: z.number().int().nullable(),
  /** The request's body and path parameters, secrets masked. */
  request: z.record(z.string(), z.unknown()),
  changes: z.array(zAuditChange),
});
export type TAuditEntry = z.infer<typeof zAuditEntry>;

export const zAuditQuery = z.object({
  /** Words found in the actor, the action, the address, the request or the changes. */
  q: z.string().trim().max(100).optional(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TAuditQuery = z.infer<typeof zAuditQuery>;
export const zAuditExportQuery = zAuditQuery.omit({ cursor: true, limit: true });
export const zAuditPage = z.object({ entries: z.array(zAuditEntry), nextCursor: z.string().nullable() });
export type TAuditPage = z.infer<typeof zAuditPage>;

/** The audit log's paths, relative to `/api`: one app's, and the whole account's (its apps and its own settings). */
export const auditApi = {
  app: "/apps/:id/audit",
  appExport: "/apps/:id/audit/export",
  account: "/account/audit",
  accountExport: "/account/audit/export",
} as const;
/** The most entries one CSV export holds; narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 10_000;
