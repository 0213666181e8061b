import {
  Errors,
  type TClientFrame,
  type TServerFrame,
  type TTransientEvent,
  TYPING_ANNOUNCE_MS,
  TYPING_EXPIRES_MS,
} from "@parley/contract";
import type { Bus, TransientMessage } from "../chat/bus";
import type { Presence } from "../chat/presence";
import type { Clock } from "../clock";
import type { ChatUserService } from "../modules/chat-users";
import type { HeardChannels } from "./connections";

/** What the typing and presence hub needs to know of a gateway connection. */
export interface TransientConnection {
  appId: string;
  /** The end user's id; null for a dashboard observer, who hears typing but does not type. */
  userId: string | null;
  chatUserId: string | null;
  /** The channels it hears, each with its subchannel (null: the whole channel). */
  channels: HeardChannels;
}

interface Typing {
  appId: string;
  channelId: string;
  userId: string;
  subchannel: number | null;
  /** The connection whose `start` it is: its close stops it. */
  conn: TransientConnection;
  announcedAt: number;
  expiry: ReturnType<typeof setTimeout>;
}

const typingKey = (appId: string, channelId: string, userId: string) => `${appId}\u0000${channelId}\u0000${userId}`;
const userKey = (appId: string, userId: string) => `${appId}\u0000${userId}`;

/**
 * Typing and presence: what members see happen now and nothing keeps. Both cross processes on the bus like stored
 * events, but are never written to the database, the outbox or webhooks.
 *
 * Typing is kept by the process whose socket said `start`: it announces `typing.started` (again only after
 * `TYPING_ANNOUNCE_MS`, however often the client repeats it), and `typing.stopped` on `stop`, when no `start` came
 * for `TYPING_EXPIRES_MS`, or when that socket closes. A member's typing reaches who would get their message: their
 * subchannel in a split super group, and observers.
 *
 * Presence: a user is online while they hold a socket on any process. The process where their first socket opens
 * announces them online; the one where their last closes checks every process (`Presence.online`) and, when none
 * holds one, records the time as their last seen and announces them offline. Sockets follow the presence of up
 * to `PRESENCE_SUBSCRIBE_MAX` users each, and get their current state when they ask.
 */
export function createTransientHub(deps: {
  bus: Bus;
  presence: Presence;
  chatUsers: Pick<ChatUserService, "markSeen" | "usersByUserIds">;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
}) {
  const typing = new Map<string, Typing>();
  /** Sockets following a user's presence, by `userKey`, and the users each socket follows. */
  const watchers = new Map<string, Set<TransientConnection>>();
  const watching = new WeakMap<TransientConnection, Set<string>>();
  /** The typing keys each socket holds: a close stops its own, without a walk over everyone's. */
  const typingOf = new WeakMap<TransientConnection, Set<string>>();

  const now = () => deps.clock.now();
  const publish = (message: TransientMessage) =>
    deps.bus.publish({ transient: message }).catch((err: unknown) => deps.log.error({ err }, "could not publish"));

  function stopTyping(key: string): void {
    const entry = typing.get(key);
    if (!entry) return;
    clearTimeout(entry.expiry);
    typing.delete(key);
    typingOf.get(entry.conn)?.delete(key);
    void publish({
      appId: entry.appId,
      subchannel: entry.subchannel,
      event: { type: "typing.stopped", channelId: entry.channelId, userId: entry.userId, at: now().toISOString() },
    });
  }

  const hub = {
    /** A `typing` frame; an error frame to answer, or null. */
    typing(conn: TransientConnection, frame: Extract<TClientFrame, { type: "typing" }>): TServerFrame | null {
      if (conn.userId === null)
        return { type: "error", code: Errors.ACCOUNT_KIND_FORBIDDEN, message: "only end users type", frame: "typing" };
      if (!conn.channels.has(frame.channelId)) {
        return {
          type: "error",
          code: Errors.NOT_CHANNEL_MEMBER,
          message: "not a member of this channel",
          frame: "typing",
        };
      }
      const key = typingKey(conn.appId, frame.channelId, conn.userId);
      if (frame.state === "stop") {
        stopTyping(key);
        return null;
      }
      const at = now().getTime();
      const entry = typing.get(key);
      if (entry) clearTimeout(entry.expiry);
      // The same user typing on another of their sockets: that socket's close no longer stops it, this one's does.
      if (entry && entry.conn !== conn) typingOf.get(entry.conn)?.delete(key);
      const held = typingOf.get(conn) ?? new Set<string>();
      typingOf.set(conn, held);
      held.add(key);
      const expiry = setTimeout(() => stopTyping(key), TYPING_EXPIRES_MS);
      expiry.unref();
      const announce = !entry || at - entry.announcedAt >= TYPING_ANNOUNCE_MS;
      const subchannel = conn.channels.get(frame.channelId) ?? null;
      typing.set(key, {
        appId: conn.appId,
        channelId: frame.channelId,
        userId: conn.userId,
        subchannel,
        conn,
        announcedAt: announce ? at : (entry?.announcedAt ?? at),
        expiry,
      });
      if (announce) {
        void publish({
          appId: conn.appId,
          subchannel,
          event: {
            type: "typing.started",
            channelId: frame.channelId,
            userId: conn.userId,
            at: new Date(at).toISOString(),
          },
        });
      }
      return null;
    },

    /** A `presence.subscribe` frame: follows those users from now on, and answers their state now. */
    async watch(conn: TransientConnection, userIds: string[]): Promise<TTransientEvent[]> {
      hub.unwatch(conn);
      const keys = new Set(userIds.map((id) => userKey(conn.appId, id)));
      watching.set(conn, keys);
      for (const key of keys) {
        const set = watchers.get(key) ?? new Set();
        watchers.set(key, set);
        set.add(conn);
      }
      const users = await deps.chatUsers.usersByUserIds(conn.appId, [...new Set(userIds)]);
      const online = await deps.presence.online(
        conn.appId,
        users.map((u) => u.id),
      );
      const at = now().toISOString();
      return users.map((u) => ({
        type: "user.presence",
        userId: u.userId,
        isOnline: online.has(u.id),
        lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
        at,
      }));
    },

    unwatch(conn: TransientConnection): void {
      for (const key of watching.get(conn) ?? []) {
        const set = watchers.get(key);
        set?.delete(conn);
        if (set?.size === 0) watchers.delete(key);
      }
      watching.delete(conn);
    },

    /** The sockets following `userId`'s presence on this process. */
    watchersOf(appId: string, userId: string): Iterable<TransientConnection> {
      return watchers.get(userKey(appId, userId)) ?? [];
    },

    /** A user's socket opened; `first` when it is their first on this process. */
    connected(conn: TransientConnection, first: boolean): void {
      if (!first || conn.userId === null) return;
      void publish({
        appId: conn.appId,
        event: {
          type: "user.presence",
          userId: conn.userId,
          isOnline: true,
          lastSeenAt: now().toISOString(),
          at: now().toISOString(),
        },
      });
    },

    /** A socket closed; `last` when it was its user's last on this process. */
    async dropped(conn: TransientConnection, last: boolean): Promise<void> {
      hub.unwatch(conn);
      for (const key of [...(typingOf.get(conn) ?? [])]) stopTyping(key);
      typingOf.delete(conn);
      if (!last || conn.userId === null || conn.chatUserId === null) return;
      const { appId, userId, chatUserId } = conn;
      try {
        if ((await deps.presence.online(appId, [chatUserId])).has(chatUserId)) return;
        const at = now();
        await deps.chatUsers.markSeen(chatUserId, at);
        await publish({
          appId,
          event: { type: "user.presence", userId, isOnline: false, lastSeenAt: at.toISOString(), at: at.toISOString() },
        });
      } catch (err) {
        deps.log.error({ err }, "could not record a user going offline");
      }
    },

    close(): void {
      for (const entry of typing.values()) clearTimeout(entry.expiry);
      typing.clear();
    },
  };
  return hub;
}

export type TransientHub = ReturnType<typeof createTransientHub>;
