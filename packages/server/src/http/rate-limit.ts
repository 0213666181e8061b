import fastifyRateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { AppError } from "../errors";

/**
 * Who a request counts against: the signed-in account on the dashboard API, the end user (or, for an API key, the
 * app) on the chat API, and the client address when no one is signed in.
 */
function rateLimitKey(request: FastifyRequest): string {
  if (request.auth) return `account:${request.auth.account.id}`;
  const caller = request.chatCaller;
  if (caller?.kind === "user") return `chat-user:${caller.user.id}`;
  if (caller?.kind === "server") return `app:${caller.app.id}`;
  // Requests injected without a socket (tests, WebSocket injection) have no address.
  return `ip:${request.ip ?? "local"}`;
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

/**
 * Counts every route of the scope it is registered in, after the caller is known (`hook`: the dashboard knows its
 * account before validation, the chat API only before the handler). One second windows; with Redis the count is
 * shared by every process. When Redis does not answer, requests pass rather than fail.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  options: { perSecond: number; redis: Redis | null; hook: "preValidation" | "preHandler" },
): Promise<void> {
  if (options.perSecond <= 0) return;
  await scope.register(fastifyRateLimit, {
    max: options.perSecond,
    timeWindow: 1000,
    hook: options.hook,
    keyGenerator: rateLimitKey,
    enableDraftSpec: true,
    skipOnError: true,
    nameSpace: "parley:rate:",
    ...(options.redis ? { redis: options.redis } : { store: MemoryWindowStore }),
    errorResponseBuilder: (_request, context) =>
      new AppError("005", { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
