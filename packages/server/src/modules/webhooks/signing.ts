import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 24;

/** A new signing secret in the Standard Webhooks form: `whsec_` and base64 of random bytes. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A delivery id and `webhook-id`: `msg_` and a ULID (48-bit time, 80 random bits, Crockford base32), so ids of
 * deliveries made later sort later and receivers can keep them as keys for dropping repeats.
 */
export function newDeliveryId(at: Date): string {
  let time = "";
  let ms = at.getTime();
  for (let i = 0; i < 10; i += 1) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  const random = Array.from(randomBytes(16), (byte) => CROCKFORD[byte % 32]).join("");
  return `msg_${time}${random}`;
}

/** One `v1,` signature: HMAC-SHA256 keyed with the secret's decoded bytes over `id.timestamp.body`. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/**
 * The `webhook-signature` header: one signature per valid secret, space-separated, as the specification allows
 * so a receiver that still holds the secret from before a rotation keeps verifying.
 */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => sign(secret, id, timestamp, body)).join(" ");
}
