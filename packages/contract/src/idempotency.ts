import { z } from "zod";

/**
 * Idempotent dashboard writes. A mutating `/api` request made with a dashboard session may carry an
 * `Idempotency-Key`; the server runs the first request with a key and answers every repeat (same key, same route,
 * same body) with the first answer, so a request sent again after its answer was lost changes nothing twice.
 */

export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "./idempotency-header";
/** The longest key the server accepts; a UUID (36) fits with room for a prefix. */
export const IDEMPOTENCY_KEY_MAX = 64;
/** How long an answer is kept for replay; after that the key is free again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** Letters, digits, `.`, `_`, `:`, `-`: the same alphabet as a chat message's `clientMessageId`. */
export const zIdempotencyKey = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[A-Za-z0-9._:-]+$/);
