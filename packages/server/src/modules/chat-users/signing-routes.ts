import {
  api,
  zAppIdParams,
  zCreateSigningSecretRequest,
  zCreateSigningSecretResponse,
  zOk,
  zRevokeTokensRequest,
  zRevokeTokensResponse,
  zSigningSecretParams,
  zSigningSecretsResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AppService } from "../apps";
import type { AuthService } from "../auth";
import type { ChatUserService } from "./service";

/**
 * The dashboard's login-token signing: the app's secrets (listed without their values), creating or rotating one,
 * deleting one, and revoking every user's tokens issued before a time. Whoever manages the app's API keys manages
 * these, through the same app access check: the owner, the sub-account made for this app and admins.
 */
export const loginSigningRoutes: FastifyPluginAsync<{
  auth: AuthService;
  apps: AppService;
  chatUsers: ChatUserService;
}> = async (fastify, { auth, apps, chatUsers }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  const { signing } = chatUsers;

  app.get(
    api.apps.loginSigningSecrets,
    { schema: { params: zAppIdParams, response: { 200: zSigningSecretsResponse } } },
    async (request) => ({
      secrets: await signing.listSecrets(await apps.requireAppAccess(authOf(request), request.params.id)),
    }),
  );

  app.post(
    api.apps.loginSigningSecrets,
    {
      schema: {
        params: zAppIdParams,
        body: zCreateSigningSecretRequest,
        response: { 200: zCreateSigningSecretResponse },
      },
      // The secret is shown once; a replayable answer would keep it in clear.
      config: { idempotency: false },
    },
    async (request) => {
      const target = await apps.requireAppAccess(authOf(request), request.params.id);
      return signing.createSecret(target, request.body.overlapSeconds);
    },
  );

  app.delete(
    api.apps.loginSigningSecret,
    { schema: { params: zSigningSecretParams, response: { 200: zOk } } },
    async (request) => {
      const target = await apps.requireAppAccess(authOf(request), request.params.id);
      await signing.deleteSecret(target, request.params.secretId);
      return { ok: true as const };
    },
  );

  app.post(
    api.apps.loginTokensRevoke,
    { schema: { params: zAppIdParams, body: zRevokeTokensRequest, response: { 200: zRevokeTokensResponse } } },
    async (request) => {
      const target = await apps.requireAppAccess(authOf(request), request.params.id);
      return signing.revokeApp(target, request.body.issuedBefore);
    },
  );
};
