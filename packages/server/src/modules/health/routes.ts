import { api, zHealthResponse } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (fastify, { database }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(api.health, { schema: { response: { 200: zHealthResponse } } }, async (request) => {
      try {
        await database.query("select 1");
      } catch (err) {
        request.log.error({ err }, "database did not answer the health check");
        throw new AppError("002");
      }
      return { status: "ok" as const, database: database.kind };
    });
};
