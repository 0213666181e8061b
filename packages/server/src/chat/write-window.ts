import type { Writable } from "node:stream";

/** Streams written per turn of the event loop while a window's frames leave; see `createWriteWindow`. */
export const STREAMS_PER_TURN = 128;

/**
 * Gathers the frames written to each connection and lets them leave together, at most once per window.
 *
 * A fan-out costs mostly write system calls, one per connection per frame. When the gateway is idle the first
 * frame leaves on the next timer tick, so a quiet channel waits for nothing; under load, frames for the same
 * connection within one window go out in a single write, so the calls stop growing with the message rate. No
 * frame waits longer than the window and the writes before it.
 *
 * A window's writes leave `STREAMS_PER_TURN` streams at a time, with the event loop's other work between: writing
 * to a thousand sockets at once holds the loop for over ten milliseconds, and each message being sent meanwhile
 * would wait that long at every database reply on its way.
 */
export function createWriteWindow(windowMs: number) {
  /** Streams corked for the coming flush. */
  const held = new Set<Writable>();
  /** Streams of a flush under way, still corked: a frame written to one of them leaves with it. */
  const leaving = new Set<Writable>();
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let nextTurn: NodeJS.Immediate | null = null;

  const uncork = (limit: number) => {
    nextTurn = null;
    let written = 0;
    // Deleting the visited entry while iterating a Set is safe, and leaves the rest to come.
    for (const stream of leaving) {
      if (written === limit) {
        nextTurn = setImmediate(uncork, limit);
        return;
      }
      leaving.delete(stream);
      stream.uncork();
      written += 1;
    }
  };

  const flush = (limit: number) => {
    timer = null;
    lastFlush = performance.now();
    for (const stream of held) leaving.add(stream);
    held.clear();
    if (nextTurn) clearImmediate(nextTurn);
    uncork(limit);
  };

  return {
    /** Corks `stream` until the window's flush; call before each write to it. */
    hold(stream: Writable) {
      if (held.has(stream) || leaving.has(stream)) return;
      held.add(stream);
      stream.cork();
      timer ??= setTimeout(flush, Math.max(0, lastFlush + windowMs - performance.now()), STREAMS_PER_TURN);
    },
    /**
     * Lets `stream`'s held frames leave now, so the frame written next goes at once behind them: for frames whose
     * every millisecond counts more than the writes a window saves, such as a call's signalling, where each offer,
     * answer and candidate waits on the one before.
     */
    release(stream: Writable) {
      if (held.delete(stream) || leaving.delete(stream)) stream.uncork();
    },
    /** Sends whatever is held now, all of it before returning. */
    flush() {
      if (timer) clearTimeout(timer);
      flush(Number.POSITIVE_INFINITY);
    },
  };
}
