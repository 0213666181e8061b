import { ParleyConnectionError, ParleyError } from "./errors";
import { apiUrl, type Query } from "./urls";

export type { Query } from "./urls";

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
  /** Where the API is mounted, as `resolveBaseUrl` answers it. */
  base: string;
  fetch: typeof fetch;
  timeoutMs: number;
  token: () => string | null;
}

/** A request the rate limit refused (005) is sent again this many times at most, after the wait the server names. */
const RATE_LIMIT_RETRIES = 2;
/** Longer waits than this are the caller's to decide: the refusal is thrown at once. */
const RATE_LIMIT_WAIT_MAX_MS = 5_000;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Exchanged {
  response: Response;
  text: string;
}

/**
 * The one place the SDK talks HTTP: JSON in and out, bearer credential, errors as {@link ParleyError}.
 *
 * A GET asked for while the same GET (same URL, same credential) is on its way shares that request's answer, each
 * caller parsing its own copy: a screen's parts that open together (a channel's header, its member list and its
 * receipts all read the members) then cost the user's rate budget one request, not one each. Any other request,
 * and any event the client hears ({@link Http.forgetReads}), ends the sharing of the GETs under way: a read asked
 * for after this client's own write, or after news of someone else's, never gets an answer from before it.
 */
export class Http {
  readonly #reading = new Map<string, Promise<Exchanged>>();

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
    const url = apiUrl(this.config.base, path, options.params, options.query);
    const headers: Record<string, string> = { accept: "application/json" };
    const token = options.auth === false ? null : this.config.token();
    if (token) headers.authorization = `Bearer ${token}`;
    // Fastify refuses an empty body declared as JSON, so only requests with a body say so. A form's type carries
    // its boundary, which only the platform knows.
    const form = typeof FormData !== "undefined" && options.body instanceof FormData ? options.body : null;
    const hasBody = options.body !== undefined;
    if (hasBody && !form) headers["content-type"] = "application/json";

    const init: RequestInit = {
      method,
      headers,
      body: form ?? (hasBody ? JSON.stringify(options.body) : undefined),
      ...(options.keepalive ? { keepalive: true } : {}),
    };
    const { response, text } =
      method === "GET"
        ? await this.#read(`${token ?? ""} ${url}`, path, url, init)
        : await this.#write(path, url, init);
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

  /** A GET, or the answer of the same GET already on its way. */
  #read(key: string, path: string, url: string, init: RequestInit): Promise<Exchanged> {
    const shared = this.#reading.get(key);
    if (shared) return shared;
    const exchange = this.#exchange(`GET ${path}`, url, init);
    this.#reading.set(key, exchange);
    const forget = () => {
      if (this.#reading.get(key) === exchange) this.#reading.delete(key);
    };
    exchange.then(forget, forget);
    return exchange;
  }

  /** The GETs under way are shared no more: what they answer may be older than a change just made or heard of. */
  forgetReads(): void {
    this.#reading.clear();
  }

  #write(path: string, url: string, init: RequestInit): Promise<Exchanged> {
    this.forgetReads();
    return this.#exchange(`${init.method} ${path}`, url, init);
  }

  /** The request sent and its answer read whole, or {@link ParleyConnectionError} when either fails or runs too long. */
  async #exchange(what: string, url: string, init: RequestInit): Promise<Exchanged> {
    // A controller and a timer rather than `AbortSignal.timeout`, which React Native lacks. The timer runs until the
    // body is read, so an answer that stalls half way fails too, and is cleared either way so it holds no process up.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.config.timeoutMs);
    const failed = (cause?: unknown) =>
      new ParleyConnectionError(timedOut ? `${what} timed out after ${this.config.timeoutMs} ms` : `${what} failed`, {
        cause,
      });
    try {
      let response: Response;
      try {
        response = await this.config.fetch(url, { ...init, signal: controller.signal });
      } catch (cause) {
        throw failed(cause);
      }
      const text = await response.text().catch(() => "");
      if (timedOut) throw failed();
      return { response, text };
    } finally {
      clearTimeout(timer);
    }
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
