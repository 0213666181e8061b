import {
  api,
  zAppIdParams,
  zTranslationEnabled,
  zTranslationKeyRequest,
  zTranslationKeyResponse,
  zTranslationVerifyResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { registerEnabledRoutes } from "../../http/enabled-routes";
import type { AuthService } from "../auth";
import type { TranslationService } from "./service";

/** The dashboard's translation settings: the switch and the Google API key. */
export const translationRoutes: FastifyPluginAsync<{ auth: AuthService; translation: TranslationService }> = async (
  fastify,
  { auth, translation },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  registerEnabledRoutes(app, {
    path: api.apps.translationEnabled,
    schema: zTranslationEnabled,
    read: (auth, appId) => translation.getEnabled(auth, appId),
    write: (auth, appId, enabled) => translation.setEnabled(auth, appId, enabled),
  });

  app.get(
    api.apps.translationKey,
    { schema: { params: zAppIdParams, response: { 200: zTranslationKeyResponse } } },
    async (request) => translation.getKey(authOf(request), request.params.id),
  );

  app.put(
    api.apps.translationKey,
    { schema: { params: zAppIdParams, body: zTranslationKeyRequest, response: { 200: zTranslationKeyResponse } } },
    async (request) => translation.saveKey(authOf(request), request.params.id, request.body.key),
  );

  app.delete(
    api.apps.translationKey,
    { schema: { params: zAppIdParams, response: { 200: zTranslationKeyResponse } } },
    async (request) => translation.deleteKey(authOf(request), request.params.id),
  );

  app.post(
    api.apps.translationVerify,
    { schema: { params: zAppIdParams, body: zTranslationKeyRequest, response: { 200: zTranslationVerifyResponse } } },
    async (request) => translation.verifyKey(authOf(request), request.params.id, request.body.key),
  );
};
