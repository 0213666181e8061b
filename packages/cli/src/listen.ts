import { performance } from "node:perf_hooks";
import { chatApi, type TWebhookListenEvent, type TWebhookListenFrame } from "@parley/contract/client";
import { chatUrl } from "./api";
import type { Settings } from "./config";
import { columns, type Output } from "./output";
import { signedHeaders } from "./signing";
import { holdStream } from "./stream";

/** How one forward went, as the line printed for it says. */
export interface ForwardResult {
  at: string;
  type: string;
  id: string;
  resent: boolean;
  /** The local server's HTTP status; null when it did not answer. */
  status: number | null;
  error: string | null;
  latencyMs: number;
}

/** A local server gets this long to answer, as the server gives a webhook URL. */
const FORWARD_TIMEOUT_MS = 15_000;

/** POSTs one event to the local URL, signed with the listener's secret, as a delivery to the app's URL is. */
export async function forward(event: TWebhookListenEvent, target: string, secret: string): Promise<ForwardResult> {
  const body = JSON.stringify(event.payload);
  const started = performance.now();
  const base = { at: new Date().toISOString(), type: event.type, id: event.id, resent: event.resent };
  try {
    const response = await fetch(target, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "parley-cli",
        ...signedHeaders(secret, event.id, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ...base, status: response.status, error: null, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    return { ...base, status: null, error: reason, latencyMs: Math.round(performance.now() - started) };
  }
}

function lineOf(result: ForwardResult): string {
  const status = result.status === null ? `failed: ${result.error}` : String(result.status);
  return columns(
    [result.at, result.type, `${result.id}${result.resent ? " (resent)" : ""}`, status, `${result.latencyMs} ms`],
    [24, 20, 24, 6, 8],
  );
}

/**
 * `parley listen`: holds the app's webhook stream and forwards each event to `target`, one at a time and in order,
 * until `signal` aborts.
 */
export async function listen(
  settings: Settings,
  options: { target: string; secret: string; events: string[] | null; signal: AbortSignal },
  out: Output,
): Promise<void> {
  const query = options.events ? `?events=${encodeURIComponent(options.events.join(","))}` : "";
  let isFirst = true;
  await holdStream<TWebhookListenFrame>({
    url: `${chatUrl(settings, chatApi.webhooksListen)}${query}`,
    apiKey: settings.apiKey,
    signal: options.signal,
    onState(state) {
      if (state.kind === "connected") {
        out.note(
          isFirst ? `Ready: forwarding the app's webhook events to ${options.target} (Ctrl+C to stop)` : "Reconnected",
        );
        isFirst = false;
      } else {
        out.note(`Connection lost (${state.reason}); reconnecting in ${(state.delayMs / 1000).toFixed(1)} s`);
      }
    },
    async onFrame(frame) {
      if (frame.kind === "dropped") out.note(`${frame.count} events left out: more than the stream carries a second`);
      if (frame.kind !== "event") return;
      const result = await forward(frame.event, options.target, options.secret);
      out.result(lineOf(result), result);
    },
  });
}
