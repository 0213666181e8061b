import { chatApi, chatOperation, zMessageTranslationResponse, zTranslationParams } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf, resolveChatCaller } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { TranslationService } from "./service";

/** `/v1` message translation, for end users (members of the channel) and the app's servers. */
export const translationChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  translation: TranslationService;
}> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", resolveChatCaller(deps));

  app.get(
    chatApi.translation,
    {
      schema: {
        ...chatOperation("translateMessage", "Translate a message into another language"),
        description:
          "The message's text in `language`, translated by Google once and then served from the cache. 3037 when the app has translation off or no key, 3038 when Google fails.",
        params: zTranslationParams,
        response: { 200: zMessageTranslationResponse },
      },
    },
    async (request) => {
      const { channelId, messageId, language } = request.params;
      return { translation: await deps.translation.translateMessage(actorOf(request), channelId, messageId, language) };
    },
  );
};
