import {
  api,
  Errors,
  zAppMetricsResponse,
  zAppsMetricsResponse,
  zMetricsAppParams,
  zMetricsRangeQuery,
  zReportEmails,
  zReportEmailsResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { ReportService } from "./reports";

export const metricsRoutes: FastifyPluginAsync<{ auth: AuthService; reports: ReportService }> = async (
  fastify,
  { auth, reports },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    api.metrics.apps,
    { schema: { querystring: zMetricsRangeQuery, response: { 200: zAppsMetricsResponse } } },
    async (request) => reports.listAppTotals(authOf(request), request.query),
  );

  app.get(
    api.metrics.app,
    { schema: { params: zMetricsAppParams, querystring: zMetricsRangeQuery, response: { 200: zAppMetricsResponse } } },
    async (request) => reports.getAppDaily(authOf(request), request.params.appId, request.query),
  );

  app.get(
    api.metrics.export,
    { schema: { params: zMetricsAppParams, querystring: zMetricsRangeQuery } },
    async (request, reply) => {
      const { csv, fileName } = await reports.exportAppDaily(authOf(request), request.params.appId, request.query);
      // The plain `filename` is an ASCII fallback for old clients; `filename*` carries the real (e.g. Korean) name.
      const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(api.metrics.emails, { schema: { response: { 200: zReportEmailsResponse } } }, async (request) => ({
    emails: await reports.getReportEmails(authOf(request)),
  }));

  app.put(
    api.metrics.emails,
    {
      schema: { body: zReportEmails, response: { 200: zReportEmailsResponse } },
      preValidation: async (request) => {
        if (authOf(request).account.kind === "subaccount") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
      },
    },
    async (request) => ({ emails: await reports.setReportEmails(authOf(request), request.body.emails) }),
  );
};
