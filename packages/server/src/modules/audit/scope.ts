import { AsyncLocalStorage } from "node:async_hooks";
import { AUDIT_MASK, type TAuditActorKind, type TAuditChange } from "@parley/contract";
import { storableText } from "../../db/storable";

/** Who is changing things, as the log names them. */
export interface AuditActor {
  kind: TAuditActorKind;
  id: string;
  label: string;
}

/** What the log knows of a request before it changes anything; the actor is read once it is known. */
export interface AuditRequest {
  actor: () => AuditActor | null;
  accountId: () => string | null;
  appId: string | null;
  ip: string | null;
  action: string;
  path: string;
  request: Record<string, unknown>;
}

/**
 * A request being audited. Its entry is inserted by the first transaction that changes a table worth logging, and
 * each later transaction of the request adds its changes to the same entry, in that transaction, so an entry and the
 * changes it lists always commit together.
 */
export interface AuditScope extends AuditRequest {
  /** Set once the transaction that inserted the entry has committed. */
  entryId: string | null;
}

const auditStorage = new AsyncLocalStorage<AuditScope>();

/** The scope of the request running now, when it is audited. */
export const currentAuditScope = (): AuditScope | undefined => auditStorage.getStore();

/**
 * How long the storage stays on after the last audited request ended: longer than any work a request leaves running
 * after its handler (a receipt sent on its own), so that work still finds the scope it began in.
 */
export const AUDIT_SCOPE_LINGER_MS = 2_000;

/**
 * Audited requests whose handler has not finished. On Node 20, an `AsyncLocalStorage` that has been entered once
 * runs a hook on every promise the process makes from then on, whoever makes it: about 5 % of the time of a chat
 * message's send, which is never audited. So the storage is turned off once no audited request has been under way
 * for `AUDIT_SCOPE_LINGER_MS`, and on again by the next one; a process serving only chat users pays nothing.
 */
let openScopes = 0;
let turningOff: NodeJS.Timeout | null = null;
/** Whether the storage is on: the next `run` turns it on, `disable()` off. */
let storageOn = false;

/** Runs `work`, and everything it sets going, in `scope`; `closeAuditScope` must follow once per call. */
export function openAuditScope<T>(scope: AuditScope, work: () => T): T {
  openScopes++;
  if (turningOff) {
    clearTimeout(turningOff);
    turningOff = null;
  }
  storageOn = true;
  return auditStorage.run(scope, work);
}

/** An audited request's handler has finished. */
export function closeAuditScope(): void {
  openScopes = Math.max(0, openScopes - 1);
  if (openScopes > 0 || turningOff) return;
  turningOff = setTimeout(() => {
    turningOff = null;
    if (openScopes === 0) {
      auditStorage.disable();
      storageOn = false;
    }
  }, AUDIT_SCOPE_LINGER_MS);
  turningOff.unref();
}

/** Audited requests whose scope is open now: for tests. */
export const openAuditScopeCount = (): number => openScopes;

/**
 * Whether the storage, and with it the promise hook, is on: for tests. Node 20 and 22 say so themselves (a private
 * `enabled` field, read so that the test checks the storage and not only this module's bookkeeping); Node 24's
 * storage, built on AsyncContextFrame, has no such field and no promise hook, so there the bookkeeping answers.
 */
export const auditStorageEnabled = (): boolean =>
  (auditStorage as unknown as { enabled?: boolean }).enabled ?? storageOn;

/**
 * Tables whose writes are bookkeeping, not changes a customer asks who made: sessions and their marks, counters,
 * queues, delivery and push attempt logs, replay records, sent mail, the log itself. A request that writes only these
 * leaves no entry.
 */
export const UNLOGGED_TABLES: ReadonlySet<string> = new Set([
  "audit_log",
  "sessions",
  "one_time_codes",
  "daily_metrics",
  "daily_user_activity",
  "daily_reports_sent",
  "chat_login_tokens",
  "chat_sessions",
  "chat_events",
  "chat_event_horizons",
  "event_outbox",
  "jobs",
  "job_schedules",
  "idempotency_keys",
  "sent_mail",
  "push_attempts",
  "push_channel_throttle",
  "webhook_deliveries",
  "webhook_attempts",
  "message_translations",
  "link_preview_cache",
  "sandbox_gateway_cards",
  "sandbox_gateway_charges",
  "card_sessions",
]);

/** Names of values never written to the log as they are: passwords, secrets, keys, tokens and their hashes. */
const SECRET_NAME =
  /pass(word)?|secret|token|hash|private_?key|server_?key|api_?key|credential|^key$|fcm_?key|turn_?secret/i;
/** A changed row can be large (a keyword list, a recipient file): values are cut to this many characters. */
const TEXT_MAX = 2_000;
const ARRAY_MAX = 50;

/**
 * `value` with every secret-named field masked, long texts and lists cut, and every text and key made storable
 * (`storableText`): safe to store and show. A request's body reaches here as sent when its route takes none, and
 * a cut can halve a surrogate pair; what the log keeps must never be what fails the request.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return storableText(value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}…` : value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value !== "object") return value;
  if (depth > 6) return "…";
  if (Array.isArray(value)) {
    const shown = value.slice(0, ARRAY_MAX).map((item) => maskSecrets(item, depth + 1));
    return value.length > ARRAY_MAX ? [...shown, `… ${value.length - ARRAY_MAX} more`] : shown;
  }
  if (typeof (value as { getSQL?: unknown }).getSQL === "function") return "(expression)";
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[storableText(key)] =
      SECRET_NAME.test(key) && field !== null && field !== "" ? AUDIT_MASK : maskSecrets(field, depth + 1);
  }
  return out;
}

/** Changes as stored: secrets masked, unlogged tables left out. */
export function loggedChanges(changes: TAuditChange[]): TAuditChange[] {
  return changes
    .filter((change) => !UNLOGGED_TABLES.has(change.table))
    .map((change) => ({
      ...change,
      before: change.before ? (maskSecrets(change.before) as Record<string, unknown>[]) : null,
      after: maskSecrets(change.after),
    }));
}
