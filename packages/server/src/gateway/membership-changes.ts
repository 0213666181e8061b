/**
 * How long a change is remembered. A sign-in whose read is older than this when its connection is counted cannot
 * be told apart from one that missed a change, and reads its memberships again.
 */
export const MEMBERSHIP_CHANGES_KEPT_MS = 30_000;

/** The moment a sign-in read its memberships, to compare the changes heard since with. */
export interface ChangeMark {
  tick: number;
  at: number;
}

/**
 * The membership changes this process heard on the bus lately: whose memberships changed (a join, a leave, a ban)
 * and which channels changed for all their members (deleted, re-placed into other subchannels).
 *
 * A socket's sign-in reads its session and its memberships in one query, before its connection is counted. A change
 * whose event arrives after the connection is counted reaches it through the fan-out, like any other; one whose
 * event arrived between the read and the count would be missed. Every change committed after the read is published
 * after the read began, so it is here, heard after the read's mark, and the sign-in reads its memberships again.
 */
export class MembershipChanges {
  #tick = 0;
  /** The tick and time of each key's latest change, oldest first: a key changed again moves to the end. */
  readonly #changes = new Map<string, ChangeMark>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** How many keys' changes are held. */
  get size(): number {
    return this.#changes.size;
  }

  /** Taken before a sign-in's read. */
  mark(): ChangeMark {
    return { tick: this.#tick, at: this.now() };
  }

  userChanged(appId: string, userId: string): void {
    this.#record(userKey(appId, userId));
  }

  channelChanged(channelId: string): void {
    this.#record(channelKey(channelId));
  }

  /** Whether the user, or any of the channels read for them, changed after `mark`, or it is too old to tell. */
  changedSince(mark: ChangeMark, appId: string, userId: string, channelIds: readonly string[]): boolean {
    if (this.now() - mark.at >= MEMBERSHIP_CHANGES_KEPT_MS) return true;
    if (this.#changes.size === 0) return false;
    if (this.#isAfter(userKey(appId, userId), mark)) return true;
    return channelIds.some((id) => this.#isAfter(channelKey(id), mark));
  }

  #isAfter(key: string, mark: ChangeMark): boolean {
    return (this.#changes.get(key)?.tick ?? 0) > mark.tick;
  }

  #record(key: string): void {
    const now = this.now();
    this.#tick += 1;
    this.#changes.delete(key);
    this.#changes.set(key, { tick: this.#tick, at: now });
    for (const [oldest, change] of this.#changes) {
      if (now - change.at < MEMBERSHIP_CHANGES_KEPT_MS) break;
      this.#changes.delete(oldest);
    }
  }
}

const userKey = (appId: string, userId: string) => `u\u0000${appId}\u0000${userId}`;
const channelKey = (channelId: string) => `c\u0000${channelId}`;
