import { errorCatalogue, isErrorCode, type TWebhookEvent } from "@parley/contract";
import { ApiError } from "@/lib/api-client";

/** The i18n key of an event's name; the event's dots nest like the locale files do (`message.created`). */
export function eventNameKey(event: TWebhookEvent): string {
  return `webhooks.events.${event}`;
}

/**
 * Why a test send failed, in the receiver's or the network's own words: the server puts them in `data.reason`
 * or, failing that, in the message (which then differs from the catalogue's description of the code).
 */
export function failureReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.data?.reason) return error.data.reason;
  const description = isErrorCode(error.code) ? errorCatalogue[error.code].description : "";
  return error.message && error.message !== description ? error.message : null;
}
