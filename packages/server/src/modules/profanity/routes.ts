import { api, zAppIdParams, zProfanityEnabled, zProfanitySettings, zProfanitySettingsResponse } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { registerEnabledRoutes } from "../../http/enabled-routes";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AuthService } from "../auth";
import type { ProfanityService } from "./service";

export const profanityRoutes: FastifyPluginAsync<{ auth: AuthService; profanity: ProfanityService }> = async (
  fastify,
  { auth, profanity },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  registerEnabledRoutes(app, {
    path: api.apps.profanityEnabled,
    schema: zProfanityEnabled,
    read: (auth, appId) => profanity.getEnabled(auth, appId),
    write: (auth, appId, enabled) => profanity.setEnabled(auth, appId, enabled),
  });

  app.get(
    api.apps.profanity,
    { schema: { params: zAppIdParams, response: { 200: zProfanitySettingsResponse } } },
    async (request) => ({ settings: await profanity.getSettings(authOf(request), request.params.id) }),
  );

  app.put(
    api.apps.profanity,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: { params: zAppIdParams, body: zProfanitySettings, response: { 200: zProfanitySettingsResponse } },
    },
    async (request) => ({
      settings: await profanity.updateSettings(authOf(request), request.params.id, request.body),
    }),
  );
};
