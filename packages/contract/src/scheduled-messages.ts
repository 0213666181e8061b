/**
 * Scheduled messages: a member writes a message now and the server sends it as theirs at a time they chose, between
 * {@link SCHEDULED_MESSAGE_MIN_AHEAD_SECONDS} and {@link SCHEDULED_MESSAGE_MAX_AHEAD_DAYS} ahead. Until then only its
 * sender sees it, edits it or cancels it. At its time it goes through the same rules as a send made then; one the
 * rules refuse is not sent but ends `failed` with the refusal's code.
 */
import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, zChannelParams, zMetadata, zUserId } from "./chat-common";
import { MENTIONED_USERS_MAX, MESSAGE_BODY_TEXT_CAP } from "./chat-messages";
import { V } from "./validation";

/** The soonest a message may be scheduled: a minute from now. */
export const SCHEDULED_MESSAGE_MIN_AHEAD_SECONDS = 60;
/** The latest: 30 days from now. */
export const SCHEDULED_MESSAGE_MAX_AHEAD_DAYS = 30;
/** Messages one user may have waiting (`scheduled`) at once, over all their channels; one more answers 3233. */
export const SCHEDULED_MESSAGES_PENDING_MAX = 100;

/**
 * `scheduled`: waiting for its time. `sending`: its time came and the send is under way (a moment). `sent`: sent,
 * `messageId` names the message. `failed`: the rules refused the send at its time, `errorCode` says why.
 */
export const SCHEDULED_MESSAGE_STATUSES = ["scheduled", "sending", "sent", "failed"] as const;
export type TScheduledMessageStatus = (typeof SCHEDULED_MESSAGE_STATUSES)[number];

export const zScheduledMessage = z.object({
  id: z.string(),
  channelId: z.string(),
  text: z.string(),
  metadata: z.record(z.string(), z.string()),
  /** The user IDs the message will mention; empty when none. */
  mentionedUserIds: z.array(z.string()),
  /** When it is sent (ISO 8601, UTC). */
  scheduledAt: z.string(),
  status: z.enum(SCHEDULED_MESSAGE_STATUSES),
  /** With `sent`: the message it became, whose `clientMessageId` is `scheduled:{id}`. */
  messageId: z.string().nullable(),
  /** With `failed`: the catalogue code the send was refused with (3020 no longer a member, 3023 banned, 3022 muted…). */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was sent or refused; null while it waits. */
  finishedAt: z.string().nullable(),
});
export type TScheduledMessage = z.infer<typeof zScheduledMessage>;

const zScheduledAt = z.iso.datetime({ offset: true });

/** `POST /v1/channels/{channelId}/scheduled-messages`: what a send takes, and when. */
export const zScheduleMessageRequest = z.object({
  text: z.string({ error: V.required }).max(MESSAGE_BODY_TEXT_CAP, V.messageLength),
  metadata: zMetadata.default({}),
  mentionedUserIds: z.array(zUserId).max(MENTIONED_USERS_MAX).optional(),
  /** ISO 8601 with a zone; at least a minute and at most 30 days ahead (3230). */
  scheduledAt: zScheduledAt,
});
export type TScheduleMessageRequest = z.infer<typeof zScheduleMessageRequest>;
export type TScheduleMessageRequestInput = z.input<typeof zScheduleMessageRequest>;

/** `PATCH /v1/scheduled-messages/{scheduledMessageId}`: what is given replaces what was stored, while it waits. */
export const zEditScheduledMessageRequest = z.object({
  text: z.string().max(MESSAGE_BODY_TEXT_CAP, V.messageLength).optional(),
  metadata: zMetadata.optional(),
  mentionedUserIds: z.array(zUserId).max(MENTIONED_USERS_MAX).optional(),
  scheduledAt: zScheduledAt.optional(),
});
export type TEditScheduledMessageRequest = z.infer<typeof zEditScheduledMessageRequest>;

export const zScheduledMessageParams = z.object({ scheduledMessageId: z.string().uuid() });
export const zChannelScheduledMessagesParams = zChannelParams;

/** The caller's scheduled messages, soonest first; `status` keeps one status only. */
export const zScheduledMessagesQuery = z.object({
  status: z.enum(SCHEDULED_MESSAGE_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type TScheduledMessagesQuery = z.infer<typeof zScheduledMessagesQuery>;
export type TScheduledMessagesQueryInput = z.input<typeof zScheduledMessagesQuery>;

export const zScheduledMessageResponse = z.object({ scheduledMessage: zScheduledMessage });
export type TScheduledMessageResponse = z.infer<typeof zScheduledMessageResponse>;
export const zScheduledMessagesPage = z.object({
  scheduledMessages: z.array(zScheduledMessage),
  nextCursor: z.string().nullable(),
});
export type TScheduledMessagesPage = z.infer<typeof zScheduledMessagesPage>;
