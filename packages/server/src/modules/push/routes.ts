import {
  api,
  isTitledPushTemplateKey,
  PUSH_TEMPLATE_KEYS,
  zApnsKeyRequest,
  zApnsKeyResponse,
  zApnsTestRequest,
  zApnsTestResponse,
  zAppIdParams,
  zFcmKeyRequest,
  zFcmKeyResponse,
  zPushAttemptsPage,
  zPushAttemptsQuery,
  zPushEnabled,
  zPushNotificationSettings,
  zPushNotificationSettingsResponse,
  zPushTemplateResponse,
  zPushTemplatesResponse,
  zSuperChannelPushSettings,
  zSuperChannelPushSettingsResponse,
  zTestPushRequest,
  zTestPushResponse,
  zUpdatePushTemplateRequest,
  zUpdateTitledPushTemplateRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { registerEnabledRoutes } from "../../http/enabled-routes";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AuthService } from "../auth";
import type { PushService } from "./service";

/** The dashboard's push screen under `/api/apps/{id}/push/...`. */
export const pushRoutes: FastifyPluginAsync<{ auth: AuthService; push: PushService }> = async (
  fastify,
  { auth, push },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  const params = zAppIdParams;

  app.get(api.apps.pushFcmKey, { schema: { params, response: { 200: zFcmKeyResponse } } }, async (request) =>
    push.getKey(authOf(request), request.params.id),
  );
  app.put(
    api.apps.pushFcmKey,
    { bodyLimit: LARGE_BODY_LIMIT_BYTES, schema: { params, body: zFcmKeyRequest, response: { 200: zFcmKeyResponse } } },
    async (request) => push.saveKey(authOf(request), request.params.id, request.body),
  );
  app.delete(api.apps.pushFcmKey, { schema: { params, response: { 200: zFcmKeyResponse } } }, async (request) =>
    push.deleteKey(authOf(request), request.params.id),
  );

  app.get(api.apps.pushApnsKey, { schema: { params, response: { 200: zApnsKeyResponse } } }, async (request) =>
    push.getApnsKey(authOf(request), request.params.id),
  );
  app.put(
    api.apps.pushApnsKey,
    { schema: { params, body: zApnsKeyRequest, response: { 200: zApnsKeyResponse } } },
    async (request) => push.saveApnsKey(authOf(request), request.params.id, request.body),
  );
  app.delete(api.apps.pushApnsKey, { schema: { params, response: { 200: zApnsKeyResponse } } }, async (request) =>
    push.deleteApnsKey(authOf(request), request.params.id),
  );
  app.post(
    api.apps.pushApnsTest,
    { schema: { params, body: zApnsTestRequest, response: { 200: zApnsTestResponse } } },
    async (request) => push.sendApnsTest(authOf(request), request.params.id, request.body.token),
  );

  registerEnabledRoutes(app, {
    path: api.apps.pushEnabled,
    schema: zPushEnabled,
    read: (auth, appId) => push.getEnabled(auth, appId),
    write: (auth, appId, enabled) => push.setEnabled(auth, appId, enabled),
  });

  app.get(
    api.apps.pushNotificationSettings,
    { schema: { params, response: { 200: zPushNotificationSettingsResponse } } },
    async (request) => ({ settings: await push.getNotificationSettings(authOf(request), request.params.id) }),
  );
  app.put(
    api.apps.pushNotificationSettings,
    { schema: { params, body: zPushNotificationSettings, response: { 200: zPushNotificationSettingsResponse } } },
    async (request) => ({
      settings: await push.updateNotificationSettings(authOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    api.apps.pushSuperChannel,
    { schema: { params, response: { 200: zSuperChannelPushSettingsResponse } } },
    async (request) => ({ settings: await push.getSuperChannelSettings(authOf(request), request.params.id) }),
  );
  app.put(
    api.apps.pushSuperChannel,
    { schema: { params, body: zSuperChannelPushSettings, response: { 200: zSuperChannelPushSettingsResponse } } },
    async (request) => ({
      settings: await push.updateSuperChannelSettings(authOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    api.apps.pushTemplates,
    { schema: { params, response: { 200: zPushTemplatesResponse } } },
    async (request) => ({ templates: await push.listTemplates(authOf(request), request.params.id) }),
  );
  // One route per template: the keys' slashes are path segments (`.../template/channel/member/left`).
  for (const key of PUSH_TEMPLATE_KEYS) {
    const path = `${api.apps.pushTemplate}/${key}`;
    // A template with a title of its own is saved with it; the others have none to take.
    const body = isTitledPushTemplateKey(key)
      ? zUpdateTitledPushTemplateRequest
      : zUpdatePushTemplateRequest.pick({ text: true });
    app.get(path, { schema: { params, response: { 200: zPushTemplateResponse } } }, async (request) => ({
      template: await push.getTemplate(authOf(request), request.params.id, key),
    }));
    app.put(path, { schema: { params, body, response: { 200: zPushTemplateResponse } } }, async (request) => ({
      template: await push.updateTemplate(authOf(request), request.params.id, key, request.body),
    }));
  }

  app.get(
    api.apps.pushAttempts,
    { schema: { params, querystring: zPushAttemptsQuery, response: { 200: zPushAttemptsPage } } },
    async (request) => push.listAttempts(authOf(request), request.params.id, request.query),
  );
  app.post(
    api.apps.pushTest,
    { schema: { params, body: zTestPushRequest, response: { 200: zTestPushResponse } } },
    async (request) => push.sendTest(authOf(request), request.params.id, request.body.userId),
  );
};
