import { Errors, type TWebhookAttempt, type TWebhookDelivery, type TWebhookSettings } from "@parley/contract";
import { cursorTime } from "../../chat/cursor";
import { AppError } from "../../errors";
import { statusReason } from "../../integrations/remote-text";
import type { webhookAttempts, webhookDeliveries, webhookSettings } from "./schema";
import type { SendResult } from "./sender";

export type SettingsRow = typeof webhookSettings.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export const isActiveRow = (row: SettingsRow) => row.enabled && row.url !== "" && row.events.length > 0;

export function toAttempt(row: AttemptRow): TWebhookAttempt {
  return {
    attemptedAt: row.attemptedAt.toISOString(),
    httpStatus: row.httpStatus,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
  };
}

export function toDelivery(row: DeliveryRow, lastAttempt: AttemptRow | null): TWebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    eventId: row.eventId === null ? null : String(row.eventId),
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastAttempt: lastAttempt ? toAttempt(lastAttempt) : null,
  };
}

/** Why an attempt failed, in words for the log and the test-send error. */
export function failureReason(result: SendResult): string {
  if (result.error) return result.error;
  return result.httpStatus === null
    ? "the receiver did not answer"
    : `the receiver answered ${statusReason(result.httpStatus)}`;
}

/** Delivery cursors carry a `msg_` id, not a uuid, so they are checked here rather than by `decodeCursor`. */
export function decodeDeliveryCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = cursorTime(at);
  if (!id || !createdAt || !/^msg_[0-9A-Z]{26}$/.test(id)) throw new AppError(Errors.INVALID_REQUEST);
  return { createdAt, id };
}

/** A non-2xx answer is logged by its status alone; `error` says what the status cannot. */
export function attemptFields(result: SendResult) {
  const isRedirect = result.httpStatus !== null && result.httpStatus >= 300 && result.httpStatus < 400;
  return {
    httpStatus: result.httpStatus,
    durationMs: result.durationMs,
    responseExcerpt: result.responseExcerpt,
    error: result.error ?? (isRedirect ? "redirects are not followed" : null),
  };
}

/** The previous secret while it still signs, with its expiry. */
export function previousSecretOf(row: SettingsRow, now: Date): { secret: string; expiresAt: Date } | null {
  const { previousSecret, previousSecretExpiresAt } = row;
  return previousSecret && previousSecretExpiresAt && previousSecretExpiresAt > now
    ? { secret: previousSecret, expiresAt: previousSecretExpiresAt }
    : null;
}

export function toSettings(row: SettingsRow, now: Date): TWebhookSettings {
  return {
    url: row.url,
    events: row.events,
    secret: row.secret,
    previousSecretExpiresAt: previousSecretOf(row, now)?.expiresAt.toISOString() ?? null,
  };
}
