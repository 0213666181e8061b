import type { ClientHost, ParleyClient, SessionChange } from "@parley/sdk";
import { memoryStorage, type OfflineStorage, OfflineStore } from "@parley/sdk/offline";
import type { FakeClient } from "./fake-client";

/** Stores opened by {@link attachOffline}, each with how to sign its user out of it. */
const opened: Array<() => Promise<void>> = [];

/**
 * Gives a fake client the SDK's real offline layer over `storage` (in memory by default; pass the same one to a
 * second client to open what the first kept, as an app does after a restart), and signs its user in to it, as a
 * login does. The outbox retries only when told (`flush()`), so a test sees each state it passes through.
 */
export async function attachOffline(
  client: FakeClient,
  storage: OfflineStorage = memoryStorage(),
): Promise<OfflineStore> {
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
    storage,
    retryDelayMs: { initial: 60_000, max: 60_000 },
    network: { subscribe: () => () => {} },
  });
  client.offline = store;
  const change = (next: SessionChange) => Promise.all(sessions.map((listener) => listener(next))).then(() => {});
  await change({ user: client.currentUser, sessionToken: client.sessionToken ?? "pcs_fake" });
  // Signed out keeping the copy, so the storage can be opened again; the outbox's timers stop with it.
  opened.push(() => change({ user: null, keepData: true }));
  return store;
}

/** Signs out of every store {@link attachOffline} opened; call it after each test that used one. */
export async function closeOfflineStores(): Promise<void> {
  for (const close of opened.splice(0)) await close();
}
