import fastifyMultipart from "@fastify/multipart";
import {
  dataImportApi,
  IMPORT_FILE_MAX_BYTES,
  validationKeyOf,
  zAppIdParams,
  zAppImportParams,
  zCreateTalkPlusImportRequest,
  zDataImportResponse,
  zDataImportsResponse,
  zImportUploadFields,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { receiveUpload } from "../../http/multipart";
import { RequestValidationError } from "../../http/validation";
import type { AuthService } from "../auth";
import type { ImportService } from "./service";

/** The dashboard's data imports, under `/api`. */
export const importRoutes: FastifyPluginAsync<{ auth: AuthService; imports: ImportService }> = async (
  fastify,
  { auth, imports },
) => {
  await fastify.register(fastifyMultipart);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  // Who may import is decided before the body is read or validated: a caller who may not gets 3176 whatever it sent.
  app.addHook("preValidation", async (request) => {
    const { id } = request.params as { id?: unknown };
    if (typeof id === "string" && zAppIdParams.shape.id.safeParse(id).success) {
      await imports.requireOwner(authOf(request), id);
    }
  });

  app.get(
    dataImportApi.imports,
    { schema: { params: zAppIdParams, response: { 200: zDataImportsResponse } } },
    async (request) => ({ imports: await imports.list(authOf(request), request.params.id) }),
  );
  app.post(
    dataImportApi.imports,
    { schema: { params: zAppIdParams, body: zCreateTalkPlusImportRequest, response: { 200: zDataImportResponse } } },
    async (request) => ({
      import: await imports.createFromTalkPlus(authOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    dataImportApi.upload,
    { schema: { params: zAppIdParams, consumes: ["multipart/form-data"], response: { 200: zDataImportResponse } } },
    async (request) => {
      return {
        import: await imports.createFromUpload(authOf(request), request.params.id, async () => {
          // The source field comes before the file, so it arrives with the file's part, before its bytes.
          const upload = await receiveUpload(request, IMPORT_FILE_MAX_BYTES);
          const fields = zImportUploadFields.safeParse(upload.fields);
          if (fields.success) return { ...fields.data, upload };
          upload.stream.destroy();
          throw new RequestValidationError(
            fields.error.issues.map((issue) => ({
              path: issue.path.join("."),
              message: validationKeyOf(issue),
              missing: upload.fields.source === undefined,
            })),
          );
        }),
      };
    },
  );
  app.get(
    dataImportApi.import,
    { schema: { params: zAppImportParams, response: { 200: zDataImportResponse } } },
    async (request) => ({ import: await imports.get(authOf(request), request.params.id, request.params.importId) }),
  );
  for (const action of ["start", "pause", "resume", "cancel"] as const) {
    app.post(
      dataImportApi[action],
      { schema: { params: zAppImportParams, response: { 200: zDataImportResponse } } },
      async (request) => ({
        import: await imports[action](authOf(request), request.params.id, request.params.importId),
      }),
    );
  }
  app.get(dataImportApi.report, { schema: { params: zAppImportParams } }, async (request, reply) => {
    const report = await imports.report(authOf(request), request.params.id, request.params.importId);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="parley-import-${report.import.id}.json"`)
      .header("cache-control", "private, no-store")
      .send(JSON.stringify(report, null, 2));
  });
};
