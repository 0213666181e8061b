import type { ParleyEventMap, ParleyListener } from "./types";

type AnyListener = (payload: never) => void;

/** Typed listeners. A throwing listener does not stop the others; its error is rethrown outside the loop. */
export class Emitter {
  readonly #listeners = new Map<keyof ParleyEventMap, Set<AnyListener>>();

  /** `heard` runs before the listeners of every event. */
  constructor(private readonly heard: () => void = () => undefined) {}

  on<K extends keyof ParleyEventMap>(type: K, listener: ParleyListener<K>): () => void {
    const set = this.#listeners.get(type) ?? new Set<AnyListener>();
    this.#listeners.set(type, set);
    set.add(listener as AnyListener);
    return () => this.off(type, listener);
  }

  off<K extends keyof ParleyEventMap>(type: K, listener: ParleyListener<K>): void {
    this.#listeners.get(type)?.delete(listener as AnyListener);
  }

  /** Whether anything listens to `type`. */
  listens(type: keyof ParleyEventMap): boolean {
    return (this.#listeners.get(type)?.size ?? 0) > 0;
  }

  emit<K extends keyof ParleyEventMap>(type: K, payload: ParleyEventMap[K]): void {
    this.heard();
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        (listener as ParleyListener<K>)(payload);
      } catch (error) {
        // Surfaces as an uncaught error, like a throwing DOM event listener, without losing later events.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}
