import {
  fillPath,
  LIVE_EVENT_GROUPS,
  liveApi,
  type TLiveEventGroup,
  type TLiveFrame,
  zLiveFrame,
} from "@parley/contract";
import { api } from "@/lib/api-client";
import { readServerSentEvents } from "../lib/server-sent-events";

/** The tail's filters as the screen holds them: a group of event types or all, and exact channel and user ids. */
export interface LiveTailFilters {
  group: TLiveEventGroup | "all";
  channelId: string;
  userId: string;
}

/**
 * Opens the app's live tail and yields its frames as they arrive, until the server ends the stream. Leaving the loop
 * (or aborting `signal` before the answer) closes the connection. The bearer token goes in the Authorization header
 * like on every call, which is why this reads the stream with fetch rather than EventSource.
 */
export async function* openLiveTail(
  appId: string,
  filters: LiveTailFilters,
  signal?: AbortSignal,
): AsyncGenerator<TLiveFrame> {
  const body = await api.stream(fillPath(liveApi.events, { id: appId }), {
    signal,
    query: {
      types: filters.group === "all" ? undefined : LIVE_EVENT_GROUPS[filters.group].join(","),
      channelId: filters.channelId || undefined,
      userId: filters.userId || undefined,
    },
  });
  for await (const { data } of readServerSentEvents(body, signal)) {
    if (signal?.aborted) return;
    // A frame this screen does not know (a newer server) is passed over rather than ending the tail.
    const frame = zLiveFrame.safeParse(JSON.parse(data));
    if (frame.success) yield frame.data;
  }
}
