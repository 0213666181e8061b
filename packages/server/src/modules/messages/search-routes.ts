import {
  chatApi,
  chatOperation,
  messageSearchApi,
  zAppIdParams,
  zAppMessageSearchQuery,
  zAppMessageSearchResponse,
  zChannelParams,
  zMessageSearchQuery,
  zMessageSearchResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { actorOf, resolveChatCaller } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { AuthService } from "../auth";
import type { ChatUserService } from "../chat-users";
import type { MessageSearch } from "./search";

/** The dashboard's message search, under `/api`. */
export const messageSearchRoutes: FastifyPluginAsync<{ auth: AuthService; messageSearch: MessageSearch }> = async (
  fastify,
  { auth, messageSearch },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  app.get(
    messageSearchApi.search,
    {
      schema: {
        params: zAppIdParams,
        querystring: zAppMessageSearchQuery,
        response: { 200: zAppMessageSearchResponse },
      },
    },
    async (request) => messageSearch.inApp(authOf(request), request.params.id, request.query),
  );
};

/** A channel's message search in the chat API, under `/v1`. */
export const messageSearchChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  messageSearch: MessageSearch;
}> = async (fastify, deps) => {
  const { messageSearch } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));
  r.get(
    chatApi.messageSearch,
    {
      schema: {
        ...chatOperation("searchMessages", "Search a channel's messages by text"),
        params: zChannelParams,
        querystring: zMessageSearchQuery,
        response: { 200: zMessageSearchResponse },
      },
    },
    async (request) => messageSearch.inChannel(actorOf(request), request.params.channelId, request.query),
  );
};
