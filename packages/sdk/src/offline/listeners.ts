/** Typed listeners of a map of event names to payloads. A throwing listener does not stop the others. */
export class Listeners<M> {
  readonly #sets = new Map<keyof M, Set<(payload: never) => void>>();

  /** Answers a function that stops listening. */
  on<K extends keyof M>(type: K, listener: (payload: M[K]) => void): () => void {
    const set = this.#sets.get(type) ?? new Set();
    this.#sets.set(type, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof M>(type: K, payload: M[K]): void {
    for (const listener of [...(this.#sets.get(type) ?? [])]) {
      try {
        (listener as (payload: M[K]) => void)(payload);
      } catch (error) {
        // Surfaces as an uncaught error, like a throwing DOM listener, without losing the other listeners.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}
