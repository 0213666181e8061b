import type { TChatUser } from "@parley/contract/client";
import type { ParleyClient } from "./client";

/** What a session change says: the user signed in (with their token), or nobody (with whether to keep their data). */
export type SessionChange = { user: TChatUser; sessionToken: string } | { user: null; keepData: boolean };

/**
 * What a {@link ParleyClient} lets an extension of it (the offline layer of `@parley/sdk/offline`) hear and steer,
 * beyond its public API. Kept out of the client's own code so an app that does not use the extension does not load it.
 */
export interface ClientHost {
  /** Hears each sign-in and sign-out; the client's login, `resume` and `logout` wait for the listener. */
  onSession(listener: (change: SessionChange) => Promise<void>): void;
  /** Continues the event cursor from `lastEventId` on the next connect, as `connect({ after })` would. */
  resumeFrom(lastEventId: string): void;
  /** Answers `resume` when the server cannot be reached: the user the stored session belonged to, if known. */
  knownSession(source: (sessionToken: string) => Promise<TChatUser | null>): void;
  /** The network is back: a link waiting to retry tries now. */
  retryNow(): void;
  /** The network is gone: an open link is dropped now rather than when its pings go unanswered. */
  networkLost(): void;
  /** Channels as a list answered them, for the unread counts the client keeps. */
  seenChannels(channels: Parameters<ParleyClient["unread"]["seen"]>[0]): void;
}

/** Something that plugs into a {@link ParleyClient} through its options, e.g. `offline` from `@parley/sdk/offline`. */
export interface ClientExtension<T> {
  attach(client: ParleyClient, host: ClientHost): T;
}
