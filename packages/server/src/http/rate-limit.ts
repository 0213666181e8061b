import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { type ErrorCode, Errors } from "@parley/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { AppError } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Whether the rate limit has counted this request, so a refused credential is not counted twice. */
    isRateCounted: boolean;
  }
}

/** The limit's windows: a fixed second per key. */
const WINDOW_MS = 1000;
/** Where the counts live in Redis, one key per caller with the key's window as its expiry. */
const REDIS_PREFIX = "parley:rate:";

/**
 * What the rate limit does not count, each with why; every other route is counted (registered after the limit in
 * its scope). docs/production.md lists the same under "Rate limits", and a test holds the list to the document and
 * to what the server's routes do: an entry is a route (`GET /api/health`), a path (`/metrics`, either method) or a
 * prefix (`/files/…`), or the web app, whose routes are its build's files.
 */
export const RATE_LIMIT_EXEMPT: readonly { route: string; why: string }[] = [
  {
    route: "GET /api/health",
    why: "the balancer's readiness check: refusing it in a burst would take a working process out of service",
  },
  { route: "/metrics", why: "the metrics scraper's, which holds its own token and calls every few seconds" },
  {
    route: "/files/…",
    why: "uploaded files and brand covers: a channel's images load together, dozens at once, and each URL holds 122 random bits",
  },
  { route: "/robots.txt", why: "read by crawlers, answered from memory" },
  { route: "/sitemap.xml", why: "read by crawlers, answered from memory" },
  { route: "/favicon.ico", why: "asked for by browsers on their own, answered by a redirect to the product's icon" },
  {
    route: "/api/testing/…",
    why: "exists only with TESTING_ENDPOINTS, for browser tests that call faster than any user",
  },
  {
    route: "the web app's files and pages",
    why: "static files a page loads together; the pages answer any other address",
  },
];

/** Whether `RATE_LIMIT_EXEMPT` names the route `method url` (a route as registered, `:params` and all). */
export function isRateLimitExempt(method: string, url: string): boolean {
  return RATE_LIMIT_EXEMPT.some(({ route }) => {
    // The web app's entry names no path: its routes are whatever files the build holds.
    const match = /^(?:([A-Z]+) )?(\/\S*)$/.exec(route);
    if (!match) return false;
    const [, verb, path = ""] = match;
    // Fastify answers HEAD with the GET route.
    if (verb && method !== verb && !(verb === "GET" && method === "HEAD")) return false;
    return path.endsWith("…") ? url.startsWith(path.slice(0, -1)) : url === path;
  });
}

/** The key of a caller no one has signed in as: the client address. */
export function addressKey(request: FastifyRequest): string {
  // Requests injected without a socket (tests, WebSocket injection) have no address.
  return `ip:${request.ip ?? "local"}`;
}

/** The key of an app's server, calling the chat API with the app's API key. */
const SERVER_KEY_PREFIX = "app:";

/**
 * Who a request counts against: the signed-in account on the dashboard API, the end user (or, for an API key, the
 * app) on the chat API, and the client address when no one is signed in.
 */
function rateLimitKey(request: FastifyRequest): string {
  request.isRateCounted = true;
  if (request.auth) return `account:${request.auth.account.id}`;
  const caller = request.chatCaller;
  if (caller?.kind === "user") return `chat-user:${caller.user.id}`;
  if (caller?.kind === "server") return `${SERVER_KEY_PREFIX}${caller.app.id}`;
  return addressKey(request);
}

/**
 * One process's counts, in fixed windows per key, when there is no Redis. Each answer is a fresh object: the library
 * reads it after an await, and an object shared by the key's requests would by then show the count of every request
 * of the same burst, refusing them all (the library's own memory store does that).
 */
export class MemoryWindowStore implements FastifyRateLimitStore {
  readonly #windows = new Map<string, { count: number; startedAt: number }>();
  #sweptAt = 0;

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    // Keys of callers who have gone quiet are forgotten, so the map holds about one window of callers.
    if (now - this.#sweptAt >= 10 * timeWindow) {
      for (const [k, window] of this.#windows) if (window.startedAt + timeWindow <= now) this.#windows.delete(k);
      this.#sweptAt = now;
    }
    let window = this.#windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      window = { count: 0, startedAt: now };
      this.#windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

type CountingRedis = Redis & {
  parleyCountRequest(key: string, windowMs: number): Promise<[current: number, ttl: number]>;
};

/**
 * Counts shared by every process through Redis, in the same fixed windows and under the same keys as the library's
 * own Redis store used, so processes of the previous version count into the same budget during a rolling update.
 */
export class RedisWindowStore implements FastifyRateLimitStore {
  readonly #redis: CountingRedis;

  constructor(redis: Redis) {
    if (!("parleyCountRequest" in redis)) {
      // The window starts with the key's first request; a key that somehow lost its expiry gets one back.
      redis.defineCommand("parleyCountRequest", {
        numberOfKeys: 1,
        lua: `
          local current = redis.call('INCR', KEYS[1])
          local ttl = redis.call('PTTL', KEYS[1])
          if current == 1 or ttl < 0 then
            redis.call('PEXPIRE', KEYS[1], ARGV[1])
            ttl = tonumber(ARGV[1])
          end
          return {current, ttl}`,
      });
    }
    this.#redis = redis as CountingRedis;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.#redis.parleyCountRequest(REDIS_PREFIX + key, timeWindow).then(
      ([current, ttl]) => callback(null, { current, ttl }),
      (error: Error) => callback(error),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** What the limit says to one request or frame: admitted, or refused until the caller's next window. */
export type RateVerdict = { isAdmitted: true } | { isAdmitted: false; retryAfterSeconds: number };

const ADMITTED: RateVerdict = { isAdmitted: true };

/**
 * The one budget every caller draws from, whatever it spends it on: HTTP requests on both APIs and WebSocket
 * frames count into the same windows under the same keys, so a client cannot double its budget by moving its
 * traffic from one to the other.
 */
export interface RequestCounter {
  /** Requests a second each key may make; 0 when the limit is off. */
  readonly perSecond: number;
  /** The budget of `key`: an app's server has its own, larger one (`RATE_LIMIT_SERVER_PER_SECOND`). */
  limitOf(key: string): number;
  /** Counts one request of `key`. When the count cannot be read (Redis away), the request passes. */
  countRequest(key: string): Promise<RateVerdict>;
  /** The counts themselves, in the form `@fastify/rate-limit` takes. */
  readonly store: FastifyRateLimitStore;
}

export function createRequestCounter(options: {
  perSecond: number;
  /** An app server's budget; the end users' when not given. */
  serverPerSecond?: number;
  redis: Redis | null;
}): RequestCounter {
  const { perSecond } = options;
  const serverPerSecond = options.serverPerSecond ?? perSecond;
  const store = options.redis ? new RedisWindowStore(options.redis) : new MemoryWindowStore();
  const limitOf = (key: string) => (key.startsWith(SERVER_KEY_PREFIX) ? serverPerSecond : perSecond);
  return {
    perSecond,
    limitOf,
    store,
    countRequest(key) {
      if (perSecond <= 0) return Promise.resolve(ADMITTED);
      return new Promise((resolve) => {
        store.incr(
          key,
          (error, result) => {
            if (error || !result || result.current <= limitOf(key)) return resolve(ADMITTED);
            resolve({ isAdmitted: false, retryAfterSeconds: retryAfterSeconds(result.ttl) });
          },
          WINDOW_MS,
        );
      });
    },
  };
}

const retryAfterSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/** The refusals of a request whose credential is missing or not valid, on the dashboard API and the chat API. */
const CREDENTIAL_REFUSALS = new Set<ErrorCode>([Errors.NOT_LOGGED_IN, Errors.CHAT_AUTH_REQUIRED]);

/**
 * Counts every route of the scope it is registered in, after the caller is known (`hook`: the dashboard knows its
 * account before validation, the chat API only before the handler). One second windows; with Redis the count is
 * shared by every process. When Redis does not answer, requests pass rather than fail.
 *
 * Authentication runs before the count, and a request it refuses would otherwise never be counted: guessing
 * tokens would be free. So a request refused for a missing or invalid credential counts against its address
 * here, and past the address's budget it answers 005 instead.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  options: { counter: RequestCounter; hook: "onRequest" | "preValidation" | "preHandler" },
): Promise<void> {
  const { counter } = options;
  if (counter.perSecond <= 0) return;
  // The library makes its store with `new`; a constructor that returns the counter's own store makes it count
  // into the same windows as the WebSocket frames.
  const SharedStore = function SharedStore() {
    return counter.store;
  } as unknown as FastifyRateLimitStoreCtor;
  await scope.register(fastifyRateLimit, {
    max: (_request, key) => counter.limitOf(key),
    timeWindow: WINDOW_MS,
    hook: options.hook,
    keyGenerator: rateLimitKey,
    enableDraftSpec: true,
    skipOnError: true,
    store: SharedStore,
    errorResponseBuilder: (_request, context) =>
      new AppError(Errors.RATE_LIMITED, { retryAfterSeconds: retryAfterSeconds(context.ttl) }),
  });
  scope.decorateRequest("isRateCounted", false);
  // What this handler throws goes on to the server's error handler, which answers it.
  scope.setErrorHandler(async (error, request, reply) => {
    if (error instanceof AppError && CREDENTIAL_REFUSALS.has(error.code) && !request.isRateCounted) {
      request.isRateCounted = true;
      const verdict = await counter.countRequest(addressKey(request));
      if (!verdict.isAdmitted) {
        void reply.header("retry-after", String(verdict.retryAfterSeconds));
        throw new AppError(Errors.RATE_LIMITED, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
    }
    throw error;
  });
}
