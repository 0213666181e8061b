/** Frames on the WebSocket `/v1/ws`. The client's first frame authenticates; the server then pushes events. */
import { z } from "zod";
import type { TCallEvent } from "./calls";
import { zMarkDeliveredRequest } from "./chat-channels";
import { zUserId } from "./chat-common";
import type { TChatEvent } from "./chat-events";
import { type TMessage, zSendMessageRequest } from "./chat-messages";
import type { TChatUser } from "./chat-users";
import { INT_MAX } from "./constants";
import type { ErrorData } from "./errors";

/** Users one socket may follow the presence of. */
export const PRESENCE_SUBSCRIBE_MAX = 100;

/**
 * What happens now and is not kept: typing and presence. Not stored, so not in `GET /v1/events` and without an
 * `id`; a client that reconnects asks for the current state instead (presence by subscribing again; typing
 * starts over).
 */
export type TTransientEvent =
  | { type: "typing.started" | "typing.stopped"; channelId: string; userId: string; at: string }
  | { type: "user.presence"; userId: string; isOnline: boolean; lastSeenAt: string | null; at: string };
export type TTransientEventType = TTransientEvent["type"];
export const TRANSIENT_EVENT_TYPES = [
  "typing.started",
  "typing.stopped",
  "user.presence",
] as const satisfies readonly TTransientEventType[];

/** The longest `requestId` a client may give a frame that the server acknowledges. */
export const REQUEST_ID_MAX = 64;

/**
 * Sends a message over the open socket, as `POST /v1/channels/{channelId}/messages` does with `body`: the same
 * rules, the same answer and the same idempotency by `body.clientMessageId`. The server answers with an `ack` frame
 * carrying the client's `requestId`. The body is nested rather than spread beside `type` because the send request
 * has a `type` of its own (the message's).
 */
export const zMessageSendFrame = z.object({
  type: z.literal("message.send"),
  requestId: z.string().min(1).max(REQUEST_ID_MAX),
  channelId: z.string().uuid(),
  body: zSendMessageRequest,
});
export type TMessageSendFrame = z.infer<typeof zMessageSendFrame>;
export type TMessageSendFrameInput = z.input<typeof zMessageSendFrame>;

/**
 * The messages of a channel up to `seq` reached the user's client, as `POST /v1/channels/{channelId}/delivered`
 * says with `{ seq }`: the same rules and codes (3240 in an open channel, 3020 for a channel the user is not in).
 * With a `requestId` the server answers an `ack` frame carrying the mark as the route answers it, or the refusal;
 * without one a refusal comes as an `error` frame with `frame: "delivered"`, and the socket stays open either way.
 */
export const zDeliveredFrame = z.object({
  type: z.literal("delivered"),
  requestId: z.string().min(1).max(REQUEST_ID_MAX).optional(),
  channelId: z.string().uuid(),
  seq: zMarkDeliveredRequest.shape.seq,
});
export type TDeliveredFrame = z.infer<typeof zDeliveredFrame>;

export const zClientFrame = z.discriminatedUnion("type", [
  /** `appId` only with a dashboard session: it opens a read-only view of that app's channels. */
  z.object({ type: z.literal("auth"), token: z.string().min(1).max(200), appId: z.string().uuid().optional() }),
  /**
   * Dashboard views subscribe to a channel; end users receive their own channels' events without asking. With
   * `subchannel`, a view of a super group hears that subchannel's messages (and those to the whole channel) only.
   */
  z.object({
    type: z.literal("subscribe"),
    channelId: z.string().uuid(),
    subchannel: z.number().int().min(1).max(INT_MAX).optional(),
  }),
  z.object({ type: z.literal("ping") }),
  /**
   * An end user is typing in one of their channels (`start`, repeated while they type) or stopped (`stop`). Members
   * hear `typing.started` / `typing.stopped`; a start not repeated within `TYPING_EXPIRES_MS` stops by itself.
   */
  z.object({ type: z.literal("typing"), channelId: z.string().uuid(), state: z.enum(["start", "stop"]) }),
  /**
   * The users whose presence this socket hears (`user.presence`), replacing the set asked for before; an empty list
   * stops it. Their state now arrives at once, each change after.
   */
  z.object({ type: z.literal("presence.subscribe"), userIds: z.array(zUserId).max(PRESENCE_SUBSCRIBE_MAX) }),
  /**
   * WebRTC signalling of a call the user is a party of, while it rings or is accepted: an SDP offer or answer, or an
   * ICE candidate, as the client's WebRTC stack made it. The other party alone hears it (a `call.signal` server
   * frame). `data` holds at most `CALL_SIGNAL_DATA_MAX_BYTES` serialized (3097); another user's call answers 3090,
   * a call in another state 3095, each as an error frame.
   */
  z.object({ type: z.literal("call.signal"), callId: z.string().uuid(), data: z.unknown() }),
  zMessageSendFrame,
  zDeliveredFrame,
]);
export type TClientFrame = z.infer<typeof zClientFrame>;
export type TServerFrame =
  /**
   * `subchannels`: the user's subchannel in each of their super groups that has subchannels on, by channel id. A
   * `subchannels.changed` event says they changed: ask `GET /v1/channels/{id}/subchannels` again.
   * `eventRetentionSeconds`: how long the server keeps events for `GET /v1/events`; a cursor older than that answers
   * 3140. Absent from servers that predate it.
   */
  | {
      type: "ready";
      user: TChatUser | null;
      lastEventId: string;
      subchannels?: Record<string, number>;
      eventRetentionSeconds?: number;
    }
  | { type: "event"; event: TChatEvent }
  /**
   * A dashboard view's subscription is in effect: every event of the channel from now on arrives on this socket.
   * What was sent before is in the history API, so a view that reads it after this frame misses nothing.
   */
  | { type: "subscribed"; channelId: string; subchannel?: number }
  | { type: "pong" }
  /** A typing or presence event (see `TTransientEvent`). */
  | { type: "transient"; event: TTransientEvent }
  /** A call of the user started or moved (see `TCallEvent`); both parties hear it, on every socket. */
  | { type: "call"; event: TCallEvent }
  /** The other party's signalling of a call, as they sent it in their `call.signal` frame. */
  | { type: "call.signal"; callId: string; fromUserId: string; data: unknown }
  /**
   * `data` as in the HTTP error envelope, e.g. `retryAfterSeconds` with 005. With `frame`, the error answers one
   * frame of that type (a typing frame in a channel the user is not in) and the socket stays open; without, the
   * server closes the socket after it, and the error says why.
   */
  | { type: "error"; code: string; message: string; data?: ErrorData; frame?: TClientFrame["type"] }
  /**
   * The answer to a frame that carried a `requestId` (`message.send`, `delivered`): the stored message or the
   * delivered mark, as the REST route answers them, or the error the REST route would answer, with its catalogue code (`data` as in the HTTP error envelope). A
   * malformed frame with a `requestId` answers 300 or 301 here and the socket stays open.
   */
  | TAckFrame;

/** An `ack` server frame: `message` (a send) or `lastDeliveredSeq` (a delivered mark) on success, `error` on a refusal. */
export type TAckFrame =
  | { type: "ack"; requestId: string; message: TMessage }
  | { type: "ack"; requestId: string; lastDeliveredSeq: number }
  | { type: "ack"; requestId: string; error: { code: string; message: string; data?: ErrorData } };

/**
 * The close codes the server ends a `/v1/ws` socket with, each after an `error` frame saying why (except 1001).
 * ws itself closes a socket that sends a frame over 64 KB with 1009.
 */
export const WS_CLOSE_CODES = {
  /** The server is shutting down: reconnect, and a load balancer sends you to another process. */
  serverShuttingDown: 1001,
  /** Not authenticated (3028, 3003, 3001, 3002, 4000), a frame the server does not understand (300, 1023) or the session ended. */
  refused: 4001,
  /** Over the connection cap of the chat user or dashboard session (008): retrying cannot help until one closes. */
  tooManyConnections: 4008,
  /** Over the rate limit (005): reconnect no sooner than the error's `retryAfterSeconds`. */
  rateLimited: 4029,
} as const;
