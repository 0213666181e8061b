import type { TChannel, TChatUser } from "@parley/contract/client";

/** What the platform last said, as the client follows it: whether the device is online and the app in front. */
export interface PlatformState {
  online: boolean;
  active: boolean;
}

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
  /** The network is back (an extension's own monitor says so): a link waiting for it tries now. */
  retryNow(): void;
  /** The network is gone: an open link is dropped now rather than when its pings go unanswered, and waits for it. */
  networkLost(): void;
  /**
   * Hears each change of the platform's state, from the client's monitors or from `retryNow` and `networkLost`.
   * The client always has it; optional so that a stand-in host (a UI kit's test double) may leave it out.
   */
  onPlatform?(listener: (state: PlatformState) => void): void;
  /** Channels as a list answered them, for the unread counts the client keeps. */
  seenChannels(channels: TChannel[]): void;
}
