/**
 * A reader of a stream of server-sent events over a real socket, as `parley listen` and `parley tail` read the chat
 * API's (`/v1/webhooks/listen`, `/v1/events/live`) and the dashboard reads an app's live tail: `fetch` with the bearer
 * token, the body cut into frames as it arrives.
 */
export interface StreamReader<F> {
  /** Every frame so far, in order. */
  frames: F[];
  /** Heartbeat comments seen. */
  comments: number;
  /** Resolves with the first frame (past or future) that matches, or fails after `timeoutMs`. */
  waitFor<G extends F>(match: (frame: F) => frame is G, timeoutMs?: number): Promise<G>;
  waitFor(match: (frame: F) => boolean, timeoutMs?: number): Promise<F>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export type StreamAnswer<F> = { status: number; reader: StreamReader<F> } | { status: number; body: { code?: string } };

/**
 * Opens the stream; a refusal comes back with its envelope, an accepted stream once its `ready` frame arrived. `parse`
 * checks each frame's data against its schema, where the caller has one.
 */
export async function openStream<F extends { kind: string }>(
  url: string,
  token: string | null,
  parse: (data: unknown) => F = (data) => data as F,
): Promise<StreamAnswer<F>> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }
  const frames: F[] = [];
  const waiters = new Set<() => void>();
  const body = response.body.getReader();
  const decoder = new TextDecoder();
  let comments = 0;
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          if (data) frames.push(parse(JSON.parse(data)));
          else if (block.startsWith(":")) comments += 1;
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // A connection cut (by the reader's close or the server going away) ends the stream like the server's end.
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  async function waitFor(match: (frame: F) => boolean, timeoutMs = 5000): Promise<F> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }
  const reader: StreamReader<F> = {
    frames,
    get comments() {
      return comments;
    },
    ended,
    close: () => controller.abort(),
    waitFor: waitFor as StreamReader<F>["waitFor"],
  };
  await reader.waitFor((frame) => frame.kind === "ready");
  return { status: 200, reader };
}

/** The reader of an accepted stream; fails the test on a refusal. */
export function acceptedStream<F>(answer: StreamAnswer<F>): StreamReader<F> {
  if (!("reader" in answer)) throw new Error(`the stream was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.reader;
}
