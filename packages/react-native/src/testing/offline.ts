import type { FakeClient } from "@parley/react/headless";
import type { ClientHost, ParleyClient, SessionChange } from "@parley/sdk";
import { memoryStorage, OfflineStore } from "@parley/sdk/offline";

/** Stores opened by {@link attachOffline}, each with how to sign its user out of it. */
const opened: Array<() => Promise<void>> = [];

/**
 * Gives a fake client the SDK's real offline layer in memory and signs its user in to it, as a login does. The
 * outbox retries only when told (`flush()`), so a test sees each state a send passes through.
 */
export async function attachOffline(client: FakeClient): Promise<OfflineStore> {
  const sessions: Array<(change: SessionChange) => Promise<void>> = [];
  const host: ClientHost = {
    onSession: (listener) => {
      sessions.push(listener);
    },
    resumeFrom: () => {},
    knownSession: () => {},
    retryNow: () => {},
    networkLost: () => {},
    onPlatform: () => {},
    seenChannels: () => {},
  };
  const store = new OfflineStore(client as unknown as ParleyClient, host, {
    storage: memoryStorage(),
    retryDelayMs: { initial: 60_000, max: 60_000 },
    network: { subscribe: () => () => {} },
  });
  client.offline = store;
  const change = (next: SessionChange) => Promise.all(sessions.map((listener) => listener(next))).then(() => {});
  await change({ user: client.currentUser, sessionToken: client.sessionToken ?? "pcs_fake" });
  opened.push(() => change({ user: null, keepData: true }));
  return store;
}

/** Signs out of every store {@link attachOffline} opened, which stops their timers; call it after each test. */
export async function closeOfflineStores(): Promise<void> {
  for (const close of opened.splice(0)) await close();
}
