import {
  api,
  Errors,
  zApiKeyParams,
  zApiKeysResponse,
  zAppChatSettings,
  zAppChatSettingsResponse,
  zAppIdParams,
  zAppOnboardingResponse,
  zAppResponse,
  zAppsResponse,
  zCreateApiKeyRequest,
  zCreateApiKeyResponse,
  zCreateAppRequest,
  zOk,
  zUpdateAppRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { AppService } from "./service";

export const appRoutes: FastifyPluginAsync<{ auth: AuthService; apps: AppService }> = async (
  fastify,
  { auth, apps },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(api.apps.list, { schema: { response: { 200: zAppsResponse } } }, async (request) => ({
    apps: await apps.listApps(authOf(request)),
  }));

  app.post(
    api.apps.list,
    {
      schema: { body: zCreateAppRequest, response: { 200: zAppResponse } },
      // A sub-account cannot create apps: it hears so before its input is looked at.
      preValidation: async (request) => {
        if (authOf(request).account.kind === "subaccount") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
      },
    },
    async (request) => ({
      app: await apps.createApp(authOf(request), request.body.name),
    }),
  );

  app.get(api.apps.one, { schema: { params: zAppIdParams, response: { 200: zAppResponse } } }, async (request) => ({
    app: await apps.getApp(authOf(request), request.params.id),
  }));

  app.put(
    api.apps.one,
    { schema: { params: zAppIdParams, body: zUpdateAppRequest, response: { 200: zAppResponse } } },
    async (request) => ({ app: await apps.renameApp(authOf(request), request.params.id, request.body.name) }),
  );

  app.get(
    api.apps.admin,
    { schema: { params: zAppIdParams, response: { 200: zAppChatSettingsResponse } } },
    async (request) => ({ settings: await apps.getChatSettings(authOf(request), request.params.id) }),
  );

  app.put(
    api.apps.admin,
    { schema: { params: zAppIdParams, body: zAppChatSettings, response: { 200: zAppChatSettingsResponse } } },
    async (request) => ({ settings: await apps.updateChatSettings(authOf(request), request.params.id, request.body) }),
  );

  app.get(
    api.apps.onboarding,
    { schema: { params: zAppIdParams, response: { 200: zAppOnboardingResponse } } },
    async (request) => ({ onboarding: await apps.getOnboarding(authOf(request), request.params.id) }),
  );

  app.get(
    api.apps.apiKeys,
    { schema: { params: zAppIdParams, response: { 200: zApiKeysResponse } } },
    async (request) => ({ apiKeys: await apps.listApiKeys(authOf(request), request.params.id) }),
  );

  app.post(
    api.apps.apiKeys,
    {
      schema: { params: zAppIdParams, body: zCreateApiKeyRequest, response: { 200: zCreateApiKeyResponse } },
      // The secret is shown once and stored only as a hash; a replayable answer would keep it in clear.
      config: { idempotency: false },
    },
    async (request) => apps.createApiKey(authOf(request), request.params.id, request.body.label),
  );

  app.delete(api.apps.apiKey, { schema: { params: zApiKeyParams, response: { 200: zOk } } }, async (request) => {
    await apps.revokeApiKey(authOf(request), request.params.id, request.params.keyId);
    return { ok: true as const };
  });
};
