/**
 * The headers of idempotent writes, apart from the key's schema so that the SDKs bundle them without zod. A client
 * sends one key per logical write and the same key again on each retry of it.
 */

/** The request header that carries the key. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set to `true` on an answer the server replays from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
