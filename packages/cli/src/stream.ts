import { ApiError, apiErrorOf } from "./api";

/** What the holder of a stream hears besides its frames. */
export type StreamState = { kind: "connected" } | { kind: "retrying"; delayMs: number; reason: string };

export interface HoldStreamOptions<F> {
  url: string;
  apiKey: string;
  /** Awaited before the next frame is read, so frames are handled one at a time, in order. */
  onFrame(frame: F): void | Promise<void>;
  onState(state: StreamState): void;
  signal: AbortSignal;
  /** The first wait before reconnecting, doubled on each failure in a row up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The server writes a comment at least this often (LIVE_HEARTBEAT_SECONDS is 15); a connection silent for three of
 * them is taken as dead, as a laptop's sleep or a changed network leaves it without a word.
 */
const SILENCE_MS = 45_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/** Reads one connection's server-sent events until it ends; resolves whether it ever got `ready`. */
async function readOnce<F extends { kind: string }>(options: HoldStreamOptions<F>, connection: AbortController) {
  const response = await fetch(options.url, {
    headers: { authorization: `Bearer ${options.apiKey}`, accept: "text/event-stream" },
    signal: connection.signal,
  });
  if (!response.ok || !response.body) {
    const error = await apiErrorOf(response);
    // A refusal (bad key, wrong filter, too many streams) will not change by retrying; a 5xx or a 429 may.
    if (response.status >= 400 && response.status < 500 && response.status !== 429) throw error;
    throw new RetryableError(`${error.code} ${error.message}`);
  }
  let silence = setTimeout(() => connection.abort(), SILENCE_MS);
  let wasReady = false;
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of response.body) {
      clearTimeout(silence);
      silence = setTimeout(() => connection.abort(), SILENCE_MS);
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const data = buffer
          .slice(0, end)
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trimStart())
          .join("\n");
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const frame = JSON.parse(data) as F;
        if (frame.kind === "ready") {
          wasReady = true;
          options.onState({ kind: "connected" });
        }
        await options.onFrame(frame);
      }
    }
  } catch (err) {
    if (!connection.signal.aborted) throw err;
  } finally {
    clearTimeout(silence);
  }
  return wasReady;
}

class RetryableError extends Error {}

/**
 * Holds a stream open until `signal` aborts: reconnects after a dropped connection, a time-out or a 5xx, waiting
 * longer after each failure in a row; a refusal the API gives (4xx) ends it with that {@link ApiError}.
 */
export async function holdStream<F extends { kind: string }>(options: HoldStreamOptions<F>): Promise<void> {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  let delay = initial;
  while (!options.signal.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    options.signal.addEventListener("abort", stop, { once: true });
    let reason = "the connection closed";
    try {
      if (await readOnce(options, connection)) delay = initial;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    } finally {
      options.signal.removeEventListener("abort", stop);
    }
    if (options.signal.aborted) return;
    // A little randomness, so the laptops of a team do not all come back in the same second after an outage.
    const wait = Math.round(delay * (0.8 + Math.random() * 0.4));
    options.onState({ kind: "retrying", delayMs: wait, reason });
    await sleep(wait, options.signal);
    delay = Math.min(delay * 2, max);
  }
}
