import { chatApi, chatOperation, zMessageParams, zMessageResponse } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf, resolveChatCaller } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { LinkPreviewService } from "./service";

/** `/v1` link previews: the sender (or the app's server) takes a message's preview off. */
export const linkPreviewChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  linkPreviews: LinkPreviewService;
}> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", resolveChatCaller(deps));

  app.delete(
    chatApi.linkPreview,
    {
      schema: {
        ...chatOperation("removeLinkPreview", "Remove a message's link preview"),
        description:
          "Takes the link preview off a message, for every reader, with a `message.updated`. It stays off for that link, even while the page is still being fetched; an edit to another link brings that link's preview. Users remove their own messages' previews (3250 for another's); the app's server any message's. Answers the message.",
        params: zMessageParams,
        response: { 200: zMessageResponse },
      },
    },
    async (request) => {
      const { channelId, messageId } = request.params;
      return { message: await deps.linkPreviews.removePreview(actorOf(request), channelId, messageId) };
    },
  );
};
