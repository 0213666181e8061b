import type {
  TCallEvent,
  TCallEventType,
  TChatEvent,
  TChatEventType,
  TTransientEvent,
  TTransientEventType,
} from "@parley/contract/client";
import type { Call } from "./call";

/** A chat event narrowed to one type, e.g. `ChatEventOf<"message.created">`. */
export type ChatEventOf<K extends TChatEventType> = TChatEvent & { type: K };

/**
 * The real-time link's state: `connecting` (first attempt), `open` (authenticated and caught up),
 * `reconnecting` (dropped; retrying), `closed` (not connected and not retrying).
 */
export type ConnectionState = "connecting" | "open" | "reconnecting" | "closed";

/**
 * What a link that is not open waits for, instead of a timer: `network` (the client's network monitor says the
 * device is offline) or `foreground` (the app's state monitor says it is in the background).
 */
export type ConnectionWait = "network" | "foreground";

/** Payload of the `connection` event. */
export interface ConnectionChange {
  state: ConnectionState;
  /** Reconnect attempts since the link was last open; 0 outside `reconnecting`. */
  attempt: number;
  /** With `reconnecting`: how long until the next attempt. */
  delayMs?: number;
  /** With `closed` or `reconnecting`: why, when it was a failure rather than `disconnect()`. */
  error?: Error;
  /**
   * With `connecting` or `reconnecting`: the link makes no attempt until this changes (then it tries at once and
   * says so with another change). A UI shows "waiting for the network" for `network`.
   */
  waitingFor?: ConnectionWait;
}

/** A typing or presence event narrowed to one type, e.g. `TransientEventOf<"typing.started">`. */
export type TransientEventOf<K extends TTransientEventType> = TTransientEvent & { type: K };

/** A call event narrowed to one type, e.g. `CallEventOf<"call.accepted">`. */
export type CallEventOf<K extends TCallEventType> = TCallEvent & { type: K };

/**
 * Everything `ParleyClient.on` can listen to: each chat event type, typing and presence (`typing.started`,
 * `typing.stopped`, `user.presence`: live only, never replayed after a reconnect), the user's calls (`call.ringing`,
 * `call.accepted`… as the server says them, and `call.incoming` with the {@link Call} to answer), `connection`,
 * `unread.changed` (the SDK's own unread counts moved) and `resync.required` (a reconnect found the events it missed
 * gone from the server: load again what is shown).
 */
export type ParleyEventMap = { [K in TChatEventType]: ChatEventOf<K> } & {
  [K in TTransientEventType]: TransientEventOf<K>;
} & { [K in TCallEventType]: CallEventOf<K> } & {
  connection: ConnectionChange;
  "unread.changed": UnreadChange;
  "resync.required": ResyncRequired;
  "call.incoming": Call;
};

/**
 * Payload of `resync.required`: the link was down longer than the server keeps events (see `retentionSeconds` of
 * `GET /v1/events`), so what was missed cannot be replayed. The link goes on from `lastEventId`; lists and
 * histories on screen should be loaded again.
 */
export interface ResyncRequired {
  /** Where the event cursor continues from; null when the server did not say. */
  lastEventId: string | null;
}

/** A channel's unread counts for the signed-in user. */
export interface UnreadCounts {
  unreadCount: number;
  unreadMentionCount: number;
}

/** Payload of `unread.changed`: a channel's new counts, and the totals if `unread.refresh()` loaded them. */
export interface UnreadChange extends UnreadCounts {
  channelId: string;
  totals: UnreadCounts | null;
}

/** A listener for one entry of {@link ParleyEventMap}. */
export type ParleyListener<K extends keyof ParleyEventMap> = (payload: ParleyEventMap[K]) => void;

/**
 * An event handler property. Declared through a method so that the browser's and the `ws` package's handler
 * types, whose event classes differ, both fit.
 */
export type SocketHandler<E> = { handle(event: E): void }["handle"];

/**
 * The part of the standard WebSocket the SDK uses. The browser's `WebSocket` and the `ws` package's both fit.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: SocketHandler<unknown> | null;
  onmessage: SocketHandler<{ data: unknown }> | null;
  onclose: SocketHandler<{ code: number; reason: string }> | null;
  onerror: SocketHandler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A WebSocket class: `globalThis.WebSocket` in browsers, `WebSocket` from the `ws` package in Node. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;
