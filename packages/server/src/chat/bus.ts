import { EventEmitter } from "node:events";
import type { TChatEvent, TLiveEvent, TServerFrame, TTransientEvent, TWebhookListenEvent } from "@parley/contract";
import { closeRedis, openRedis, type RedisLog } from "../redis";

/** An event of one app's channel, already stored. */
export interface ChatEventMessage {
  appId: string;
  event: TChatEvent;
  /**
   * With a message's events: the members who block its sender (user ids), whose sockets it is not written to. Beside
   * the event rather than in it, since the event's frame goes to every other member, who must not learn who blocks
   * whom.
   */
  hiddenFrom?: string[];
}

/** Sessions that no longer admit anyone; every process closes the WebSockets that were opened with them. */
export type EndedSessions =
  | { kind: "dashboard"; sessionIds: string[] }
  /** Every session of the account, but the one named (a password change keeps the session that made it). */
  | { kind: "dashboard-account"; accountId: string; exceptSessionId?: string }
  | { kind: "chat"; sessionIds: string[] }
  | { kind: "chat-user"; chatUserId: string };

/** Says that sessions ended, so that the sockets opened with them close wherever they are. */
export type SessionsEnded = (ended: EndedSessions) => Promise<void>;

/**
 * Typing or presence, never stored: delivered to whoever is connected now, and lost to whoever is not. A member's
 * typing in a split super group carries their subchannel, which alone hears it.
 */
export interface TransientMessage {
  appId: string;
  event: TTransientEvent;
  subchannel?: number | null;
}

/**
 * A frame for a few users of an app, on whichever process holds their sockets: a call's events for its two parties,
 * a call's signalling for the other party. Not stored; a user with no socket open does not hear it.
 */
export interface DirectMessage {
  appId: string;
  /** The users (user ids) whose every socket gets the frame. */
  userIds: string[];
  frame: TServerFrame;
}

/**
 * For the dashboard's live tail (modules/live): an event that is on the bus for nothing else (a webhook delivery, a
 * push, a login), or a process saying that it holds a viewer of the app, so the others publish those events at all.
 * The app's webhook listeners are viewers of the same feed.
 */
export type LiveMessage =
  | {
      appId: string;
      event: TLiveEvent;
      /** Every user the event concerns, for the viewers' user filter (`event.userId` names one). */
      users: string[];
    }
  | { appId: string; watched: true }
  /** An event sent again on request: for the app's webhook listeners alone (the tail showed it when it happened). */
  | { appId: string; listen: TWebhookListenEvent };

/** What crosses the bus. */
export type BusMessage =
  | ChatEventMessage
  | { sessionsEnded: EndedSessions }
  | { transient: TransientMessage }
  | { direct: DirectMessage }
  | { live: LiveMessage };

/**
 * Real-time fan-out between server processes. The in-process bus serves a single process; with Redis every
 * process receives what any of them publishes.
 */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /**
   * Whether this process hears what the others publish right now. A process that does not (Redis away, or back but
   * the subscription not yet renewed) must not report itself healthy: its sockets would miss the others' events.
   */
  isReceiving(): boolean;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit("message", message);
    },
    subscribe(listener) {
      emitter.on("message", listener);
      return () => emitter.off("message", listener);
    },
    isReceiving: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = "parley:chat-events";

/**
 * Redis pub/sub: every process publishes to one channel and every process, itself included, receives from it,
 * so delivery has a single path whether one process runs or ten.
 */
export async function createRedisBus(url: string, log: RedisLog): Promise<Bus> {
  const [{ client: publisher }, { client: subscriber, connected }] = await Promise.all([
    openRedis(url, { maxRetriesPerRequest: 3 }, log, "redis bus error"),
    // Its one command, the subscription, waits for Redis however long it is away (and is renewed on reconnects).
    openRedis(url, { maxRetriesPerRequest: null }, log, "redis bus error"),
  ]);
  let isReceiving = false;
  /** Subscribes, and counts the bus as receiving once Redis confirms it. */
  const subscribe = () =>
    subscriber.subscribe(CHANNEL).then(
      () => {
        isReceiving = subscriber.status === "ready";
      },
      (err: unknown) => log.error({ err }, "redis bus could not subscribe"),
    );
  // Without Redis at start the subscription waits in the client's queue and is made once it connects.
  const subscribed = subscribe();
  if (connected) await subscribed;
  // The client renews the subscription by itself after a reconnect, without saying when it holds; subscribing
  // again (a no-op for Redis) is what tells us.
  subscriber.on("close", () => {
    isReceiving = false;
  });
  subscriber.on("ready", () => void subscribe());
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  subscriber.on("message", (_channel: string, raw: string) => {
    try {
      emitter.emit("message", JSON.parse(raw) as BusMessage);
    } catch (err) {
      log.error({ err }, "unreadable bus message");
    }
  });
  let isClosed = false;
  return {
    async publish(message) {
      // A process that is stopping closes the bus before its sockets, each of which then reports its user gone:
      // nothing carries that any more, and ten thousand sockets must not each log that it was not carried.
      if (isClosed) return;
      // The event is already stored: a client that missed it catches up by cursor. A request whose change was saved
      // must not fail because Redis did not carry the news.
      await publisher.publish(CHANNEL, JSON.stringify(message)).catch((err: unknown) => {
        log.error({ err, appId: "appId" in message ? message.appId : undefined }, "redis bus could not publish");
      });
    },
    subscribe(listener) {
      emitter.on("message", listener);
      return () => emitter.off("message", listener);
    },
    isReceiving: () => isReceiving,
    async close() {
      isClosed = true;
      emitter.removeAllListeners();
      await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
    },
  };
}
