import { API_KEY_STREAMS_PER_KEY, chatApi, Errors, parseLiveTypes, zLiveTailQuery } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { apiKeyCallerOf } from "../../http/api-key-caller";
import { resolveChatCaller } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import { eventStream } from "./event-stream";
import type { LiveFeed } from "./feed";

/**
 * `GET /v1/events/live`: the dashboard's live tail for the app's server, with an API key, and the same filters and
 * frames (`parley tail`). Left out of the chat API's OpenAPI document, which describes request and answer, not a
 * stream of events.
 */
export const liveTailChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  live: LiveFeed;
}> = async (fastify, deps) => {
  const { apps, live } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));
  // A stream never ends by itself; the server's close would wait on each one for ever.
  fastify.addHook("preClose", (done) => {
    live.endAll();
    done();
  });

  r.get(chatApi.eventsLive, { schema: { hide: true, querystring: zLiveTailQuery } }, async (request, reply) => {
    const { app, keyId, isKeyLive } = apiKeyCallerOf(request, apps);
    const { types, channelId, userId } = request.query;
    const response = eventStream(reply);
    const viewer = live.open({
      appId: app.id,
      accountId: null,
      sessionId: `apiKey:${keyId}`,
      filter: {
        types: types ? new Set(parseLiveTypes(types)) : null,
        channelId: channelId ?? null,
        userId: userId ?? null,
      },
      sink: response.sink,
      limit: { max: API_KEY_STREAMS_PER_KEY, error: new AppError(Errors.TOO_MANY_API_KEY_STREAMS) },
    });
    return response.send(viewer.close, isKeyLive);
  });
};
