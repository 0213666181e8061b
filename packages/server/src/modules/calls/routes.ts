import {
  dashboardCallsApi,
  zAppIdParams,
  zCallParams,
  zCallSettingsResponse,
  zDashboardCallResponse,
  zDashboardCallsPage,
  zDashboardCallsQuery,
  zIceServersResponse,
  zUpdateCallSettingsRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { CallService } from "./service";

/**
 * The dashboard's call routes: an app's ICE servers (and credentials to test its TURN server with), and its calls
 * with their timelines.
 */
export const callRoutes: FastifyPluginAsync<{ auth: AuthService; calls: CallService }> = async (
  fastify,
  { auth, calls },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    dashboardCallsApi.settings,
    { schema: { params: zAppIdParams, response: { 200: zCallSettingsResponse } } },
    async (request) => ({ settings: await calls.getSettings(authOf(request), request.params.id) }),
  );
  app.put(
    dashboardCallsApi.settings,
    { schema: { params: zAppIdParams, body: zUpdateCallSettingsRequest, response: { 200: zCallSettingsResponse } } },
    async (request) => ({ settings: await calls.updateSettings(authOf(request), request.params.id, request.body) }),
  );
  app.get(
    dashboardCallsApi.iceServers,
    { schema: { params: zAppIdParams, response: { 200: zIceServersResponse } } },
    async (request) => calls.dashboardIceServers(authOf(request), request.params.id),
  );
  app.get(
    dashboardCallsApi.calls,
    { schema: { params: zAppIdParams, querystring: zDashboardCallsQuery, response: { 200: zDashboardCallsPage } } },
    async (request) => calls.listForApp(authOf(request), request.params.id, request.query),
  );
  app.get(
    dashboardCallsApi.call,
    { schema: { params: zCallParams, response: { 200: zDashboardCallResponse } } },
    async (request) => calls.getForApp(authOf(request), request.params.id, request.params.callId),
  );
};
