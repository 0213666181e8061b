import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";
import type { LiveSink } from "./feed";

/**
 * A revoked key's streams end within this long: a stream outlives the request that checked its key, and revoking
 * a leaked key must cut what it opened.
 */
const KEY_RECHECK_MS = 30_000;

/**
 * A response of server-sent events for a viewer of the live feed: `sink` is what the feed writes to; `send` answers
 * the request with the stream and closes the viewer when the client goes, or, given `isKeyLive`, once the API key it
 * was opened with no longer admits anyone.
 */
export function eventStream(reply: FastifyReply) {
  const stream = new PassThrough();
  const sink: LiveSink = {
    write: (text) => stream.write(text),
    backlog: () => stream.writableLength + stream.readableLength + reply.raw.writableLength,
    end: () => stream.end(),
  };
  return {
    sink,
    send(close: () => void, isKeyLive?: () => Promise<boolean>) {
      let timer: NodeJS.Timeout | null = null;
      if (isKeyLive) {
        timer = setInterval(() => {
          isKeyLive().then(
            (isLive) => {
              if (!isLive) close();
            },
            // A database away for a moment is not a revocation; the next check decides.
            () => undefined,
          );
        }, KEY_RECHECK_MS);
        timer.unref();
      }
      reply.raw.on("close", () => {
        if (timer) clearInterval(timer);
        close();
      });
      return (
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache, no-transform")
          // nginx and its kind buffer responses unless told not to; a stream must arrive as it happens.
          .header("x-accel-buffering", "no")
          .send(stream)
      );
    },
  };
}
