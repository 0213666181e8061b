import {
  API_KEY_STREAMS_PER_KEY,
  chatApi,
  chatOperation,
  Errors,
  parseLiveTypes,
  zLiveTailQuery,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { apiKeyCallerOf } from "../../http/api-key-caller";
import { resolveChatCaller } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import { eventStream } from "./event-stream";
import type { LiveFeed } from "./feed";

const TAIL_DESCRIPTION =
  "With an API key only. Answers `text/event-stream` and stays open: each server-sent event's `event:` is the frame's kind and its `data:` the frame as JSON, as on the dashboard's live tail. `ready` once the stream hears the app's events; `event` ({ event: { id, type, at, channelId, userId, summary, … } }) for each event of the app; `dropped` ({ count, at }) after a second in which events beyond the bound were left out. `types`, `channelId` and `userId` narrow the stream. One API key holds at most 5 streams per server process (3191).";

/**
 * `GET /v1/events/live`: the dashboard's live tail for the app's server, with an API key, and the same filters and
 * frames (`parley tail`). The document gives it as `text/event-stream`, its frames described in words.
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

  const schema = {
    ...chatOperation(
      "tailEvents",
      "Hear the app's events as the dashboard's live tail shows them, as server-sent events",
    ),
    description: TAIL_DESCRIPTION,
    querystring: zLiveTailQuery,
  };
  r.get(chatApi.eventsLive, { schema }, async (request, reply) => {
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
