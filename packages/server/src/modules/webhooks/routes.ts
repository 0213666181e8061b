import {
  api,
  zAppIdParams,
  zWebhookDeliveriesPage,
  zWebhookDeliveriesQuery,
  zWebhookDeliveryParams,
  zWebhookDeliveryResponse,
  zWebhookEnabled,
  zWebhookRedeliverResponse,
  zWebhookSampleQuery,
  zWebhookSampleResponse,
  zWebhookSettingsRequest,
  zWebhookSettingsResponse,
  zWebhookTestRequest,
  zWebhookTestResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { registerEnabledRoutes } from "../../http/enabled-routes";
import type { AuthService } from "../auth";
import type { WebhookService } from "./service";

export const webhookRoutes: FastifyPluginAsync<{ auth: AuthService; webhooks: WebhookService }> = async (
  fastify,
  { auth, webhooks },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  registerEnabledRoutes(app, {
    path: api.apps.webhookEnabled,
    schema: zWebhookEnabled,
    read: (auth, appId) => webhooks.getEnabled(auth, appId),
    write: (auth, appId, enabled) => webhooks.setEnabled(auth, appId, enabled),
  });

  app.get(
    api.apps.webhookSettings,
    { schema: { params: zAppIdParams, response: { 200: zWebhookSettingsResponse } } },
    async (request) => ({ settings: await webhooks.getSettings(authOf(request), request.params.id) }),
  );

  app.put(
    api.apps.webhookSettings,
    {
      schema: { params: zAppIdParams, body: zWebhookSettingsRequest, response: { 200: zWebhookSettingsResponse } },
    },
    async (request) => ({
      settings: await webhooks.updateSettings(authOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    api.apps.webhookSecretRotate,
    { schema: { params: zAppIdParams, response: { 200: zWebhookSettingsResponse } } },
    async (request) => ({ settings: await webhooks.rotateSecret(authOf(request), request.params.id) }),
  );

  app.get(
    api.apps.webhookSample,
    { schema: { params: zAppIdParams, querystring: zWebhookSampleQuery, response: { 200: zWebhookSampleResponse } } },
    async (request) => webhooks.sample(authOf(request), request.params.id, request.query.event),
  );

  app.post(
    api.apps.webhookTest,
    { schema: { params: zAppIdParams, body: zWebhookTestRequest, response: { 200: zWebhookTestResponse } } },
    async (request) => ({
      delivery: await webhooks.sendTest(authOf(request), request.params.id, request.body.event),
    }),
  );

  app.get(
    api.apps.webhookDeliveries,
    {
      schema: { params: zAppIdParams, querystring: zWebhookDeliveriesQuery, response: { 200: zWebhookDeliveriesPage } },
    },
    async (request) => webhooks.listDeliveries(authOf(request), request.params.id, request.query),
  );

  app.get(
    api.apps.webhookDelivery,
    { schema: { params: zWebhookDeliveryParams, response: { 200: zWebhookDeliveryResponse } } },
    async (request) => webhooks.getDelivery(authOf(request), request.params.id, request.params.deliveryId),
  );

  app.post(
    api.apps.webhookRedeliver,
    { schema: { params: zWebhookDeliveryParams, response: { 200: zWebhookRedeliverResponse } } },
    async (request) => ({
      delivery: await webhooks.redeliver(authOf(request), request.params.id, request.params.deliveryId),
    }),
  );
};
