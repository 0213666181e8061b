import type { Clock } from "./clock";

/** Far above the keys a process reads within one time to live, and a few megabytes at most. */
const DEFAULT_MAX_ENTRIES = 20_000;

/**
 * Values read on every message or request and changed rarely (an app's filter, its integrations, an account's
 * service state). A change made in this process takes effect at once through `invalidate`/`set`; other server
 * processes see it within `ttlMs`.
 *
 * With `refreshAhead`, an entry read past half its life is reloaded in the background while readers go on getting
 * it, so a key in steady use never makes its readers wait for the database; a value is still never served older
 * than `ttlMs`. Only for loads that stand alone: a load given a transaction must finish before that transaction
 * goes on, so such caches leave it off.
 *
 * Keys come from callers (a session token is whatever a request sent), so entries whose keys are never read again
 * must still go: every store drops the expired entries and, past `maxEntries`, the oldest ones.
 */
export function createTtlCache<K, V>(
  clock: Clock,
  ttlMs: number,
  options: { refreshAhead?: boolean; maxEntries?: number } = {},
) {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  // Kept in the order of loading (a store moves its key to the end), so the expired and the oldest come first.
  const entries = new Map<K, { value: V; loadedAt: number }>();
  /**
   * Loads under way, so that the requests arriving together when an entry expires share one database round trip
   * instead of each making its own (under load, that burst is what the slowest requests wait behind).
   */
  const loading = new Map<K, { value: Promise<V>; generation: number }>();
  // Bumped by every change, so a read that started before it cannot put the old value back.
  let generation = 0;

  /**
   * A sweep due once the entries held now have expired. Without it, the entries of a burst (ten thousand sockets
   * signing in after a deploy) would stay until the next store, which on a process that then goes quiet may be
   * long after their last read: memory held for nothing.
   */
  let sweep: NodeJS.Timeout | null = null;

  function dropStale(): void {
    const now = clock.now().getTime();
    for (const [oldKey, entry] of entries) {
      const fresh = now - entry.loadedAt < ttlMs && entry.loadedAt <= now;
      if (fresh && entries.size <= maxEntries) break;
      entries.delete(oldKey);
    }
  }

  function sweepLater(): void {
    if (sweep || entries.size === 0) return;
    sweep = setTimeout(() => {
      sweep = null;
      dropStale();
      sweepLater();
    }, ttlMs);
    sweep.unref();
  }

  function store(key: K, value: V, loadedAt: number): void {
    entries.delete(key);
    entries.set(key, { value, loadedAt });
    dropStale();
    sweepLater();
  }

  /** The load of `key` under way since the last change, or a new one. */
  function loadOnce(key: K, load: () => Promise<V>, now: number): Promise<V> {
    const shared = loading.get(key);
    // A load that started before a change may return what the change replaced: only a load since then is shared.
    if (shared && shared.generation === generation) return shared.value;
    const startedAt = generation;
    const value = load().then((loaded) => {
      if (startedAt === generation) store(key, loaded, now);
      return loaded;
    });
    const entry = { value, generation: startedAt };
    loading.set(key, entry);
    const forget = () => {
      if (loading.get(key) === entry) loading.delete(key);
    };
    value.then(forget, forget);
    return value;
  }

  return {
    async get(key: K, load: () => Promise<V>): Promise<V> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      const age = hit ? now - hit.loadedAt : -1;
      // An entry stamped in the future (a clock put back) is as stale as an old one.
      if (!hit || age < 0 || age >= ttlMs) return loadOnce(key, load, now);
      // A failed background load leaves the entry as it was; the next read past half its life tries again.
      if (options.refreshAhead && age >= ttlMs / 2) loadOnce(key, load, now).catch(() => undefined);
      return hit.value;
    },

    /** Forgets every entry: after a change whose reach is not known key by key. */
    clear(): void {
      generation += 1;
      entries.clear();
    },

    invalidate(key: K): void {
      generation += 1;
      entries.delete(key);
    },

    /** After a change whose new value is known: readers see it without another load. */
    set(key: K, value: V): void {
      generation += 1;
      store(key, value, clock.now().getTime());
    },

    get size(): number {
      return entries.size;
    },
  };
}
