/**
 * Every rule that depends on the date reads this clock, so tests move time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class ManualClock implements Clock {
  #ms: number;

  constructor(start: Date | string = "2026-03-02T09:00:00Z") {
    this.#ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.#ms += ms;
  }
}

/**
 * The real time moved by a settable offset: what a browser test uses to reach the 5th of next month on a running
 * server. Only built when the operator turns the testing endpoints on.
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;
  #frozenAtMs: number | null = null;

  now(): Date {
    return new Date(this.#frozenAtMs ?? Date.now() + this.#offsetMs);
  }

  /**
   * Moves "now" to `to`, or back to the real time when `to` is null. `frozen` holds it there until the next call,
   * as the API tests' manual clock does, for tests that compare timestamps of two writes.
   */
  set(to: Date | string | null, options: { frozen?: boolean } = {}): void {
    this.#offsetMs = to === null ? 0 : new Date(to).getTime() - Date.now();
    this.#frozenAtMs = to !== null && options.frozen ? new Date(to).getTime() : null;
  }
}
