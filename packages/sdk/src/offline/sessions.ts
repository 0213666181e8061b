import type { TChatUser } from "@parley/sdk";
import type { OfflineStorage } from "./storage";

/** A short, stable digest of a session token, so the device can find whose it was without storing it. */
function digest(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(36);
}

/**
 * Whose each session token this device used is, by a digest of the token: what lets `resume` open a user's copy
 * before the network answers. Only that needs it, so a storage that fails here costs nothing else.
 */
export class SessionIndex {
  constructor(
    private readonly storage: OfflineStorage,
    private readonly appId: string,
  ) {}

  #name(): string {
    return `${this.appId}/sessions`;
  }

  /** What the last `find` read, so that `remember` leaves a record it just read as it is. */
  #found: { key: string; user: TChatUser } | null = null;

  async #with<T>(use: (index: Awaited<ReturnType<OfflineStorage["open"]>>) => Promise<T>, fallback: T): Promise<T> {
    try {
      const index = await this.storage.open(this.#name());
      try {
        return await use(index);
      } finally {
        await index.close();
      }
    } catch {
      return fallback;
    }
  }

  /** The user a token belonged to, or null when this device never used it (or forgot it at logout). */
  async find(sessionToken: string): Promise<TChatUser | null> {
    const key = digest(sessionToken);
    const user = await this.#with(async (index) => (await index.get<TChatUser>(key)) ?? null, null);
    this.#found = user ? { key, user } : null;
    return user;
  }

  remember(sessionToken: string, user: TChatUser): Promise<void> {
    const key = digest(sessionToken);
    // A session resumed from what `find` just read is written down already: writing it again would only cost the
    // first screen time.
    if (this.#found?.key === key && this.#found.user === user) return Promise.resolve();
    return this.#with((index) => index.write({ set: [[key, user]] }), undefined);
  }

  /** Forgets every token of a user: they logged out here. */
  forget(userId: string): Promise<void> {
    this.#found = null;
    return this.#with(async (index) => {
      const sessions = await index.list<TChatUser>("");
      await index.write({ remove: sessions.filter(([, u]) => u.userId === userId).map(([key]) => key) });
    }, undefined);
  }
}
