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
  /**
   * Streams corked for the coming flush. Whether a stream is held (here or in `leaving`) is its own cork count, which
   * only the window leaves raised between turns: arrays, not sets, since with a flush of thousands of streams the
   * sets' hashing and deleting took 7 % of the gateway's time in a large fan-out. A released stream keeps its place
   * and may be held again, so a stream can be in the window twice; the second visit finds it uncorked already.
   */
  let held: Writable[] = [];
  /** Streams of a flush under way, from `next` on still corked: a frame written to one of them leaves with it. */
  let leaving: Writable[] = [];
  let next = 0;
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let nextTurn: NodeJS.Immediate | null = null;

  const uncork = (limit: number) => {
    nextTurn = null;
    const end = Math.min(leaving.length, next + limit);
    while (next < end) {
      const stream = leaving[next] as Writable;
      next += 1;
      // Released meanwhile, its frames are gone already.
      if (stream.writableCorked > 0) stream.uncork();
    }
    if (next < leaving.length) {
      nextTurn = setImmediate(uncork, limit);
      return;
    }
    leaving = [];
    next = 0;
  };

  const flush = (limit: number) => {
    timer = null;
    lastFlush = performance.now();
    // The streams of a flush still under way go first: their frames have waited longest.
    leaving = next < leaving.length ? leaving.slice(next).concat(held) : held;
    held = [];
    next = 0;
    if (nextTurn) clearImmediate(nextTurn);
    uncork(limit);
  };

  return {
    /** Corks `stream` until the window's flush; call before each write to it. */
    hold(stream: Writable) {
      if (stream.writableCorked > 0) return;
      held.push(stream);
      stream.cork();
      timer ??= setTimeout(flush, Math.max(0, lastFlush + windowMs - performance.now()), STREAMS_PER_TURN);
    },
    /**
     * Lets `stream`'s held frames leave now, so the frame written next goes at once behind them: for frames whose
     * every millisecond counts more than the writes a window saves, such as a call's signalling, where each offer,
     * answer and candidate waits on the one before. Its place in the window stays, and is passed over.
     */
    release(stream: Writable) {
      if (stream.writableCorked > 0) stream.uncork();
    },
    /** Sends whatever is held now, all of it before returning. */
    flush() {
      if (timer) clearTimeout(timer);
      flush(Number.POSITIVE_INFINITY);
    },
  };
}
