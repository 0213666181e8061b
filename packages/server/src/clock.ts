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
