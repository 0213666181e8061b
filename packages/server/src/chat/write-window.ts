import type { Writable } from "node:stream";

/**
 * Gathers the frames written to each connection and lets them leave together, at most once per window.
 *
 * A fan-out costs mostly write system calls, one per connection per frame. When the gateway is idle the first
 * frame leaves on the next timer tick, so a quiet channel waits for nothing; under load, frames for the same
 * connection within one window go out in a single write, so the calls stop growing with the message rate. No
 * frame waits longer than the window.
 */
export function createWriteWindow(windowMs: number) {
  const held = new Set<Writable>();
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    lastFlush = performance.now();
    for (const stream of held) stream.uncork();
    held.clear();
  };

  return {
    /** Corks `stream` until the window's flush; call before each write to it. */
    hold(stream: Writable) {
      if (held.has(stream)) return;
      held.add(stream);
      stream.cork();
      timer ??= setTimeout(flush, Math.max(0, lastFlush + windowMs - performance.now()));
    },
    /** Sends whatever is held now. */
    flush() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
