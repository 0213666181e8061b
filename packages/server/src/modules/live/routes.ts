import { PassThrough } from "node:stream";
import { liveApi, parseLiveTypes, zAppIdParams, zLiveTailQuery } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AppService } from "../apps";
import type { AuthService } from "../auth";
import type { LiveFeed } from "./feed";

/**
 * `GET /api/apps/{id}/events/live`: the app's events as server-sent events, for as long as the viewer keeps the
 * response open. The dashboard sends its bearer token like on every other call (it reads the stream with fetch, not
 * EventSource, which cannot send headers), so the token never appears in a URL or a log line.
 */
export const liveRoutes: FastifyPluginAsync<{ auth: AuthService; apps: AppService; live: LiveFeed }> = async (
  fastify,
  { auth, apps, live },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  // A stream never ends by itself; the server's close would wait on each one for ever.
  fastify.addHook("preClose", (done) => {
    live.endAll();
    done();
  });

  app.get(liveApi.events, { schema: { params: zAppIdParams, querystring: zLiveTailQuery } }, async (request, reply) => {
    const session = authOf(request);
    const target = await apps.requireAppAccess(session, request.params.id);
    const { types, channelId, userId } = request.query;
    const stream = new PassThrough();
    const viewer = live.open({
      appId: target.id,
      accountId: session.account.id,
      sessionId: session.sessionId,
      filter: {
        types: types ? new Set(parseLiveTypes(types)) : null,
        channelId: channelId ?? null,
        userId: userId ?? null,
      },
      sink: {
        write: (text) => stream.write(text),
        backlog: () => stream.writableLength + stream.readableLength + reply.raw.writableLength,
        end: () => stream.end(),
      },
    });
    reply.raw.on("close", viewer.close);
    return (
      reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        // nginx and its kind buffer responses unless told not to; a tail must arrive as it happens.
        .header("x-accel-buffering", "no")
        .send(stream)
    );
  });
};
