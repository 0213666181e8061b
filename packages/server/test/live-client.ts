import { type TLiveEvent, type TLiveFrame, zLiveFrame } from "@parley/contract";

/**
 * A viewer of an app's live tail over a real socket, as the dashboard reads it: `fetch` with the bearer token, the
 * body read as it arrives and cut into server-sent events.
 */
export interface LiveViewer {
  /** Every frame so far, in order. */
  frames: TLiveFrame[];
  /** Heartbeat comments seen. */
  comments: number;
  /** Resolves with the first frame (past or future) that matches, or fails after `timeoutMs`. */
  waitFor<F extends TLiveFrame>(match: (frame: TLiveFrame) => frame is F, timeoutMs?: number): Promise<F>;
  waitFor(match: (frame: TLiveFrame) => boolean, timeoutMs?: number): Promise<TLiveFrame>;
  /** The events so far. */
  events(): TLiveEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export type LiveAnswer = { status: number; viewer: LiveViewer } | { status: number; body: { code?: string } };

/** Opens the tail; a refusal comes back with its envelope, an accepted stream once its `ready` frame arrived. */
export async function openLive(
  baseUrl: string,
  appId: string,
  token: string | null,
  query: Record<string, string> = {},
): Promise<LiveAnswer> {
  const controller = new AbortController();
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${baseUrl}/api/apps/${appId}/events/live${search ? `?${search}` : ""}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }
  const frames: TLiveFrame[] = [];
  const waiters = new Set<() => void>();
  const viewer = {
    frames,
    comments: 0,
  } as LiveViewer;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  viewer.ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
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
          if (data) frames.push(zLiveFrame.parse(JSON.parse(data)));
          else if (block.startsWith(":")) viewer.comments += 1;
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // A connection cut (by the viewer's close or the server going away) ends the stream like the server's end.
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  viewer.events = () => frames.flatMap((frame) => (frame.kind === "event" ? [frame.event] : []));
  viewer.close = () => controller.abort();
  viewer.waitFor = (async (match: (frame: TLiveFrame) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching live frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
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
  }) as LiveViewer["waitFor"];
  await viewer.waitFor((frame) => frame.kind === "ready");
  return { status: 200, viewer };
}

/** The viewer of an accepted stream; fails the test on a refusal. */
export function accepted(answer: LiveAnswer): LiveViewer {
  if (!("viewer" in answer))
    throw new Error(`the live tail was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.viewer;
}
