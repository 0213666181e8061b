/** One server-sent event: its `event:` name ("message" when it has none) and its `data:` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Cuts a `text/event-stream` body into its events as they arrive, per the HTML standard's rules that matter here:
 * lines end in LF, CRLF or CR; a blank line ends an event; lines starting with ":" are comments (heartbeats); an event
 * with no data is not dispatched. `id:` and `retry:` are ignored, since the tail neither resumes nor reconnects by
 * the stream's say.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  /** Closes the connection even while no data arrives. */
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) cancel();
  signal?.addEventListener("abort", cancel, { once: true });
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A CR at the end may be half of a CRLF whose LF is in the next chunk: held back, not read as a line end.
      const heldCr = !done && buffer.endsWith("\r");
      const lines = (heldCr ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The last piece is a line still arriving.
      buffer = done ? "" : `${lines.pop() ?? ""}${heldCr ? "\r" : ""}`;
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const raw = colon < 0 ? "" : line.slice(colon + 1);
        const value = raw.startsWith(" ") ? raw.slice(1) : raw;
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (done) return;
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
    // Leaving the loop early (the viewer changed a filter or left the screen) closes the connection.
    await reader.cancel().catch(() => undefined);
  }
}
