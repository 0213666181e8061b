import { randomUUID } from "node:crypto";
import { CHAT_API_PREFIX, fillPath, IDEMPOTENCY_KEY_HEADER } from "@parley/contract/client";
import { ParleyConnectionError, ParleyError } from "./errors";

/** Values of a query string; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

/** How the client retries a call that failed in a way a later attempt may not: a 429, a 5xx, no answer. */
export interface RetryOptions {
  /** Retries after the first attempt, at most. Default 3; 0 turns retrying off. */
  max?: number;
  /** The first back-off, doubled on each retry (with jitter). Default 200 ms. */
  baseDelayMs?: number;
  /** The longest back-off between two attempts. Default 5,000 ms. */
  maxDelayMs?: number;
}

export interface HttpConfig {
  /** Where the API is mounted, without a trailing slash. */
  base: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retries: Required<RetryOptions>;
  /** Between 0 and 1, for the jitter; a test fixes it. */
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface CallOptions<T> {
  params?: Record<string, string>;
  query?: Query;
  body?: unknown;
  /** The bearer credential: the API key unless the call is made as a user, with that user's session token. */
  token?: string;
  /** A write's key for the whole logical call, reused by every retry; one is drawn when left out. */
  idempotencyKey?: string;
  /**
   * For a retry after an attempt whose outcome is unknown (no answer, or a 5xx): turns an error that shows the
   * earlier attempt was applied (a 3019 for a create, a 3018 for a delete) into the call's result. Returns
   * undefined for an error that shows nothing of the kind.
   */
  appliedBefore?: (error: ParleyError) => Promise<T | undefined> | T | undefined;
}

/** A wait the server asks for longer than this is the caller's to decide: the error is thrown at once. */
const RETRY_AFTER_MAX_SECONDS = 60;

/**
 * The one place the client talks HTTP: JSON in and out, the bearer credential, errors as {@link ParleyError}, and
 * retries. Every write carries an `Idempotency-Key` drawn once per call and sent again on each retry, and every write
 * of the chat API is made safe to repeat by the route's own key where the server keeps none for API keys
 * (`clientMessageId`, a channel ID chosen by the client) or by `appliedBefore`.
 */
export class Http {
  constructor(private readonly config: HttpConfig) {}

  async request<T>(method: Method, path: string, options: CallOptions<T> = {}): Promise<T> {
    const { retries } = this.config;
    const idempotencyKey = method === "GET" ? undefined : (options.idempotencyKey ?? randomUUID());
    /** Whether an earlier attempt may have been applied although its answer never arrived as a success. */
    let uncertain = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once<T>(method, path, options, idempotencyKey);
      } catch (error) {
        if (uncertain && error instanceof ParleyError && options.appliedBefore) {
          const applied = await options.appliedBefore(error);
          if (applied !== undefined) return applied;
        }
        const wait = this.#retryDelayMs(error, attempt);
        if (wait === null || attempt >= retries.max) throw error;
        if (!(error instanceof ParleyError && error.status === 429)) uncertain = true;
        await this.config.sleep(wait);
      }
    }
  }

  /** How long to wait before the next attempt, or null when the error is not one to retry. */
  #retryDelayMs(error: unknown, attempt: number): number | null {
    const status =
      error instanceof ParleyError ? error.status : error instanceof ParleyConnectionError ? error.status : undefined;
    if (status === undefined) return null;
    // A 409 with Retry-After is the server still running the same key's first request (009).
    const retryable =
      status === null ||
      status === 429 ||
      status >= 500 ||
      (status === 409 && error instanceof ParleyError && error.retryAfterSeconds !== null);
    if (!retryable) return null;
    const asked = error instanceof ParleyError ? error.retryAfterSeconds : null;
    if (asked !== null) return asked > RETRY_AFTER_MAX_SECONDS ? null : asked * 1000;
    const { baseDelayMs, maxDelayMs } = this.config.retries;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
    // Half fixed, half random: retries of many calls that failed together spread out instead of returning together.
    return Math.round(ceiling / 2 + (this.config.random() * ceiling) / 2);
  }

  async #once<T>(
    method: Method,
    path: string,
    options: CallOptions<T>,
    idempotencyKey: string | undefined,
  ): Promise<T> {
    const url = `${this.config.base}${CHAT_API_PREFIX}${fillPath(path, options.params ?? {})}${search(options.query)}`;
    const headers: Record<string, string> = {
      accept: "application/json",
      authorization: `Bearer ${options.token ?? this.config.apiKey}`,
    };
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    // Fastify refuses an empty body declared as JSON, so only requests with a body say so.
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const what = `${method} ${path}`;
    const { response, text } = await this.#exchange(what, url, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok) return body as T;
    if (isEnvelope(body)) throw new ParleyError(body, response.status, retryAfterOf(response.headers));
    throw new ParleyConnectionError(`${what} answered ${response.status} without an API error`, {
      status: response.status,
    });
  }

  /** The request sent and its answer read whole, or {@link ParleyConnectionError} when either fails or runs too long. */
  async #exchange(what: string, url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    try {
      const response = await this.config.fetch(url, { ...init, signal });
      return { response, text: await response.text() };
    } catch (cause) {
      const timedOut = signal.aborted;
      throw new ParleyConnectionError(
        timedOut ? `${what} timed out after ${this.config.timeoutMs} ms` : `${what} failed`,
        { cause },
      );
    }
  }
}

function search(query: Query | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterOf(headers: Headers, now = Date.now()): number | null {
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function isEnvelope(body: unknown): body is { code: string; message: string } {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { code?: unknown }).code === "string" &&
    typeof (body as { message?: unknown }).message === "string"
  );
}
