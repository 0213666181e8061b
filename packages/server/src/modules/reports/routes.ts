import {
  reportQueueApi,
  zAppIdParams,
  zReportSettings,
  zReportTargetDetail,
  zReportTargetParams,
  zReportTargetsPage,
  zReportTargetsQuery,
  zResolveReportRequest,
  zResolveReportResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { ReportQueue } from "./service";

/** The dashboard's report queue: open and resolved targets, one target's reports in context, resolving, settings. */
export const reportQueueRoutes: FastifyPluginAsync<{ auth: AuthService; reportQueue: ReportQueue }> = async (
  fastify,
  { auth, reportQueue },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    reportQueueApi.targets,
    { schema: { params: zAppIdParams, querystring: zReportTargetsQuery, response: { 200: zReportTargetsPage } } },
    async (request) => reportQueue.list(authOf(request), request.params.id, request.query),
  );
  app.get(
    reportQueueApi.settings,
    { schema: { params: zAppIdParams, response: { 200: zReportSettings } } },
    async (request) => reportQueue.getSettings(authOf(request), request.params.id),
  );
  app.put(
    reportQueueApi.settings,
    { schema: { params: zAppIdParams, body: zReportSettings, response: { 200: zReportSettings } } },
    async (request) => reportQueue.saveSettings(authOf(request), request.params.id, request.body),
  );
  app.get(
    reportQueueApi.target,
    { schema: { params: zReportTargetParams, response: { 200: zReportTargetDetail } } },
    async (request) => reportQueue.detail(authOf(request), request.params.id, request.params.targetId),
  );
  app.post(
    reportQueueApi.resolve,
    {
      schema: { params: zReportTargetParams, body: zResolveReportRequest, response: { 200: zResolveReportResponse } },
    },
    async (request) => ({
      target: await reportQueue.resolve(authOf(request), request.params.id, request.params.targetId, request.body),
    }),
  );
};
