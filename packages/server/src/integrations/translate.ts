import { OutboundError, type OutboundGuard } from "./outbound";
import { remoteReason, statusReason } from "./remote-text";

/**
 * Google Cloud Translation API, v2 ("basic"): the one protocol that works with a plain API key, which is what
 * the dashboard asks the app owner for.
 */

/** Google's error body: `{ error: { code, message, status, errors: [{ reason }] } }`. */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] };
}

/**
 * How a call failed. `keyRejected`: Google refused the key (invalid, restricted, or the API is off in its
 * project). `unsupportedLanguage`: the target language is not one Google translates to. `unavailable`: no
 * answer, a 5xx, or a quota limit, so the call says nothing about the key and may work later.
 */
export type TranslateFailureKind = "keyRejected" | "unsupportedLanguage" | "unavailable";

export class TranslateError extends Error {
  constructor(
    readonly kind: TranslateFailureKind,
    /**
     * Google's error message when its answer had one (cleaned and shortened), else the status or what went wrong
     * on the way: the dashboard shows it, so it never quotes a raw answer.
     */
    readonly reason: string,
    readonly status: number | null = null,
  ) {
    super(reason);
    this.name = "TranslateError";
  }
}

export interface Translation {
  text: string;
  /** The language Google detected in the original, e.g. `en`. */
  sourceLanguage: string | null;
}

export type KeyCheck = { valid: true } | { valid: false; reason: string };

export interface TranslateClient {
  translate(key: string, text: string, target: string): Promise<Translation>;
  /** Asks Google whether it accepts `key`; throws `unavailable` when it cannot tell. */
  verifyKey(key: string): Promise<KeyCheck>;
}

/** Google's reasons for a 403 that is about spending, not about the key: the key itself works. */
const QUOTA_REASONS = new Set([
  "rateLimitExceeded",
  "userRateLimitExceeded",
  "dailyLimitExceeded",
  "quotaExceeded",
  "dailyLimitExceededUnreg",
]);

/** Long enough for a slow answer to a 5 000-character message; short enough that a chat client is not left hanging. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** A translation of the longest message is tens of kilobytes; a bigger answer is not Google's and is not read. */
const ANSWER_MAX_BYTES = 1024 * 1024;

/** Calls go through `outbound`, like every call made with a customer's credentials. */
export function createGoogleTranslate(options: {
  baseUrl: string;
  outbound: OutboundGuard;
  timeoutMs?: number;
}): TranslateClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(
    path: string,
    key: string,
    init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string },
    target: string | null,
  ): Promise<unknown> {
    const url = new URL(`${options.baseUrl}${path}`);
    url.searchParams.set("key", key);
    let status: number;
    let text: string;
    try {
      ({ status, body: text } = await options.outbound.request({
        url,
        ...init,
        timeoutMs,
        maxBodyBytes: ANSWER_MAX_BYTES,
        keepAlive: true,
      }));
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      // The URL carries the key; the guard's reasons name the host at most.
      const reason = err.kind === "network" ? "could not connect" : err.reason;
      throw new TranslateError("unavailable", reason);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (status >= 200 && status < 300) return body;
    throw classify(status, body as GoogleErrorBody | undefined, target);
  }

  return {
    async translate(key, text, target) {
      const body = (await call(
        "/language/translate/v2",
        key,
        {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8" },
          body: JSON.stringify({ q: [text], target, format: "text" }),
        },
        target,
      )) as { data?: { translations?: { translatedText?: unknown; detectedSourceLanguage?: unknown }[] } } | undefined;
      const first = body?.data?.translations?.[0];
      if (typeof first?.translatedText !== "string") {
        throw new TranslateError("unavailable", "the answer held no translation");
      }
      return {
        text: first.translatedText,
        sourceLanguage: typeof first.detectedSourceLanguage === "string" ? first.detectedSourceLanguage : null,
      };
    },

    async verifyKey(key) {
      // Listing languages is free, unlike translating even one word, and needs the same key and API.
      try {
        await call("/language/translate/v2/languages", key, { method: "GET" }, null);
        return { valid: true };
      } catch (err) {
        if (err instanceof TranslateError && err.kind === "keyRejected") return { valid: false, reason: err.reason };
        throw err;
      }
    },
  };
}

function classify(status: number, body: GoogleErrorBody | undefined, target: string | null): TranslateError {
  const error = body?.error;
  const reasons = (Array.isArray(error?.errors) ? (error?.errors ?? []) : [])
    .map((e) => e?.reason)
    .filter((r): r is string => typeof r === "string");
  const message = remoteReason(error?.message) ?? statusReason(status);
  if (status === 429 || error?.status === "RESOURCE_EXHAUSTED" || reasons.some((r) => QUOTA_REASONS.has(r))) {
    return new TranslateError("unavailable", message, status);
  }
  // A target Google does not know comes back as 400 "Invalid Value" with reason `invalid`; a bad key never does.
  if (status === 400 && target !== null && reasons.includes("invalid")) {
    return new TranslateError("unsupportedLanguage", message, status);
  }
  if (status === 400 || status === 401 || status === 403) return new TranslateError("keyRejected", message, status);
  return new TranslateError("unavailable", message, status);
}
