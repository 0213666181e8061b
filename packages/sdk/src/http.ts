import { CHAT_API_PREFIX, fillPath } from "@parley/contract/client";
import { ParleyConnectionError, ParleyError } from "./errors";

/** Values of a query string; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  params?: Record<string, string>;
  query?: Query;
  /** JSON, or a `FormData` sent as multipart as it is (its boundary set by the platform). */
  body?: unknown;
  /** Login routes take no credential; everything else sends the session token. */
  auth?: boolean;
  /** Outlives the page (a hang-up sent as the page closes). */
  keepalive?: boolean;
}

export interface HttpConfig {
  /** The API's origin, already resolved to an absolute URL. */
  base: URL;
  fetch: typeof fetch;
  timeoutMs: number;
  token: () => string | null;
}

/** Resolves `baseUrl`: absolute, or relative to the page in a browser. */
export function resolveBaseUrl(baseUrl: string): URL {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  let url: URL;
  try {
    url = new URL(baseUrl || "/", page);
  } catch (cause) {
    throw new TypeError(`baseUrl must be an absolute URL outside a browser, got "${baseUrl}"`, { cause });
  }
  url.search = "";
  url.hash = "";
  return url;
}

/** The URL of a chat API path, e.g. `/channels/:channelId` with its params, under the `/v1` prefix. */
export function apiUrl(base: URL, path: string, params: Record<string, string> = {}): URL {
  const url = new URL(base);
  url.pathname = `${basePath(base)}${CHAT_API_PREFIX}${fillPath(path, params)}`;
  return url;
}

/** The path the API is mounted under, without a trailing slash: "" at the root of the origin. */
export function basePath(base: URL): string {
  return base.pathname.replace(/\/+$/, "");
}

/** A request the rate limit refused (005) is sent again this many times at most, after the wait the server names. */
const RATE_LIMIT_RETRIES = 2;
/** Longer waits than this are the caller's to decide: the refusal is thrown at once. */
const RATE_LIMIT_WAIT_MAX_MS = 5_000;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The one place the SDK talks HTTP: JSON in and out, bearer credential, errors as {@link ParleyError}. */
export class Http {
  constructor(private readonly config: HttpConfig) {}

  /**
   * Sends the request; one the rate limit refused (005) goes again after the server's Retry-After, up to
   * {@link RATE_LIMIT_RETRIES} times when the wait is short. The limit refuses a request before it does anything,
   * so sending it again never does anything twice; a burst of a page's first requests then costs a short wait
   * instead of an error.
   */
  async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    for (let retries = 0; ; retries++) {
      try {
        return await this.#once<T>(method, path, options);
      } catch (error) {
        const waitMs =
          error instanceof ParleyError && error.code === "005" ? (error.data?.retryAfterSeconds ?? 1) * 1000 : null;
        if (waitMs === null || waitMs > RATE_LIMIT_WAIT_MAX_MS || retries >= RATE_LIMIT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  async #once<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
    const url = apiUrl(this.config.base, path, options.params);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: "application/json" };
    const token = options.auth === false ? null : this.config.token();
    if (token) headers.authorization = `Bearer ${token}`;
    // Fastify refuses an empty body declared as JSON, so only requests with a body say so. A form's type carries
    // its boundary, which only the platform knows.
    const form = typeof FormData !== "undefined" && options.body instanceof FormData ? options.body : null;
    const hasBody = options.body !== undefined;
    if (hasBody && !form) headers["content-type"] = "application/json";

    let response: Response;
    try {
      response = await this.config.fetch(url, {
        method,
        headers,
        body: form ?? (hasBody ? JSON.stringify(options.body) : undefined),
        signal: AbortSignal.timeout(this.config.timeoutMs),
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === "TimeoutError";
      throw new ParleyConnectionError(
        timedOut ? `${method} ${path} timed out after ${this.config.timeoutMs} ms` : `${method} ${path} failed`,
        { cause },
      );
    }

    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok) return body as T;
    if (isEnvelope(body)) throw new ParleyError(body, response.status);
    throw new ParleyConnectionError(`${method} ${path} answered ${response.status} without an API error`, {
      status: response.status,
    });
  }
}

function isEnvelope(body: unknown): body is { code: string; message: string } {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { code?: unknown }).code === "string" &&
    typeof (body as { message?: unknown }).message === "string"
  );
}
