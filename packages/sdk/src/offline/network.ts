import type { ClientHost, NetworkMonitor, PlatformState } from "@parley/sdk";

/**
 * Follows what the platform says: the page hiding (a closed or backgrounded tab gets no later timer), the app going to
 * the background and coming back, and the network going and coming back, as the client hears them from its own
 * monitors; `monitor`, the offline layer's own, tells the client too.
 */
export function followPlatform(
  host: ClientHost,
  monitor: NetworkMonitor | undefined,
  on: { hiding: () => void; changed: (state: PlatformState) => void },
): void {
  const page = globalThis as { addEventListener?: (type: string, listener: () => void) => void };
  page.addEventListener?.("pagehide", on.hiding);
  host.onPlatform?.((state) => {
    // An app sent to the background may be stopped without a later timer, as a hidden page may.
    if (!state.active) on.hiding();
    on.changed(state);
  });
  monitor?.subscribe((online) => (online ? host.retryNow() : host.networkLost()));
}

/**
 * The channel the tabs of one user's copy tell each other on (an item one queued is sent by whichever holds the
 * outbox's lock), or null where there is none.
 */
export function tabsChannel(name: string, changed: () => void): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel(`parley:${name}`);
  channel.onmessage = changed;
  // Node keeps a process alive for an open channel; a script that is done should end.
  (channel as { unref?: () => void }).unref?.();
  return channel;
}
