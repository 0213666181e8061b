import type { TAckFrame, TMessage } from "@parley/contract/client";
import { ParleyConnectionError, ParleyError } from "./errors";

interface Waiter {
  resolve: (message: TMessage) => void;
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

  /** Waits for the ack of `requestId`; after `timeoutMs` without one, fails with {@link ParleyConnectionError}. */
  wait(requestId: string, timeoutMs: number): Promise<TMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.#take(requestId)?.reject(new ParleyConnectionError(`no ack for the send within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#waiting.set(requestId, { resolve, reject, timer });
    });
  }

  /** An ack from the server: the stored message, or the refusal as the {@link ParleyError} REST would throw. */
  settle(frame: TAckFrame): void {
    const waiter = this.#take(frame.requestId);
    if (!waiter) return;
    if ("error" in frame) waiter.reject(ParleyError.fromFrame(frame.error));
    else waiter.resolve(frame.message);
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
