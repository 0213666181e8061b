import type { TAckFrame } from "@parley/contract/client";
import { ParleyConnectionError, ParleyError } from "./errors";

/** An ack that accepted its frame: what the frame's route would answer. */
export type Accepted = Exclude<TAckFrame, { error: unknown }>;

interface Waiter {
  resolve: (frame: Accepted) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The sends on the link still waiting for their `ack` frame, by `requestId`. Each ends exactly once: with its ack,
 * with its time-out, or when the link drops; an ack that comes after that finds nothing and is ignored.
 */
export class PendingAcks {
  #waiting = new Map<string, Waiter>();
  /** The ids are the client's own and only need to be unique among its sends in flight: a counter is enough. */
  #last = 0;

  nextId(): string {
    this.#last += 1;
    return String(this.#last);
  }

  /**
   * Waits for the ack of `requestId`, read by `answerOf` (undefined for an ack of another kind, a server fault that
   * fails the wait); after `timeoutMs` without one, fails with {@link ParleyConnectionError}.
   */
  wait<T>(requestId: string, timeoutMs: number, answerOf: (frame: Accepted) => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.#take(requestId)?.reject(new ParleyConnectionError(`no ack for the frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const accept = (frame: Accepted) => {
        const answer = answerOf(frame);
        if (answer === undefined) reject(new ParleyConnectionError("the ack did not answer the frame"));
        else resolve(answer);
      };
      this.#waiting.set(requestId, { resolve: accept, reject, timer });
    });
  }

  /** An ack from the server: what its route answers, or the refusal as the {@link ParleyError} REST would throw. */
  settle(frame: TAckFrame): void {
    const waiter = this.#take(frame.requestId);
    if (!waiter) return;
    if ("error" in frame) waiter.reject(ParleyError.fromFrame(frame.error));
    else waiter.resolve(frame);
  }

  /** The link dropped: no ack will come for any send in flight. */
  failAll(error: Error): void {
    for (const requestId of [...this.#waiting.keys()]) this.#take(requestId)?.reject(error);
  }

  /** The waiter of `requestId`, no longer waiting; null when it ended already. */
  #take(requestId: string): Waiter | null {
    const waiter = this.#waiting.get(requestId);
    if (!waiter) return null;
    this.#waiting.delete(requestId);
    clearTimeout(waiter.timer);
    return waiter;
  }
}
