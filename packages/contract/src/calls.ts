import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, zUserId } from "./chat-common";
import { CALL_STATES, type TCallEventType } from "./chat-constants";
import { V } from "./validation";

/**
 * One-to-one voice and video calls. The server keeps each call's state and relays the parties' WebRTC signalling
 * (SDP offers and answers, ICE candidates) over the chat WebSocket; the media flows between the parties, through a
 * TURN server when they cannot reach each other directly.
 */

export const CALL_KINDS = ["audio", "video"] as const;
export const zCallKind = z.enum(CALL_KINDS);
export type TCallKind = z.infer<typeof zCallKind>;

export const zCallState = z.enum(CALL_STATES);
export type TCallState = z.infer<typeof zCallState>;

/**
 * How a call came to its end: `hangup` for an accepted call a party ended, `disconnected` for an accepted call the
 * server ended once neither party held a socket, otherwise the final state's name.
 */
export const CALL_END_REASONS = ["hangup", "failed", "disconnected", "declined", "cancelled", "missed"] as const;
export type TCallEndReason = (typeof CALL_END_REASONS)[number];

export type TCallAction = "accept" | "decline" | "cancel" | "end" | "fail" | "miss" | "drop";

/**
 * Every move a call can make, in one table the server enforces: from which states, to which, and who may make it.
 * `end` with reason `failed` is `fail` (the client could not set up its media). `miss` and `drop` are the server's
 * own: `miss` when the call rang `CALL_RING_SECONDS` unanswered, `drop` when an accepted call's parties both hold no
 * socket any more (their apps died without hanging up), so they are not busy forever. Any other move answers 3095;
 * a party not allowed the move, 3096.
 */
export const CALL_TRANSITIONS: Record<
  TCallAction,
  { from: readonly TCallState[]; to: TCallState; by: "caller" | "callee" | "either" | "server" }
> = {
  accept: { from: ["ringing"], to: "accepted", by: "callee" },
  decline: { from: ["ringing"], to: "declined", by: "callee" },
  cancel: { from: ["ringing"], to: "cancelled", by: "caller" },
  end: { from: ["accepted"], to: "ended", by: "either" },
  fail: { from: ["ringing", "accepted"], to: "failed", by: "either" },
  miss: { from: ["ringing"], to: "missed", by: "server" },
  drop: { from: ["accepted"], to: "failed", by: "server" },
};

/** A `call.signal` frame's `data`, serialized as JSON, holds at most this many bytes (an SDP is a few KB). */
export const CALL_SIGNAL_DATA_MAX_BYTES = 16 * 1024;
/** How long the TURN credentials of `GET /v1/calls/ice-servers` are valid: ask again for each call. */
export const ICE_CREDENTIAL_TTL_SECONDS = 3600;
export const ICE_URLS_MAX = 10;

export const zCall = z.object({
  id: z.string(),
  kind: zCallKind,
  state: zCallState,
  /** The caller's and the callee's user ids. */
  callerId: z.string(),
  calleeId: z.string(),
  /** When it started ringing. */
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** When it reached its final state, whichever that is. */
  endedAt: z.string().nullable(),
  /** Seconds from acceptance to the end; null for a call never accepted or still going. */
  durationSeconds: z.number().int().nullable(),
  endReason: z.enum(CALL_END_REASONS).nullable(),
  /** The user who ended, declined, cancelled or failed it; null while it goes on and for a missed call. */
  endedBy: z.string().nullable(),
});
export type TCall = z.infer<typeof zCall>;
export const zCallResponse = z.object({ call: zCall });
export type TCallResponse = z.infer<typeof zCallResponse>;
export const zCallsPage = z.object({ calls: z.array(zCall), nextCursor: z.string().nullable() });
export type TCallsPage = z.infer<typeof zCallsPage>;

export const zStartCallRequest = z.object({ calleeId: zUserId, kind: zCallKind });
export type TStartCallRequest = z.infer<typeof zStartCallRequest>;
export const zEndCallRequest = z.object({ reason: z.enum(["hangup", "failed"]).default("hangup") });
export type TEndCallRequest = z.infer<typeof zEndCallRequest>;
export const zCallIdParams = z.object({ callId: z.string().uuid() });
export const zCallsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});

/** What a client hands its `RTCPeerConnection`: `username` and `credential` only for TURN. */
export const zIceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof zIceServer>;
/** Empty when the app configured none: calls then connect only where the parties reach each other directly. */
export const zIceServersResponse = z.object({ iceServers: z.array(zIceServer), ttlSeconds: z.number().int() });
export type TIceServersResponse = z.infer<typeof zIceServersResponse>;

/** An ICE server URL (RFC 7064/7065): the scheme and a host, with an optional port and query. */
const iceUrl = (schemes: readonly string[]) =>
  z
    .string()
    .trim()
    .max(300, V.tooLong)
    .refine((url) => {
      const match = /^([a-z]+):([^\s/?#]+)(\?[^\s#]*)?$/i.exec(url);
      return match !== null && schemes.includes((match[1] ?? "").toLowerCase());
    }, V.url);
export const zStunUrl = iceUrl(["stun", "stuns"]);
export const zTurnUrl = iceUrl(["turn", "turns"]);

/** The app's ICE servers as the dashboard shows them: the TURN secret never leaves the server. */
export const zCallSettings = z.object({
  stunUrls: z.array(z.string()),
  turnUrls: z.array(z.string()),
  hasTurnSecret: z.boolean(),
});
export type TCallSettings = z.infer<typeof zCallSettings>;
export const zCallSettingsResponse = z.object({ settings: zCallSettings });
/**
 * `turnSecret`: coturn's `static-auth-secret` (`use-auth-secret`); a new one replaces the stored one, absent keeps
 * it. TURN URLs without a secret, stored or given, answer 3098.
 */
export const zUpdateCallSettingsRequest = z.object({
  stunUrls: z.array(zStunUrl).max(ICE_URLS_MAX),
  turnUrls: z.array(zTurnUrl).max(ICE_URLS_MAX),
  turnSecret: z.string().trim().min(1, V.required).max(200, V.tooLong).optional(),
});
export type TUpdateCallSettingsRequest = z.infer<typeof zUpdateCallSettingsRequest>;

/** One party of a call as the dashboard lists it; the nickname is empty for a user deleted since. */
export const zCallParty = z.object({ userId: z.string(), nickname: z.string() });
export const zDashboardCall = zCall.omit({ callerId: true, calleeId: true }).extend({
  caller: zCallParty,
  callee: zCallParty,
});
export type TDashboardCall = z.infer<typeof zDashboardCall>;
export const zDashboardCallsQuery = zCallsQuery.extend({
  /** Calls this user made or received. */
  userId: zUserId.optional(),
  state: zCallState.optional(),
  /** Calls started at or after `from` and before `to` (ISO date-times). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TDashboardCallsQuery = z.infer<typeof zDashboardCallsQuery>;
export const zDashboardCallsPage = z.object({ calls: z.array(zDashboardCall), nextCursor: z.string().nullable() });
export type TDashboardCallsPage = z.infer<typeof zDashboardCallsPage>;
/** A call's moves in order: ringing, then acceptance if any, then its final state and who made it. */
export const zCallTimelineEntry = z.object({ state: zCallState, at: z.string(), byUserId: z.string().nullable() });
export const zDashboardCallResponse = z.object({
  call: zDashboardCall,
  timeline: z.array(zCallTimelineEntry),
});
export type TDashboardCallResponse = z.infer<typeof zDashboardCallResponse>;
export const zCallParams = z.object({ id: z.string().uuid(), callId: z.string().uuid() });

export interface TCallEvent {
  type: TCallEventType;
  call: TCall;
  at: string;
}

/** The dashboard API's call routes, under `/api`. */
export const dashboardCallsApi = {
  settings: "/apps/:id/calls/settings",
  /**
   * The app's ICE servers with TURN credentials made for the user name `dashboard-test`, as the chat API's
   * `GET /v1/calls/ice-servers` hands them to an end user: the dashboard's "Test" opens a relay with them.
   */
  iceServers: "/apps/:id/calls/ice-servers",
  calls: "/apps/:id/calls",
  call: "/apps/:id/calls/:callId",
} as const;
