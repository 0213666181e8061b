import {
  dataExportApi,
  EXPORT_DOWNLOAD_ROUTE,
  zAppExportParams,
  zAppIdParams,
  zAppUserParams,
  zCreateExportRequest,
  zDataExportResponse,
  zDataExportsResponse,
  zEraseUserResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { ExportService } from "./service";

/** The dashboard's data exports and user erasure, under `/api`. */
export const exportRoutes: FastifyPluginAsync<{ auth: AuthService; exports: ExportService }> = async (
  fastify,
  { auth, exports },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    dataExportApi.exports,
    { schema: { params: zAppIdParams, response: { 200: zDataExportsResponse } } },
    async (request) => ({ exports: await exports.list(authOf(request), request.params.id) }),
  );
  app.post(
    dataExportApi.exports,
    { schema: { params: zAppIdParams, body: zCreateExportRequest, response: { 200: zDataExportResponse } } },
    async (request) => ({ export: await exports.create(authOf(request), request.params.id, request.body) }),
  );
  app.get(
    dataExportApi.export,
    { schema: { params: zAppExportParams, response: { 200: zDataExportResponse } } },
    async (request) => ({ export: await exports.get(authOf(request), request.params.id, request.params.exportId) }),
  );
  app.post(
    dataExportApi.eraseUser,
    { schema: { params: zAppUserParams, response: { 200: zEraseUserResponse } } },
    async (request) => exports.eraseUser(authOf(request), request.params.id, request.params.userId),
  );
};

/** `GET /exports/:exportId/:token/:fileName`: the archive; the token is the capability, so it works from the mail. */
export const exportDownloadRoutes: FastifyPluginAsync<{ exports: ExportService }> = async (fastify, { exports }) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    EXPORT_DOWNLOAD_ROUTE,
    {
      schema: {
        params: z.object({
          exportId: z.string().uuid(),
          token: z.string().min(1).max(100),
          fileName: z.string().max(200),
        }),
      },
    },
    async (request, reply) => {
      const archive = await exports.openDownload(request.params.exportId, request.params.token);
      if (archive.size !== null) reply.header("content-length", String(archive.size));
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${archive.fileName}"`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("referrer-policy", "no-referrer")
        .send(archive.stream);
    },
  );
};
