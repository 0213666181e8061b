import { createHash, randomUUID, sign } from "node:crypto";
import { OutboundError, type OutboundGuard } from "./outbound";
import { remoteReason, statusReason } from "./remote-text";

/**
 * Apple Push Notification service, called directly over HTTP/2 with token-based authentication: an ES256 JWT made
 * from the team's `.p8` key, sent as the bearer of each request (Apple's "Establishing a token-based connection").
 */

/** A key as APNs takes it. The push module stores it in this shape; the client keeps its own declaration. */
export interface ApnsCredential {
  /** The `.p8` file's contents: an EC P-256 private key in PKCS#8 PEM. */
  privateKey: string;
  keyId: string;
  teamId: string;
  /** The app's bundle ID: every request's `apns-topic`. */
  bundleId: string;
  environment: "sandbox" | "production";
}

/** One notification to one device. Empty `sound` is left out; a null `badge` too. */
export interface ApnsNotification {
  token: string;
  title: string;
  body: string;
  sound: string;
  badge: number | null;
  /** Sent beside `aps` as the payload's own keys, where the app reads them (`channelId`, `messageId`…). */
  data: Record<string, string>;
  /** Groups the notifications of one conversation on the lock screen (`thread-id`). */
  threadId: string | null;
  /** A later notification with the same id replaces this one on the device (`apns-collapse-id`). */
  collapseId: string | null;
}

/**
 * `invalid_token`: Apple will never deliver to this token for this topic, so the device should be forgotten;
 * `retry`: Apple is busy or failing (429, 5xx) or was not reached, and the same notification may be sent later.
 */
export interface ApnsResult {
  status: "sent" | "failed" | "invalid_token" | "retry";
  httpStatus: number | null;
  /** Apple's `reason`, or why Apple was not reached; null when sent. */
  reason: string | null;
  /** The `apns-id` Apple answered with, else the one sent. */
  apnsId: string | null;
  /** What the push log shows: the `apns-id` of a sent notification, else the reason. */
  response: string;
}

export interface ApnsClient {
  /** Never throws: every failure, the network's included, comes back as a result. */
  send(credential: ApnsCredential, notification: ApnsNotification): Promise<ApnsResult>;
}

/** Apple's hosts, each environment its own; a test points them at a local stand-in. */
export const APNS_HOSTS = {
  sandbox: "https://api.sandbox.push.apple.com",
  production: "https://api.push.apple.com",
} as const;

/** Apple keeps an answer well under a second; ten leave room for a slow network without holding a job for long. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** Apple's answers are a small JSON object or nothing; a bigger one is not theirs and is not read further. */
const ANSWER_MAX_BYTES = 16 * 1024;
/**
 * A provider token is used for 50 minutes, then replaced: Apple refuses one older than an hour
 * (`ExpiredProviderToken`), and answers `TooManyProviderTokenUpdates` to one replaced within 20 minutes.
 */
export const APNS_TOKEN_LIFETIME_MS = 50 * 60_000;
const TOKEN_MIN_AGE_MS = 20 * 60_000;
/** How long Apple keeps trying a device that is off: a chat notification a day old is news no more. */
const EXPIRATION_SECONDS = 24 * 3600;
/** Apple refuses a payload over 4 KB; the body is shortened to fit rather than the notification lost. */
const PAYLOAD_MAX_BYTES = 4096;
/** Apple's reasons that mean the token will never work for this app: the device is forgotten. */
const DEAD_TOKEN_REASONS = new Set(["Unregistered", "BadDeviceToken", "DeviceTokenNotForTopic", "ExpiredToken"]);

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The provider token: ES256 (P-256, SHA-256, the signature as r‖s per JWS) over `{alg, kid}` and `{iss, iat}`. */
export function apnsProviderToken(credential: Pick<ApnsCredential, "privateKey" | "keyId" | "teamId">, iat: number) {
  const header = base64url(JSON.stringify({ alg: "ES256", kid: credential.keyId }));
  const claims = base64url(JSON.stringify({ iss: credential.teamId, iat }));
  const signature = sign("sha256", Buffer.from(`${header}.${claims}`), {
    key: credential.privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `${header}.${claims}.${base64url(signature)}`;
}

/** The APNs JSON payload: `aps` with the alert, and the app's own keys beside it, within Apple's 4 KB. */
export function apnsPayload(n: ApnsNotification): string {
  const build = (body: string) => {
    const aps: Record<string, unknown> = { alert: { title: n.title, body } };
    if (n.badge !== null) aps.badge = n.badge;
    if (n.sound) aps.sound = n.sound;
    if (n.threadId) aps["thread-id"] = n.threadId;
    return JSON.stringify({ ...n.data, aps });
  };
  let payload = build(n.body);
  let chars = Array.from(n.body);
  // A character takes 1 to 12 bytes of JSON (an escaped surrogate pair), so cutting a twelfth of the excess never
  // cuts more than needed.
  for (let over = Buffer.byteLength(payload) - PAYLOAD_MAX_BYTES; over > 0 && chars.length > 0; ) {
    chars = chars.slice(0, -Math.ceil(over / 12));
    payload = build(`${chars.join("")}…`);
    over = Buffer.byteLength(payload) - PAYLOAD_MAX_BYTES;
  }
  return payload;
}

export function createApnsClient(options: {
  /** Where each environment's requests go: Apple's hosts, or a stand-in's. */
  baseUrls: Record<ApnsCredential["environment"], string>;
  outbound: OutboundGuard;
  timeoutMs?: number;
  /** Wall-clock milliseconds: Apple checks `iat` against its own clock, not the app's. */
  now?: () => number;
}): ApnsClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const tokens = new Map<string, { jwt: string; issuedAt: number }>();

  /** A replaced key (same key ID, new file) must not reuse the old token, nor the key sit in memory as a map key. */
  const cacheKey = (credential: ApnsCredential) =>
    createHash("sha256")
      .update(`${credential.teamId}\u0000${credential.keyId}\u0000${credential.privateKey}`)
      .digest("hex");

  function providerToken(credential: ApnsCredential): string {
    const key = cacheKey(credential);
    const cached = tokens.get(key);
    const at = now();
    if (cached && at - cached.issuedAt < APNS_TOKEN_LIFETIME_MS) return cached.jwt;
    const jwt = apnsProviderToken(credential, Math.floor(at / 1000));
    tokens.set(key, { jwt, issuedAt: at });
    return jwt;
  }

  async function send(credential: ApnsCredential, n: ApnsNotification): Promise<ApnsResult> {
    const apnsId = randomUUID();
    let jwt: string;
    try {
      jwt = providerToken(credential);
    } catch {
      // The key was checked when it was saved; one that no longer signs is the key's fault, not Apple's.
      return { status: "failed", httpStatus: null, reason: "the APNs key cannot sign", apnsId: null, response: "" };
    }
    const headers: Record<string, string> = {
      authorization: `bearer ${jwt}`,
      "apns-topic": credential.bundleId,
      "apns-push-type": "alert",
      "apns-priority": "10",
      "apns-expiration": String(Math.floor(now() / 1000) + EXPIRATION_SECONDS),
      "apns-id": apnsId,
      "content-type": "application/json",
    };
    if (n.collapseId) headers["apns-collapse-id"] = n.collapseId;
    const url = `${options.baseUrls[credential.environment]}/3/device/${encodeURIComponent(n.token)}`;
    let answer: { status: number; headers: Record<string, unknown>; body: string };
    try {
      answer = await options.outbound.http2Request({
        url,
        method: "POST",
        headers,
        body: apnsPayload(n),
        timeoutMs,
        maxBodyBytes: ANSWER_MAX_BYTES,
      });
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      // A refused or unresolvable address will be refused again: only the network's failures are worth a retry.
      const isRetryable = err.kind === "network" || err.kind === "timeout";
      const reason =
        err.kind === "network"
          ? "could not connect to APNs"
          : isRetryable
            ? err.reason
            : `cannot call APNs: ${err.reason}`;
      return {
        status: isRetryable ? "retry" : "failed",
        httpStatus: err.httpStatus,
        reason,
        apnsId: null,
        response: reason,
      };
    }
    const answeredId = remoteReason(answer.headers["apns-id"]) ?? apnsId;
    if (answer.status === 200) {
      return { status: "sent", httpStatus: 200, reason: null, apnsId: answeredId, response: answeredId };
    }
    const reason = apnsReason(answer.body) ?? statusReason(answer.status);
    if (reason === "ExpiredProviderToken") {
      // Apple's clock thinks the token too old: a new one, but not sooner than Apple allows a replacement.
      const key = cacheKey(credential);
      const cached = tokens.get(key);
      if (cached && now() - cached.issuedAt >= TOKEN_MIN_AGE_MS) tokens.delete(key);
    }
    return {
      status: apnsStatus(answer.status, reason),
      httpStatus: answer.status,
      reason,
      apnsId: answeredId,
      response: reason,
    };
  }

  return { send };
}

/** Apple's `{"reason": "..."}`; anything else is not Apple's and is not quoted. */
function apnsReason(body: string): string | null {
  try {
    return remoteReason((JSON.parse(body) as { reason?: unknown }).reason) ?? null;
  } catch {
    return null;
  }
}

/**
 * 410 `Unregistered` (the app is gone from the device), 400 `BadDeviceToken` (not a token of this environment) and
 * 400 `DeviceTokenNotForTopic` (another app's token) will never deliver: the device is dropped. 429 and 5xx are
 * Apple's own trouble and worth another try; any other 4xx is ours (the key, the topic, the payload) and a retry
 * would meet it again.
 */
function apnsStatus(httpStatus: number, reason: string): ApnsResult["status"] {
  if (httpStatus === 410 || DEAD_TOKEN_REASONS.has(reason)) return "invalid_token";
  if (httpStatus === 429 || httpStatus >= 500) return "retry";
  return "failed";
}
