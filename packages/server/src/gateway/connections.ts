import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";

/** One authenticated socket of the gateway. */
export interface Connection {
  socket: WebSocket;
  /** The TCP stream under the socket, held while a write window's frames for it gather. */
  transport: Duplex;
  appId: string;
  /** The end user's id, or null for a dashboard observer, who sees only the channels it subscribes to. */
  userId: string | null;
  /** The end user's `chat_users` id, what presence is kept by; null for a dashboard observer. */
  chatUserId: string | null;
  /**
   * The end user's app role as their session carried it at sign-in, which the permission matrix judges them by on
   * this socket (a role change binds the sockets opened after it); absent for a dashboard observer.
   */
  appRole?: string;
  /** The session the socket was opened with (a chat session, or the observer's dashboard session). */
  sessionId: string;
  /** The observer's dashboard account; null for an end user. */
  accountId: string | null;
  /**
   * The channels it hears, each with a subchannel: for an end user their own in a split super group, for an
   * observer the one it watches; null for the whole channel.
   */
  channels: ChannelPlacements;
  alive: boolean;
}

/** What a connection's channels are read through: `ChannelPlacements`, or a `Map` in tests. */
export interface HeardChannels {
  has(channelId: string): boolean;
  get(channelId: string): number | null | undefined;
}

/** Past this many channels a connection's placements go into a `Map`; up to it, a scan of a short array is as fast. */
const PLACEMENTS_IN_ARRAY = 8;

/**
 * A connection's channels and its subchannel in each. Most sockets hear a handful of channels, and a `Map` costs a
 * few hundred bytes even for one: on every socket of a ten-thousand-member channel that is most of what Parley
 * holds beyond the socket itself. Pairs in one array up to `PLACEMENTS_IN_ARRAY`, a `Map` past it.
 */
export class ChannelPlacements implements HeardChannels {
  #pairs: (string | number | null)[] | null = null;
  #map: Map<string, number | null> | null = null;

  #indexOf(channelId: string): number {
    const pairs = this.#pairs;
    if (!pairs) return -1;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === channelId) return i;
    return -1;
  }

  has(channelId: string): boolean {
    return this.#map ? this.#map.has(channelId) : this.#indexOf(channelId) >= 0;
  }

  get(channelId: string): number | null | undefined {
    if (this.#map) return this.#map.get(channelId);
    const i = this.#indexOf(channelId);
    return i < 0 ? undefined : (this.#pairs?.[i + 1] as number | null);
  }

  set(channelId: string, subchannel: number | null): void {
    if (this.#map) {
      this.#map.set(channelId, subchannel);
      return;
    }
    const i = this.#indexOf(channelId);
    if (i >= 0) {
      (this.#pairs as (string | number | null)[])[i + 1] = subchannel;
      return;
    }
    // A new array of exactly the pairs rather than a push: a push gives the array room for more than a dozen
    // elements, which on every socket of a large channel would cost more than the pairs themselves.
    const pairs = this.#pairs ? [...this.#pairs, channelId, subchannel] : [channelId, subchannel];
    this.#pairs = pairs;
    if (pairs.length / 2 > PLACEMENTS_IN_ARRAY) {
      this.#map = new Map();
      for (let j = 0; j < pairs.length; j += 2) this.#map.set(pairs[j] as string, pairs[j + 1] as number | null);
      this.#pairs = null;
    }
  }

  delete(channelId: string): void {
    if (this.#map) {
      this.#map.delete(channelId);
      return;
    }
    const i = this.#indexOf(channelId);
    if (i >= 0) this.#pairs?.splice(i, 2);
  }

  /** The channel ids, as a copy: parting each while iterating is safe. */
  ids(): string[] {
    if (this.#map) return [...this.#map.keys()];
    const pairs = this.#pairs ?? [];
    const ids: string[] = [];
    for (let i = 0; i < pairs.length; i += 2) ids.push(pairs[i] as string);
    return ids;
  }
}

const NONE: ReadonlySet<Connection> = new Set();

function addTo(index: Map<string, Set<Connection>>, key: string, conn: Connection): Set<Connection> {
  const set = index.get(key) ?? new Set<Connection>();
  index.set(key, set);
  set.add(conn);
  return set;
}

function removeFrom(index: Map<string, Set<Connection>>, key: string, conn: Connection): void {
  const set = index.get(key);
  set?.delete(conn);
  if (set?.size === 0) index.delete(key);
}

const subKey = (channelId: string, subchannel: number) => `${channelId}\u0000${subchannel}`;

/**
 * The connections of one process, indexed the ways the fan-out looks them up: by channel, by subchannel, by user
 * and by dashboard session. Every lookup answers a set that must not be changed by the caller; copy it before
 * parting or closing what it holds.
 */
export class ConnectionIndex {
  /** Every authenticated connection of this process, end users' and observers'. */
  readonly all = new Set<Connection>();
  /** Every connection that hears a channel, whatever its subchannel. */
  readonly #byChannel = new Map<string, Set<Connection>>();
  /** The connections of one subchannel (`subKey`): its members, and observers watching it. */
  readonly #bySubchannel = new Map<string, Set<Connection>>();
  /** Observers watching a whole channel: they hear every subchannel's messages. */
  readonly #watchingAll = new Map<string, Set<Connection>>();
  /**
   * End users' connections by app and user id, replaced rather than changed (a user holds a handful at most): an
   * array of one is a fraction of a set's size, on every socket of a ten-thousand-member channel, and an answer
   * being iterated never changes under its reader. Keyed by the ids the connection holds already, not by a key made
   * of both, which would be a string more for every connected user.
   */
  readonly #byUser = new Map<string, Map<string, readonly Connection[]>>();
  /** Dashboard observers' connections by the session they were opened with, for the cap. */
  readonly #bySession = new Map<string, Set<Connection>>();
  /**
   * One string per channel heard: each sign-in reads its channels' ids as strings of its own, which every socket of
   * a large channel would otherwise keep a copy of in its placements.
   */
  readonly #channelIds = new Map<string, string>();

  /** An end user's connections on this process. */
  ofUser(appId: string, userId: string): readonly Connection[] {
    return this.#byUser.get(appId)?.get(userId) ?? [];
  }

  /** The connections opened with one dashboard session. */
  ofSession(sessionId: string): ReadonlySet<Connection> {
    return this.#bySession.get(sessionId) ?? NONE;
  }

  inChannel(channelId: string): ReadonlySet<Connection> {
    return this.#byChannel.get(channelId) ?? NONE;
  }

  inSubchannel(channelId: string, subchannel: number): ReadonlySet<Connection> {
    return this.#bySubchannel.get(subKey(channelId, subchannel)) ?? NONE;
  }

  /** Observers of the whole channel, who hear every subchannel. */
  watchingAll(channelId: string): ReadonlySet<Connection> {
    return this.#watchingAll.get(channelId) ?? NONE;
  }

  /** Counts a new connection; for an end user, whether it is their first on this process. */
  add(conn: Connection): boolean {
    this.all.add(conn);
    if (conn.userId === null) {
      addTo(this.#bySession, conn.sessionId, conn);
      return false;
    }
    let ofApp = this.#byUser.get(conn.appId);
    if (!ofApp) {
      ofApp = new Map();
      this.#byUser.set(conn.appId, ofApp);
    }
    const held = ofApp.get(conn.userId);
    ofApp.set(conn.userId, held ? [...held, conn] : [conn]);
    return !held;
  }

  /** Forgets a connection and its channels; for an end user, whether it was their last on this process. */
  remove(conn: Connection): boolean {
    for (const channelId of conn.channels.ids()) this.part(conn, channelId);
    this.all.delete(conn);
    if (conn.userId === null) {
      removeFrom(this.#bySession, conn.sessionId, conn);
      return false;
    }
    const ofApp = this.#byUser.get(conn.appId);
    const rest = (ofApp?.get(conn.userId) ?? []).filter((held) => held !== conn);
    if (rest.length > 0) ofApp?.set(conn.userId, rest);
    else {
      ofApp?.delete(conn.userId);
      if (ofApp?.size === 0) this.#byUser.delete(conn.appId);
    }
    return rest.length === 0;
  }

  join(conn: Connection, given: string, subchannel: number | null): void {
    if (conn.channels.has(given)) this.part(conn, given);
    let channelId = this.#channelIds.get(given);
    if (channelId === undefined) {
      channelId = given;
      this.#channelIds.set(channelId, channelId);
    }
    conn.channels.set(channelId, subchannel);
    addTo(this.#byChannel, channelId, conn);
    if (subchannel !== null) addTo(this.#bySubchannel, subKey(channelId, subchannel), conn);
    else if (conn.userId === null) addTo(this.#watchingAll, channelId, conn);
  }

  part(conn: Connection, channelId: string): void {
    const subchannel = conn.channels.get(channelId);
    conn.channels.delete(channelId);
    removeFrom(this.#byChannel, channelId, conn);
    if (!this.#byChannel.has(channelId)) this.#channelIds.delete(channelId);
    if (subchannel !== null && subchannel !== undefined) {
      removeFrom(this.#bySubchannel, subKey(channelId, subchannel), conn);
    }
    removeFrom(this.#watchingAll, channelId, conn);
  }
}
