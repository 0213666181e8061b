import { createHash, sign } from "node:crypto";
import { OutboundError, type OutboundGuard } from "./outbound";
import { remoteReason, statusReason } from "./remote-text";

/**
 * Firebase Cloud Messaging over HTTP: the legacy API (`/fcm/send` with a server key) the spec names, and HTTP v1
 * (`/v1/projects/{id}/messages:send` with an OAuth2 token from a service account), Google's current API.
 */

/**
 * A credential as FCM takes it: a legacy server key, or a service account's key and identity. The push module stores
 * it in this shape; the client keeps its own declaration so that it depends on no module.
 */
export interface FcmCredential {
  kind: "legacy" | "serviceAccount";
  /** The legacy server key, or the service account's private key (PEM). */
  secret: string;
  clientEmail: string | null;
  projectId: string | null;
  /** The service account's token endpoint (`token_uri`). */
  tokenUri: string | null;
}

/** One notification to one device. Empty `sound` and `icon` are left out; a null `badge` too. */
export interface FcmNotification {
  token: string;
  title: string;
  body: string;
  sound: string;
  icon: string;
  badge: number | null;
  data: Record<string, string>;
}

/** `invalid_token`: FCM says the device token is unknown or malformed, so the device should be forgotten. */
export interface FcmResult {
  status: "sent" | "failed" | "invalid_token";
  httpStatus: number | null;
  /**
   * FCM's message name or error code, or the status: what the dashboard's push log shows. Never a raw body, since
   * a customer's `token_uri` decides where one of the calls goes.
   */
  response: string;
}

export interface FcmClient {
  /** Never throws: every failure, the network's included, comes back as a `failed` result. */
  send(credential: FcmCredential, notification: FcmNotification): Promise<FcmResult>;
}

export const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/** Google keeps a send under a second; ten leaves room for a slow network without holding a job for long. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** FCM's and Google's answers are small JSON; a bigger one is not theirs and is not read further. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** Access tokens live an hour; one is replaced this long before it ends, so no send races its expiry. */
const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/** Legacy API errors that mean the token itself is dead, per Google's table of downstream errors. */
const LEGACY_INVALID_TOKEN = new Set(["NotRegistered", "InvalidRegistration", "MissingRegistration"]);

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An RS256 JWT for Google's JWT-bearer grant (RFC 7523), signed with the service account's private key. */
function serviceAccountAssertion(
  credential: { clientEmail: string; privateKey: string },
  audience: string,
  nowSeconds: number,
): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({
      iss: credential.clientEmail,
      scope: FCM_SCOPE,
      aud: audience,
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    }),
  );
  const signature = sign("RSA-SHA256", Buffer.from(`${header}.${claims}`), credential.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

class FcmFailure extends Error {
  constructor(
    readonly httpStatus: number | null,
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface GoogleError {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { "@type"?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

/** Sends and token requests both go through `outbound`: the token URL is the customer's file's `token_uri`. */
export function createFcmClient(options: {
  baseUrl: string;
  oauthTokenUrl?: string;
  outbound: OutboundGuard;
  timeoutMs?: number;
}): FcmClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tokens = new Map<string, { accessToken: string; refreshAt: number }>();
  const pending = new Map<string, Promise<string>>();

  /** `target` names the other side in the reasons of failures that are ours to word (no connection, a refusal). */
  async function post(
    url: string,
    init: { headers: Record<string, string>; body: string },
    target: "FCM" | "the token URL",
  ) {
    try {
      const answer = await options.outbound.request({
        url,
        method: "POST",
        ...init,
        timeoutMs,
        maxBodyBytes: ANSWER_MAX_BYTES,
        keepAlive: true,
      });
      return { status: answer.status, ok: answer.status >= 200 && answer.status < 300, text: answer.body };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.kind === "timeout") throw new FcmFailure(null, err.reason);
      if (err.kind === "network") throw new FcmFailure(null, `could not connect to ${target}`);
      throw new FcmFailure(null, `cannot call ${target}: ${err.reason}`);
    }
  }

  const tokenUrlOf = (credential: FcmCredential) =>
    options.oauthTokenUrl ?? credential.tokenUri ?? "https://oauth2.googleapis.com/token";

  /**
   * The credential's cache key: a replaced service account (same e-mail, new key) must not reuse the old token,
   * and the private key must not sit in memory twice as a map key.
   */
  const cacheKey = (credential: FcmCredential, tokenUrl: string) =>
    createHash("sha256").update(`${tokenUrl}\u0000${credential.clientEmail}\u0000${credential.secret}`).digest("hex");

  async function fetchAccessToken(credential: FcmCredential, tokenUrl: string): Promise<string> {
    // Wall-clock time, not the app clock: Google checks `iat` and `exp` against its own.
    const now = Date.now();
    const assertion = serviceAccountAssertion(
      { clientEmail: credential.clientEmail ?? "", privateKey: credential.secret },
      tokenUrl,
      Math.floor(now / 1000),
    );
    const answer = await post(
      tokenUrl,
      {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      },
      "the token URL",
    );
    const body = parseJson(answer.text) as
      | { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown }
      | undefined;
    if (!answer.ok || typeof body?.access_token !== "string" || body.access_token === "") {
      // OAuth's error fields (RFC 6749 §5.2) when the answer has them; otherwise the status alone.
      const reason = remoteReason(body?.error_description) ?? remoteReason(body?.error) ?? statusReason(answer.status);
      throw new FcmFailure(answer.status, `access token refused: ${reason}`);
    }
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : 3600;
    const lifetimeMs = expiresIn * 1000;
    tokens.set(cacheKey(credential, tokenUrl), {
      accessToken: body.access_token,
      refreshAt: now + Math.max(0, lifetimeMs - TOKEN_REFRESH_MARGIN_MS),
    });
    return body.access_token;
  }

  /** One token request per credential at a time: a push to a thousand devices must not ask a thousand times. */
  async function accessToken(credential: FcmCredential): Promise<string> {
    const tokenUrl = tokenUrlOf(credential);
    const key = cacheKey(credential, tokenUrl);
    const cached = tokens.get(key);
    if (cached && Date.now() < cached.refreshAt) return cached.accessToken;
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const request = fetchAccessToken(credential, tokenUrl).finally(() => pending.delete(key));
    pending.set(key, request);
    return request;
  }

  async function sendLegacy(credential: FcmCredential, n: FcmNotification): Promise<FcmResult> {
    const notification: Record<string, string> = { title: n.title, body: n.body };
    if (n.sound) notification.sound = n.sound;
    if (n.icon) notification.icon = n.icon;
    // The legacy API takes the badge as a string.
    if (n.badge !== null) notification.badge = String(n.badge);
    const answer = await post(
      `${options.baseUrl}/fcm/send`,
      {
        headers: { authorization: `key=${credential.secret}`, "content-type": "application/json" },
        body: JSON.stringify({ to: n.token, notification, data: n.data }),
      },
      "FCM",
    );
    if (!answer.ok) return { status: "failed", httpStatus: answer.status, response: statusReason(answer.status) };
    const body = parseJson(answer.text) as { results?: { message_id?: unknown; error?: unknown }[] } | undefined;
    const result = body?.results?.[0];
    const messageId = remoteReason(result?.message_id);
    if (messageId) return { status: "sent", httpStatus: answer.status, response: messageId };
    const error = remoteReason(result?.error) ?? "no result in FCM's answer";
    return {
      status: LEGACY_INVALID_TOKEN.has(error) ? "invalid_token" : "failed",
      httpStatus: answer.status,
      response: error,
    };
  }

  async function sendV1(credential: FcmCredential, n: FcmNotification): Promise<FcmResult> {
    const bearer = await accessToken(credential);
    const android: Record<string, string> = {};
    if (n.sound) android.sound = n.sound;
    if (n.icon) android.icon = n.icon;
    const aps: Record<string, string | number> = {};
    if (n.sound) aps.sound = n.sound;
    if (n.badge !== null) aps.badge = n.badge;
    const message = {
      token: n.token,
      notification: { title: n.title, body: n.body },
      android: { notification: android },
      apns: { payload: { aps } },
      data: n.data,
    };
    const answer = await post(
      `${options.baseUrl}/v1/projects/${encodeURIComponent(credential.projectId ?? "")}/messages:send`,
      {
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
        body: JSON.stringify({ message }),
      },
      "FCM",
    );
    const body = parseJson(answer.text) as ({ name?: unknown } & GoogleError) | undefined;
    if (answer.ok) return { status: "sent", httpStatus: answer.status, response: remoteReason(body?.name) ?? "" };
    // A revoked or expired token: the next send fetches a new one.
    if (answer.status === 401) tokens.delete(cacheKey(credential, tokenUrlOf(credential)));
    const error = body?.error;
    // Google's error shape: its status word and message, else the HTTP status alone.
    const code = remoteReason(error?.status) ?? String(answer.status);
    const said = remoteReason(error?.message);
    const reason = !error ? statusReason(answer.status) : said ? `${code}: ${said}` : code;
    return {
      status: isDeadToken(answer.status, error) ? "invalid_token" : "failed",
      httpStatus: answer.status,
      response: reason,
    };
  }

  return {
    async send(credential, notification) {
      try {
        return credential.kind === "legacy"
          ? await sendLegacy(credential, notification)
          : await sendV1(credential, notification);
      } catch (err) {
        if (err instanceof FcmFailure) return { status: "failed", httpStatus: err.httpStatus, response: err.reason };
        throw err;
      }
    },
  };
}

/**
 * FCM v1 answers 404 `UNREGISTERED` for a token whose app was removed, and 400 `INVALID_ARGUMENT` for a token that
 * is not one; a 400 about another field of the message is our bug, not the device's, so the device stays.
 */
function isDeadToken(httpStatus: number, error: GoogleError["error"]): boolean {
  const codes = (error?.details ?? []).map((d) => d.errorCode).filter(Boolean);
  if (httpStatus === 404 || codes.includes("UNREGISTERED") || error?.status === "NOT_FOUND") return true;
  if (httpStatus !== 400 || (error?.status !== "INVALID_ARGUMENT" && !codes.includes("INVALID_ARGUMENT"))) return false;
  const fields = (error?.details ?? []).flatMap((d) => d.fieldViolations ?? []).map((v) => v.field);
  return fields.includes("message.token") || /registration token/i.test(error?.message ?? "");
}
