import fastifyRateLimit from "@fastify/rate-limit";
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
    ...(options.redis ? { redis: options.redis } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError("005", { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
