import { API_PREFIX, type ErrorData, isErrorCode } from "@parley/contract";
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
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query, prefix = API_PREFIX) {
  const url = `${prefix}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
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

async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.sessionToken}`;
  // A form goes as it is: its content type carries the multipart boundary, which only the browser writes.
  const body =
    options.body === undefined || options.body instanceof FormData ? options.body : JSON.stringify(options.body);
  if (typeof body === "string") headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.prefix), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(NETWORK_FAILURE_CODE, error instanceof Error ? error.message : "Network failure", 0);
  }

  if (response.ok) return response;

  const apiError = toApiError(response.status, await readJson(response));
  // The token is gone or expired on the server: keeping it would make every later call fail the same way.
  if (apiError.code === "1001") {
    clearSession();
    onUnauthorized?.();
  }
  throw apiError;
}

async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  return readJson(await send(method, path, options, "application/json"));
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
  async delete<S extends z.ZodType>(path: string, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("DELETE", path, options));
  },
  /** A `multipart/form-data` upload (cover images, recipient files); the answer is JSON like any other call. */
  async upload<S extends z.ZodType>(path: string, form: FormData, schema?: S, options?: Omit<RequestOptions, "body">) {
    return parse(schema, await request("POST", path, { ...options, body: form }));
  },
  /** A file the server sends as an attachment (exports), with the name it suggests. */
  async download(path: string, options?: Omit<RequestOptions, "body">) {
    const response = await send("GET", path, options ?? {}, "*/*");
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition")) };
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
