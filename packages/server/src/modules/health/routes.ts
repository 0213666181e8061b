import { api, zHealthResponse } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

/**
 * What a load balancer asks before sending a process traffic: 200 when the database and (if configured) Redis both
 * answer, 503 with code 002 naming the one that did not.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database; redis: Redis | null }> = async (
  fastify,
  { database, redis },
) => {
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
              () => "ok" as const,
              (err: unknown) => {
                request.log.error({ err }, "redis did not answer the health check");
                return "down" as const;
              },
            )
          : ("none" as const),
      ]);
      if (db === "down" || cache === "down") throw new AppError("002", { database: db, redis: cache });
      return { status: "ok" as const, database: database.kind, redis: cache };
    });
};
