import {
  API_KEY_STREAMS_PER_KEY,
  chatApi,
  chatOperation,
  Errors,
  parseWebhookEvents,
  zEventResendParams,
  zEventResendResponse,
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
 * `parley listen` and `parley events resend` call. The document gives the stream as `text/event-stream`; its frames
 * are described in words, as OpenAPI has no schema for the events of a stream.
 */
const LISTEN_DESCRIPTION =
  "With an API key only. Answers `text/event-stream` and stays open: each server-sent event's `event:` is the frame's kind and its `data:` the frame as JSON. `ready` ({ maxPerSecond, heartbeatSeconds }) once the stream hears the app's events; `event` ({ event: { id, type, payload, resent } }) for each webhook event, `payload` being exactly the body a delivery to the webhook URL carries; `dropped` ({ count, at }) after a second in which events beyond the bound were left out. `events` limits the stream to a comma-separated list of webhook event types. One API key holds at most 5 streams per server process (3191).";

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
    {
      schema: {
        ...chatOperation("listenWebhooks", "Hear every webhook event of the app as server-sent events"),
        description: LISTEN_DESCRIPTION,
        querystring: zWebhookListenQuery,
      },
    },
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

  r.post(
    chatApi.eventResend,
    {
      schema: {
        ...chatOperation("resendEvent", "Send one event again to the app's webhook listeners"),
        params: zEventResendParams,
        response: { 200: zEventResendResponse },
      },
    },
    async (request) => {
      const { app } = apiKeyCallerOf(request, apps);
      return listening.resend(app.id, request.params.eventId);
    },
  );
};
