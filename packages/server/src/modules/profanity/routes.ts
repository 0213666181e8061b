import {
  api,
  zAppIdParams,
  zProfanityEnabled,
  zProfanityEnabledResponse,
  zProfanitySettings,
  zProfanitySettingsResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AuthService } from "../auth";
import type { ProfanityService } from "./service";

export const profanityRoutes: FastifyPluginAsync<{ auth: AuthService; profanity: ProfanityService }> = async (
  fastify,
  { auth, profanity },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    api.apps.profanityEnabled,
    { schema: { params: zAppIdParams, response: { 200: zProfanityEnabledResponse } } },
    async (request) => profanity.getEnabled(authOf(request), request.params.id),
  );

  app.put(
    api.apps.profanityEnabled,
    { schema: { params: zAppIdParams, body: zProfanityEnabled, response: { 200: zProfanityEnabledResponse } } },
    async (request) => profanity.setEnabled(authOf(request), request.params.id, request.body.enabled),
  );

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
