import { STATUS_CODES } from "node:http";

/**
 * What of a remote service's answer may reach a customer (an API answer, the push log, the webhook log). A body is
 * never quoted raw: were a request to land somewhere it should not, the answer would carry that place's data. A
 * failure is told by its status, or by a field of the service's documented error shape, cleaned and shortened.
 */

/** Long enough for Google's longest explanations (a disabled API names the console page), short of a dump. */
export const REMOTE_REASON_MAX = 240;

/** C0 and C1 controls and the bidirectional marks and overrides, which could disguise what a log line says. */
function isUnsafe(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}

/** `HTTP 503 Service Unavailable`; a 3xx says it was not followed. */
export function statusReason(status: number): string {
  const phrase = STATUS_CODES[status];
  const base = phrase ? `HTTP ${status} ${phrase}` : `HTTP ${status}`;
  return status >= 300 && status < 400 ? `${base}; redirects are not followed` : base;
}

/**
 * A field read from a remote service's documented error shape (Google's `error.message`, OAuth's
 * `error_description`), made one short line; null when it is not a non-empty string.
 */
export function remoteReason(value: unknown, max = REMOTE_REASON_MAX): string | null {
  if (typeof value !== "string") return null;
  const line = Array.from(value, (char) => (isUnsafe(char) ? " " : char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return line === "" ? null : cut(line, max);
}

/**
 * The start of a webhook receiver's answer, for the delivery log: its first `max` characters, line breaks kept.
 * Receivers are the customer's own endpoints, reached only through the outbound guard, and showing their answer
 * is what the log is for.
 */
export function remoteExcerpt(body: string, max: number): string {
  return Array.from(body)
    .filter((char) => char === "\n" || char === "\t" || !isUnsafe(char))
    .slice(0, max)
    .join("");
}
