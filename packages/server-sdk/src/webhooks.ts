import { createHmac, timingSafeEqual } from "node:crypto";
import type { TAnyWebhookPayload } from "@parley/contract";

/** Why a delivery was refused: its signature, its timestamp or its headers. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

/** The headers of a delivery: a fetch `Headers`, or Node's `IncomingHttpHeaders` (names in lower case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far the delivery's `webhook-timestamp` may be from now, either way. Default 300 s. */
  toleranceSeconds?: number;
  /** The time to check against; the current time unless given. */
  now?: Date;
}

const SECRET_PREFIX = "whsec_";
const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (!first) throw new WebhookVerificationError(`the delivery has no ${name} header`);
  return first;
}

/**
 * Checks a webhook delivery as the Standard Webhooks specification describes it and returns its event. The
 * `webhook-signature` header holds one or more `v1,<base64>` signatures (two for a day after the secret was rotated),
 * each an HMAC-SHA256 keyed with the secret's decoded bytes over `<webhook-id>.<webhook-timestamp>.<body>`; one must
 * match. A timestamp further than `toleranceSeconds` from now is refused, so a captured delivery cannot be replayed
 * later. `rawBody` must be the body exactly as received: parsed and serialized again, it no longer matches.
 *
 * Throws {@link WebhookVerificationError} for a delivery that fails any check. A delivery may arrive twice (after a
 * receiver's timed-out answer): keep `webhook-id` to handle each once.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): TAnyWebhookPayload {
  const id = header(headers, "webhook-id");
  const timestampText = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!/^\d+$/.test(timestampText)) throw new WebhookVerificationError("the webhook-timestamp is not a number");
  const timestamp = Number(timestampText);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError(`the webhook-timestamp is more than ${tolerance} s from now`);
  }
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestampText}.${body}`).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError("no signature of the delivery matches the secret");
  try {
    return JSON.parse(body) as TAnyWebhookPayload;
  } catch {
    throw new WebhookVerificationError("the delivery's body is not JSON");
  }
}
