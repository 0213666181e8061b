/** Hears when the platform says the network came or went; browsers' `online` and `offline` events by default. */
export interface NetworkMonitor {
  subscribe(listener: (online: boolean) => void): () => void;
}

/** The browser's `online` and `offline` events, or null where there are none (Node, React Native). */
export function browserNetwork(): NetworkMonitor | null {
  const target = globalThis as { addEventListener?: (type: string, listener: () => void) => void } & {
    removeEventListener?: (type: string, listener: () => void) => void;
  };
  if (typeof target.addEventListener !== "function" || typeof target.removeEventListener !== "function") return null;
  return {
    subscribe(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      target.addEventListener?.("online", online);
      target.addEventListener?.("offline", offline);
      return () => {
        target.removeEventListener?.("online", online);
        target.removeEventListener?.("offline", offline);
      };
    },
  };
}

/**
 * Follows what the platform says: the page hiding (a closed or backgrounded tab gets no later timer), and the network
 * going and coming back, from `monitor` or else the browser's events.
 */
export function followPlatform(
  monitor: NetworkMonitor | undefined,
  on: { hiding: () => void; lost: () => void; back: () => void },
): void {
  const page = globalThis as { addEventListener?: (type: string, listener: () => void) => void };
  page.addEventListener?.("pagehide", on.hiding);
  (monitor ?? browserNetwork())?.subscribe((online) => (online ? on.back() : on.lost()));
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
