import { API_PREFIX, type ErrorData, IDEMPOTENCY_KEY_HEADER, isErrorCode } from "@parley/contract";
import type { z } from "zod";
import { clearSession, getSession } from "./session";

/**
 * A failed dashboard API call. `code` is a catalogue code (`ERROR_{code}` is its localized text); codes the
 * catalogue does not know are kept as they came so they can still be logged, and render as ERROR_001.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: ErrorData | undefined;

  constructor(code: string, message: string, status: number, data?: ErrorData) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** Status 0: the request never got an answer (offline, server down). Shown as the generic "retry" message. */
const NETWORK_FAILURE_CODE = "002";
const UNKNOWN_FAILURE_CODE = "001";

/**
 * Why a request got no answer, in `data.reason` of its 002 error: the browser went offline, the request outlived
 * its time limit, or the connection failed.
 */
export type NetworkFailureReason = "offline" | "timeout" | "network";

/**
 * How long a request may wait for its answer. A request sent as the network drops can hang far longer than anyone
 * waits in front of a frozen dialog; after this it fails like any lost connection and the form offers a retry
 * (its idempotency key makes the retry safe even if the first request did reach the server).
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Uploads and downloads carry files and may take a while on a slow link. */
const TRANSFER_TIMEOUT_MS = 120_000;
/**
 * A request the rate limit refused (005) never ran: it goes again after the server's Retry-After, this many times,
 * so a burst of page loads slows down rather than failing. A longer wait than the cap is left to the caller.
 */
const RATE_LIMIT_RETRIES = 2;
const RATE_LIMIT_MAX_WAIT_MS = 5_000;
/** How long a key of a request that got no answer waits for its retry; well inside the server's 24 hours. */
const UNANSWERED_KEY_TTL_MS = 60 * 60 * 1000;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The router registers how to reach /login; the client cannot navigate by itself. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  query?: Query;
  /** The API the path belongs to: the dashboard's `/api` unless given (the docs read the chat API's `/v1`). */
  prefix?: string;
  body?: unknown;
  /** Ends the caller's wait: the call rejects with an AbortError at once. */
  signal?: AbortSignal;
  /** The wait for an answer, REQUEST_TIMEOUT_MS unless given. */
  timeoutMs?: number;
}

function buildUrl(path: string, query?: Query, prefix = API_PREFIX) {
  const url = `${prefix}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** A fresh idempotency key: a random UUID, also where `crypto.randomUUID` is missing (pages not served over HTTPS). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The keys of writes that got no answer, by method, URL and body, so sending the same write again (a Retry, the
 * same form submitted again, even after its dialog was closed) reuses the key and the server answers it once.
 * Any answer the server keeps (a success or a refusal) retires them all: the user has moved on, and a key reused
 * after, say, a freeze whose answer was lost and an unfreeze that went through would replay the stale freeze.
 * Uploads are not kept: the server does not replay multipart requests.
 */
const unansweredKeys = new Map<string, { key: string; at: number }>();

function idempotencyKeyFor(signature: string | null): string {
  if (signature === null) return newIdempotencyKey();
  const kept = unansweredKeys.get(signature);
  if (kept && Date.now() - kept.at < UNANSWERED_KEY_TTL_MS) return kept.key;
  return newIdempotencyKey();
}

/**
 * Whether the server kept the answer for the key, which settles the write: a success or a refusal. No answer,
 * a server fault (5xx, not kept), 009 (the first request with the key still runs) and 005 (refused before the key
 * was looked at) leave it open. Anything but an ApiError is a wait the caller ended, which may have reached the
 * server too.
 */
function isSettled(error: unknown): boolean {
  if (error === undefined) return true;
  if (!(error instanceof ApiError)) return false;
  return error.status > 0 && error.status < 500 && error.code !== "009" && error.code !== "005";
}

function rememberOutcome(signature: string | null, key: string, error?: unknown) {
  if (isSettled(error)) unansweredKeys.clear();
  else if (signature !== null) unansweredKeys.set(signature, { key, at: Date.now() });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === "object" && "code" in body) {
    const envelope = body as { code: unknown; message?: unknown; data?: unknown };
    const code = typeof envelope.code === "string" || typeof envelope.code === "number" ? String(envelope.code) : "";
    const message = typeof envelope.message === "string" ? envelope.message : "";
    const data = envelope.data && typeof envelope.data === "object" ? (envelope.data as ErrorData) : undefined;
    if (code) return new ApiError(code, message, status, data);
  }
  return new ApiError(UNKNOWN_FAILURE_CODE, `HTTP ${status}`, status);
}

function networkFailure(reason: NetworkFailureReason, message: string): ApiError {
  return new ApiError(NETWORK_FAILURE_CODE, message, 0, { reason });
}

/**
 * Sends one request and reads its answer with `read`, within the time limit. The wait ends early when the browser
 * goes offline (a request in flight then would only hang until the limit) and when the caller's signal aborts.
 * Every write carries an `Idempotency-Key`.
 */
async function send<T>(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: accept };
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.sessionToken}`;
  // A form goes as it is: its content type carries the multipart boundary, which only the browser writes.
  const body =
    options.body === undefined || options.body instanceof FormData ? options.body : JSON.stringify(options.body);
  if (typeof body === "string") headers["Content-Type"] = "application/json";
  const url = buildUrl(path, options.query, options.prefix);
  const isWrite = method !== "GET";
  const signature = isWrite && !(body instanceof FormData) ? `${method} ${url} ${body ?? ""}` : null;
  const key = isWrite ? idempotencyKeyFor(signature) : null;
  if (key !== null) headers[IDEMPOTENCY_KEY_HEADER] = key;

  const controller = new AbortController();
  /** Why this side stopped waiting, when it did: offline or out of time. */
  let cutOff: ApiError | null = null;
  const cut = (error: ApiError) => {
    cutOff ??= error;
    controller.abort();
  };
  const onOffline = () => cut(networkFailure("offline", "The browser went offline"));
  const onCallerAbort = () => controller.abort();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => cut(networkFailure("timeout", `No answer within ${timeoutMs} ms`)), timeoutMs);
  window.addEventListener("offline", onOffline);
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", onCallerAbort);

  /** What a request that got no (whole) answer fails with. */
  const noAnswer = (error: unknown): unknown => {
    if (cutOff) return cutOff;
    if (options.signal?.aborted) return new DOMException("The caller stopped waiting", "AbortError");
    const isOffline = typeof navigator !== "undefined" && navigator.onLine === false;
    return networkFailure(isOffline ? "offline" : "network", error instanceof Error ? error.message : "No answer");
  };

  try {
    const response = await fetch(url, { method, headers, body, signal: controller.signal }).catch((error) => {
      throw noAnswer(error);
    });
    if (!response.ok) {
      const answer = toApiError(response.status, await readJson(response).catch(() => undefined));
      // The token is gone or expired on the server: keeping it would make every later call fail the same way.
      if (answer.code === "1001") {
        clearSession();
        onUnauthorized?.();
      }
      throw answer;
    }
    const result = await read(response).catch((error) => {
      throw noAnswer(error);
    });
    if (key !== null) rememberOutcome(signature, key);
    return result;
  } catch (error) {
    if (key !== null) rememberOutcome(signature, key, error);
    throw error;
  } finally {
    clearTimeout(timer);
    window.removeEventListener("offline", onOffline);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** Resolves after `ms`, or rejects as an abort as soon as the caller stops waiting. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new DOMException("The caller stopped waiting", "AbortError"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener("abort", aborted, { once: true });
  });
}

/** `send`, again after the server's Retry-After while the rate limit refuses it. A write keeps its key. */
async function sendPaced<T>(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await send(method, path, options, accept, read);
    } catch (error) {
      const waitMs =
        Number(error instanceof ApiError && error.code === "005" ? error.data?.retryAfterSeconds : NaN) * 1000;
      if (retries >= RATE_LIMIT_RETRIES || !(waitMs > 0 && waitMs <= RATE_LIMIT_MAX_WAIT_MS)) throw error;
      await pause(waitMs, options.signal);
    }
  }
}

async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  return sendPaced(method, path, options, "application/json", readJson);
}

/** The name a `content-disposition` header gives, preferring the UTF-8 `filename*` form. */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/** Without a schema the caller gets `unknown`: a response it does not read needs no shape. */
function parse<S extends z.ZodType>(schema: S | undefined, body: unknown): z.output<S> {
  return (schema ? schema.parse(body) : body) as z.output<S>;
}

/** The one fetch wrapper of the app: base `/api`, bearer token, JSON in and out, `{ code }` errors as ApiError. */
export const api = {
  async get<S extends z.ZodType>(path: string, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("GET", path, options));
  },
  async post<S extends z.ZodType>(path: string, body?: unknown, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("POST", path, { ...options, body: body ?? {} }));
  },
  async put<S extends z.ZodType>(path: string, body?: unknown, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("PUT", path, { ...options, body: body ?? {} }));
  },
  async patch<S extends z.ZodType>(path: string, body?: unknown, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("PATCH", path, { ...options, body: body ?? {} }));
  },
  async delete<S extends z.ZodType>(path: string, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("DELETE", path, options));
  },
  /** A `multipart/form-data` upload (cover images, recipient files); the answer is JSON like any other call. */
  async upload<S extends z.ZodType>(path: string, form: FormData, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("POST", path, { timeoutMs: TRANSFER_TIMEOUT_MS, ...options, body: form }));
  },
  /**
   * A response read as it arrives (the live event tail's server-sent events): resolves with the body once the
   * server accepted the request, which the time limit covers; the body itself stays open until the server ends it
   * or the caller cancels it (which closes the connection).
   */
  async stream(path: string, options?: Omit<RequestOptions, "body">): Promise<ReadableStream<Uint8Array>> {
    return sendPaced("GET", path, options ?? {}, "text/event-stream", async (response) => {
      if (!response.body) throw new Error("The answer has no body");
      return response.body;
    });
  },
  /** A file the server sends as an attachment (exports), with the name it suggests. */
  async download(path: string, options?: Omit<RequestOptions, "body">) {
    return sendPaced("GET", path, { timeoutMs: TRANSFER_TIMEOUT_MS, ...options }, "*/*", async (response) => ({
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get("content-disposition")),
    }));
  },
};

/** The i18n key that describes an error: `ERROR_{code}` for catalogue codes, the generic ERROR_001 otherwise. */
export function errorKey(error: unknown): `ERROR_${string}` {
  if (error instanceof ApiError && isErrorCode(error.code)) return `ERROR_${error.code}`;
  return `ERROR_${UNKNOWN_FAILURE_CODE}`;
}

export function isApiError(error: unknown, ...codes: string[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/**
 * Whether a failed write may simply be tried again: it got no answer (offline, time-out, lost connection), the
 * server failed (5xx), the request with its key is still running (009) or the rate limit refused it (005). Its
 * retry carries the same idempotency key, so it is answered once whatever happened to the first.
 */
export function isRetryableFailure(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && (error.status === 0 || error.status >= 500 || ["009", "005"].includes(error.code))
  );
}

/** Why a request got no answer, or null when it got one. */
export function networkFailureReason(error: unknown): NetworkFailureReason | null {
  if (!(error instanceof ApiError) || error.status !== 0) return null;
  const reason = error.data?.reason;
  return reason === "offline" || reason === "timeout" ? reason : "network";
}
