import { chatApi, chatOperation, zRevokeTokensRequest, zRevokeTokensResponse, zUserIdParams } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, serverOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "./service";

const REVOKE_DESCRIPTION =
  "Login tokens issued before issuedBefore (now when left out) are refused from then on: opaque tokens created before it, and app-signed tokens whose iat is earlier (3184). Sessions started before it end, and their sockets close. An earlier time than one already stored leaves the stored one; the answer is the time in force. 3187 for a time to come.";

/** The app's server revokes login tokens "issued before T", for one user or for every user of the app. */
export const chatTokenRoutes: FastifyPluginAsync<{ apps: AppService; chatUsers: ChatUserService }> = async (
  fastify,
  deps,
) => {
  const { chatUsers } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", resolveChatCaller(deps));

  app.post(
    chatApi.userTokensRevoke,
    {
      schema: {
        ...chatOperation("revokeUserTokens", "Revoke a user's login tokens issued before a time"),
        description: REVOKE_DESCRIPTION,
        params: zUserIdParams,
        body: zRevokeTokensRequest,
        response: { 200: zRevokeTokensResponse },
      },
    },
    async (request) => {
      const user = await chatUsers.requireUser(serverOnly(request).id, request.params.userId);
      return chatUsers.signing.revokeUser(user, request.body.issuedBefore);
    },
  );

  app.post(
    chatApi.tokensRevoke,
    {
      schema: {
        ...chatOperation("revokeAppTokens", "Revoke the login tokens of every user issued before a time"),
        description: REVOKE_DESCRIPTION,
        body: zRevokeTokensRequest,
        response: { 200: zRevokeTokensResponse },
      },
    },
    async (request) => chatUsers.signing.revokeApp(serverOnly(request), request.body.issuedBefore),
  );
};
