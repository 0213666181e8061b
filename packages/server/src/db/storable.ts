/**
 * A lone UTF-16 surrogate (half of a pair, which JSON carries as `"\ud800"`), which no `jsonb` holds. With the `u`
 * flag a well-formed pair is one code point, so only an unpaired half is in category Cs.
 */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * `text` with every character PostgreSQL refuses replaced by U+FFFD: NUL, which no `text` holds, and lone surrogates. For what the server keeps of a request as it
 * came (the audit log's copy of the body, a stored answer that echoes a field's name): validated input never holds
 * such a character, but a route that takes no body still receives one, and keeping a record of it must not fail
 * the request.
 */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "\ufffd").replace(LONE_SURROGATE, "\ufffd");
}

/** `value` (parsed JSON) with `storableText` applied to every string in it, object keys included. */
export function storableJson(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value === null || typeof value !== "object") return value;
  // fromEntries defines each key as its own property: a key named `__proto__` stays a key.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)]));
}
