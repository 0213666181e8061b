import { api, Errors, zHealthResponse, zServiceStatus } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { StatusMonitor } from "./status";

/**
 * What a load balancer asks before sending a process traffic: 200 when the database and (if configured) Redis both
 * answer, 503 with code 002 naming the one that did not.
 */
export const healthRoutes: FastifyPluginAsync<{
  database: Database;
  redis: Redis | null;
  /** A process that answers Redis but does not yet hear the other processes is not ready either. */
  isBusReceiving: () => boolean;
}> = async (fastify, { database, redis, isBusReceiving }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(api.health, { schema: { response: { 200: zHealthResponse } } }, async (request) => {
      const [db, cache] = await Promise.all([
        database.query("select 1").then(
          () => "ok" as const,
          (err: unknown) => {
            request.log.error({ err }, "database did not answer the health check");
            return "down" as const;
          },
        ),
        redis
          ? redis.ping().then(
              () => (isBusReceiving() ? ("ok" as const) : ("down" as const)),
              (err: unknown) => {
                request.log.error({ err }, "redis did not answer the health check");
                return "down" as const;
              },
            )
          : ("none" as const),
      ]);
      if (db === "down" || cache === "down") throw new AppError(Errors.DEPENDENCY_DOWN, { database: db, redis: cache });
      return { status: "ok" as const, database: database.kind, redis: cache };
    });
};

/**
 * The status page's facts, for anyone: each component up or down and recent incidents, named for what customers
 * use. Unlike the health check it names no software and always answers 200, since a degraded service is what it
 * is there to report.
 */
export const statusRoutes: FastifyPluginAsync<{ status: StatusMonitor }> = async (fastify, { status }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(api.status, { schema: { response: { 200: zServiceStatus } } }, async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return status.current();
    });
};
