import {
  API_KEY_STREAMS_PER_KEY,
  chatApi,
  Errors,
  parseWebhookEvents,
  zEventResendParams,
  zWebhookListenQuery,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { apiKeyCallerOf } from "../../http/api-key-caller";
import { resolveChatCaller } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import { eventStream, type LiveFeed } from "../live";
import type { WebhookListening } from "./listen";

/**
 * `GET /v1/webhooks/listen` (server-sent events) and `POST /v1/events/{eventId}/resend`, with an API key only: what
 * `parley listen` and `parley events resend` call. Left out of the chat API's OpenAPI document, which describes
 * request and answer, not a stream of events and the tool beside it.
 */
export const webhookListenChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  live: LiveFeed;
  listening: WebhookListening;
}> = async (fastify, deps) => {
  const { apps, live, listening } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));
  // A stream never ends by itself; the server's close would wait on each one for ever.
  fastify.addHook("preClose", (done) => {
    live.endAll();
    done();
  });

  r.get(
    chatApi.webhooksListen,
    { schema: { hide: true, querystring: zWebhookListenQuery } },
    async (request, reply) => {
      const { app, keyId, isKeyLive } = apiKeyCallerOf(request, apps);
      const { events } = request.query;
      const response = eventStream(reply);
      const viewer = live.open({
        appId: app.id,
        accountId: null,
        sessionId: `apiKey:${keyId}`,
        filter: { types: null, channelId: null, userId: null },
        listener: listening.listenerFor(app.id, events ? parseWebhookEvents(events) : null),
        sink: response.sink,
        limit: { max: API_KEY_STREAMS_PER_KEY, error: new AppError(Errors.TOO_MANY_API_KEY_STREAMS) },
      });
      return response.send(viewer.close, isKeyLive);
    },
  );

  r.post(chatApi.eventResend, { schema: { hide: true, params: zEventResendParams } }, async (request) => {
    const { app } = apiKeyCallerOf(request, apps);
    return listening.resend(app.id, request.params.eventId);
  });
};
