import { chatApi, type TLiveFrame } from "@parley/contract/client";
import { chatUrl } from "./api";
import type { Settings } from "./config";
import { columns, type Output } from "./output";
import { holdStream } from "./stream";

/** `parley tail`: the app's live events, as the dashboard's live tail shows them, filtered by the server. */
export async function tail(
  settings: Settings,
  filter: { types?: string | undefined; channelId?: string | undefined; userId?: string | undefined },
  signal: AbortSignal,
  out: Output,
): Promise<void> {
  const query = new URLSearchParams();
  if (filter.types) query.set("types", filter.types);
  if (filter.channelId) query.set("channelId", filter.channelId);
  if (filter.userId) query.set("userId", filter.userId);
  const search = query.toString();
  await holdStream<TLiveFrame>({
    url: `${chatUrl(settings, chatApi.eventsLive)}${search ? `?${search}` : ""}`,
    apiKey: settings.apiKey,
    signal,
    onState(state) {
      if (state.kind === "connected") out.note("Ready: showing the app's events as they happen (Ctrl+C to stop)");
      else out.note(`Connection lost (${state.reason}); reconnecting in ${(state.delayMs / 1000).toFixed(1)} s`);
    },
    onFrame(frame) {
      if (frame.kind === "dropped") out.note(`${frame.count} events left out: more than the tail shows a second`);
      if (frame.kind !== "event") return;
      const { event } = frame;
      out.result(
        columns([event.at, event.type, event.channelId ?? "-", event.userId ?? "-", event.id], [24, 20, 36, 16, 0]),
        event,
      );
    },
  });
}
