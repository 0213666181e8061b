/**
 * The spacing of the loads every socket's sign-in waits on (its session, its memberships): a few milliseconds more
 * for a sign-in under load, several times fewer queries.
 */
export const SIGN_IN_LOAD_SPACING_MS = 5;

/**
 * Loads by key, many keys in one database round trip: the keys asked for while the event loop handles one round of
 * input are loaded together once that round is done. Under load a round holds many requests, and each round trip
 * costs the database and this process far more than the rows it returns, so a read every request needs (a session
 * by its token) costs one query a round instead of one a request. A key asked for twice in a round is loaded once.
 *
 * At most `maxInFlight` loads run at once; the keys asked for meanwhile wait for one to finish and go together in
 * the next. With `spacingMs`, a load also starts no sooner than that after the one before started. An idle loader
 * adds no wait; a busy one makes its batches larger instead of its queries more: ten thousand sockets signing in at
 * once arrive a few per round, a query takes a millisecond or two, and a query for every few sign-ins (each a write
 * to the database's socket and a result to parse) was a fifth of the sign-ins' work.
 */
export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { max?: number; maxInFlight?: number; spacingMs?: number } = {},
) {
  const max = options.max ?? 500;
  const maxInFlight = options.maxInFlight ?? 1;
  const spacingMs = options.spacingMs ?? 0;
  let pending = new Map<K, { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;
  let inFlight = 0;
  let lastStart = Number.NEGATIVE_INFINITY;

  async function flush(batch: typeof pending): Promise<void> {
    try {
      const found = await loadMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(takeBatch);
  }

  /** Starts a load of the keys pending now; a full batch starts whatever else is in flight. */
  function takeBatch(): void {
    scheduled = false;
    if (pending.size === 0) return;
    if (pending.size < max) {
      if (inFlight >= maxInFlight) return;
      const wait = lastStart + spacingMs - performance.now();
      if (wait > 0) {
        scheduled = true;
        setTimeout(takeBatch, wait);
        return;
      }
    }
    const batch = pending;
    pending = new Map();
    inFlight += 1;
    lastStart = performance.now();
    void flush(batch).finally(() => {
      inFlight -= 1;
      if (pending.size > 0) schedule();
    });
  }

  return {
    /** The value of `key`, or undefined when there is none. */
    load(key: K): Promise<V | undefined> {
      return new Promise((resolve, reject) => {
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
        if (pending.size >= max) takeBatch();
        else schedule();
      });
    },
  };
}
