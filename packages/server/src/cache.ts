import type { Clock } from "./clock";

/**
 * Values read on every message or request and changed rarely (an app's filter, its integrations, an account's
 * service state). A change made in this process takes effect at once through `invalidate`/`set`; other server
 * processes see it within `ttlMs`.
 */
export function createTtlCache<K, V>(clock: Clock, ttlMs: number) {
  const entries = new Map<K, { value: V; loadedAt: number }>();
  // Bumped by every change, so a read that started before it cannot put the old value back.
  let generation = 0;

  return {
    async get(key: K, load: () => Promise<V>): Promise<V> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      // An entry stamped in the future (a clock put back) is as stale as an old one.
      if (hit && now >= hit.loadedAt && now - hit.loadedAt < ttlMs) return hit.value;
      const startedAt = generation;
      const value = await load();
      if (startedAt === generation) entries.set(key, { value, loadedAt: now });
      return value;
    },

    /** The value while it is fresh, without loading it. */
    peek(key: K): V | undefined {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      return hit && now >= hit.loadedAt && now - hit.loadedAt < ttlMs ? hit.value : undefined;
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
      entries.set(key, { value, loadedAt: clock.now().getTime() });
    },
  };
}
