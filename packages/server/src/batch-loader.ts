/**
 * Loads by key, many keys in one database round trip: the keys asked for while the event loop handles one round of
 * input are loaded together once that round is done. Under load a round holds many requests, and each round trip
 * costs the database and this process far more than the rows it returns, so a read every request needs (a session
 * by its token) costs one query a round instead of one a request. A key asked for twice in a round is loaded once.
 *
 * At most `maxInFlight` loads run at once; the keys asked for meanwhile wait for one to finish and go together in
 * the next. An idle loader adds no wait; a busy one makes its batches larger instead of its queries more: ten
 * thousand sockets signing in at once arrive a few per round, and a query per round would be most of the work.
 */
export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { max?: number; maxInFlight?: number } = {},
) {
  const max = options.max ?? 500;
  const maxInFlight = options.maxInFlight ?? 1;
  let pending = new Map<K, { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;
  let inFlight = 0;

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
    if (inFlight >= maxInFlight && pending.size < max) return;
    const batch = pending;
    pending = new Map();
    inFlight += 1;
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
