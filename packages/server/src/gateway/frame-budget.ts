import type { Connection } from "./connections";

/** Whose budget an authenticated socket's frames draw from: the same key as their HTTP requests. */
export function budgetKey(conn: Pick<Connection, "chatUserId" | "accountId">): string {
  return conn.chatUserId ? `chat-user:${conn.chatUserId}` : `account:${conn.accountId}`;
}

/**
 * A socket's own frames in the current second, for one key. Every frame also counts in the shared budget of
 * whoever the socket speaks for, but once the socket's frames alone exceed the budget the shared count (which holds
 * them all) must too: a flood is refused there and then, in the frame's own event, without a round trip to Redis
 * for each of its frames and with nothing left pending for the rest of the burst; and it is refused still while
 * Redis is away and the shared count lets everything pass.
 */
export class FrameTally {
  #key = "";
  #count = 0;
  #startedAt = 0;

  constructor(readonly perSecond: number) {}

  /** Counts a frame spent by `spentBy`; whether it is within the budget. */
  count(spentBy: string): boolean {
    const now = Date.now();
    if (spentBy !== this.#key || now - this.#startedAt >= 1000) {
      this.#key = spentBy;
      this.#count = 0;
      this.#startedAt = now;
    }
    this.#count += 1;
    return this.perSecond <= 0 || this.#count <= this.perSecond;
  }
}
