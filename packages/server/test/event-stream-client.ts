/**
 * A reader of a chat API stream of server-sent events (`/v1/webhooks/listen`, `/v1/events/live`) over a real socket,
 * as `parley listen` and `parley tail` read them: `fetch` with the API key, the body cut into frames as it arrives.
 */
export interface StreamReader<F> {
  frames: F[];
  /** Resolves with the first frame (past or future) that matches, or fails after `timeoutMs`. */
  waitFor(match: (frame: F) => boolean, timeoutMs?: number): Promise<F>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export type StreamAnswer<F> = { status: number; reader: StreamReader<F> } | { status: number; body: { code?: string } };

/** Opens the stream; a refusal comes back with its envelope, an accepted stream once its `ready` frame arrived. */
export async function openStream<F extends { kind: string }>(
  url: string,
  token: string | null,
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
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          buffer = buffer.slice(end + 2);
          if (data) frames.push(JSON.parse(data) as F);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // A connection cut (by the reader's close or the server going away) ends the stream like the server's end.
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  const reader: StreamReader<F> = {
    frames,
    ended,
    close: () => controller.abort(),
    async waitFor(match, timeoutMs = 5000) {
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
    },
  };
  await reader.waitFor((frame) => frame.kind === "ready");
  return { status: 200, reader };
}

/** The reader of an accepted stream; fails the test on a refusal. */
export function acceptedStream<F>(answer: StreamAnswer<F>): StreamReader<F> {
  if (!("reader" in answer)) throw new Error(`the stream was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.reader;
}
