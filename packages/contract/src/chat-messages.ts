/** Messages: the record every reader gets, and what senders, editors and reactors send. */
import { z } from "zod";
import { PAGE_LIMIT_MAX, zMessageParams, zMetadata, zUserId } from "./chat-common";
import { zPoll } from "./chat-polls";
import { INT_MAX } from "./constants";
import { zLinkPreview } from "./link-previews";
import { zMediaInfo } from "./media";
import { zLanguageCode } from "./translation";
import { V } from "./validation";

export const MESSAGE_TEXT_MAX = 5000;

export const zSender = z.object({ userId: z.string(), nickname: z.string(), profileImageUrl: z.string() });

/** A file message's file; an image or video also carries what the server read from it (`zMediaInfo`). */
export const zFileInfo = z
  .object({ url: z.string(), name: z.string(), size: z.number().int(), mimeType: z.string() })
  .extend(zMediaInfo.shape);

export const MESSAGE_TYPES = ["text", "file", "admin", "custom", "hidden", "poll"] as const;
export type TMessageType = (typeof MESSAGE_TYPES)[number];

export const zMessage = z.object({
  id: z.string(),
  channelId: z.string(),
  /** Position in the channel, increasing by one per message; the cursor for history. */
  seq: z.number().int(),
  /**
   * `custom`: rendered by the app by `customType`. `hidden`: delivered in real time only, for clients' own
   * signalling; never pushed and never counted as unread. `poll`: `text` is the question and `poll` the poll,
   * created by `POST /v1/channels/{channelId}/polls`.
   */
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  sender: zSender.nullable(),
  metadata: z.record(z.string(), z.string()),
  file: zFileInfo.nullable(),
  createdAt: z.string(),
  /** The sender's idempotency key, when it gave one. */
  clientMessageId: z.string().optional(),
  /**
   * In a super group with subchannels: the subchannel whose members the message reached, or null for a message to
   * the whole channel (the app's and admins'). Absent elsewhere.
   */
  subchannel: z.number().int().nullable().optional(),
  /** With `type: "custom"`: the app's own kind of message, which its clients render. */
  customType: z.string().optional(),
  /** How many members added each reaction; absent or empty when none. */
  reactions: z.record(z.string(), z.number().int()).optional(),
  /** The reactions the caller added, in answers to a user; absent in events, which every member hears alike. */
  myReactions: z.array(z.string()).optional(),
  /** When the text or metadata was last edited; absent or null when never. */
  editedAt: z.string().nullable().optional(),
  /** A reply's thread: the message it answers. Absent on messages of the channel itself. */
  parentMessageId: z.string().optional(),
  /** With `parentMessageId`: the reply is also shown in the channel's history. */
  showInChannel: z.boolean().optional(),
  /** A thread's parent: how many replies it has and when the last came. */
  replyCount: z.number().int().optional(),
  lastRepliedAt: z.string().nullable().optional(),
  /** The user IDs the sender mentioned; absent when none. */
  mentionedUserIds: z.array(z.string()).optional(),
  /**
   * The text in the languages the sender asked for with `translationLanguages`, by language code, once translated.
   * Absent in the send's answer and its `message.created`, which do not wait for translation; a `message.updated`
   * brings them when they land. A language the translation service failed on is left out.
   */
  translations: z.record(z.string(), z.string()).optional(),
  /**
   * A card for the first `http(s)://` link of the text: absent in the send's answer and its `message.created`, since
   * the page is fetched afterwards; a `message.updated` brings it, and another takes it away when the sender removes
   * it or an edit changes the link. Absent too when the app has previews off or the page gave nothing to show.
   */
  linkPreview: zLinkPreview.optional(),
  /**
   * Seen by its sender only (a shadow-banned sender's, or one a moderation rule shadowed): true in webhooks and the
   * dashboard, so the app's server knows; absent everywhere a user reads, the sender included.
   */
  shadowed: z.boolean().optional(),
  /** With `type: "poll"`: the poll as it is now; `myVotes` in answers to a user. */
  poll: zPoll.optional(),
});
export type TMessage = z.infer<typeof zMessage>;
export type TFileInfo = z.infer<typeof zFileInfo>;

/** Users one message mentions at most. */
export const MENTIONED_USERS_MAX = 20;
/** Languages one message may ask to be translated into when sent. */
export const TRANSLATION_LANGUAGES_MAX = 5;

/** Bodies above this are malformed (300); text above MESSAGE_TEXT_MAX but within it is "too long" (3013). */
export const MESSAGE_BODY_TEXT_CAP = 4 * MESSAGE_TEXT_MAX;

export const CLIENT_MESSAGE_ID_MAX = 64;
/** The characters of a `clientMessageId`: letters, digits, `.`, `_`, `:` and `-`. */
export const CLIENT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** The types a sender chooses; `file` comes from the upload route and `admin` from the app's own sends. */
export const SENDABLE_MESSAGE_TYPES = ["text", "custom", "hidden"] as const;
export const CUSTOM_TYPE_MAX = 64;
export const zSendMessageRequest = z.object({
  text: z.string({ error: V.required }).max(MESSAGE_BODY_TEXT_CAP, V.messageLength),
  metadata: zMetadata.default({}),
  /**
   * An idempotency key the sender chooses (letters, digits, `.`, `_`, `:`, `-`). Sending again with the same key in
   * the same channel answers the message already stored instead of storing a second: what a client does after a
   * send whose answer it never received.
   */
  clientMessageId: z.string().min(1).max(CLIENT_MESSAGE_ID_MAX).regex(CLIENT_MESSAGE_ID_PATTERN).optional(),
  /** `text` unless given; `custom` needs `customType`. An app's server sending `text` sends an admin message. */
  type: z.enum(SENDABLE_MESSAGE_TYPES).optional(),
  customType: z.string().trim().min(1, V.required).max(CUSTOM_TYPE_MAX, V.tooLong).optional(),
  /** Sends the message as a reply in this message's thread. */
  parentMessageId: z.string().uuid().optional(),
  /** With `parentMessageId`: the reply also appears in the channel's history. */
  showInChannel: z.boolean().optional(),
  /** Members the message mentions, by user ID: it counts toward their `unreadMentionCount`. */
  mentionedUserIds: z.array(zUserId).max(MENTIONED_USERS_MAX).optional(),
  /**
   * Languages to translate the text into after it is stored (at most {@link TRANSLATION_LANGUAGES_MAX}; `zh-cn` and
   * `zh-CN` are one). Every reader then gets them in `translations`. Ignored while the app has translation off or no
   * key; a failed translation never fails the send.
   */
  translationLanguages: z.array(zLanguageCode).max(TRANSLATION_LANGUAGES_MAX).optional(),
});
export type TSendMessageRequest = z.infer<typeof zSendMessageRequest>;
export type TSendMessageRequestInput = z.input<typeof zSendMessageRequest>;
export const zMessageResponse = z.object({ message: zMessage });
export const zMessageHistoryQuery = z.object({
  /** Messages with seq below this, newest first; omit for the latest. */
  before: z.coerce.number().int().min(1).max(INT_MAX).optional(),
  /** Messages with seq above this, oldest first: what a reconnecting client missed. */
  after: z.coerce.number().int().min(0).max(INT_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
});
export const zMessagesResponse = z.object({ messages: z.array(zMessage), hasMore: z.boolean() });
export type TMessagesResponse = z.infer<typeof zMessagesResponse>;

/** Distinct reactions one message holds at most; adding one more answers 3066. */
export const REACTIONS_PER_MESSAGE_MAX = 20;
export const REACTION_MAX = 32;
/**
 * A reaction: an emoji or a key the app chooses (`like`). No whitespace and no control characters, so it reads the
 * same in a path, a log and a client's label; joiners and variation selectors stay allowed for emoji sequences.
 */
export const REACTION_PATTERN = /^[^\s\p{Cc}]+$/u;
export const zReaction = z
  .string({ error: V.required })
  .min(1, V.required)
  .max(REACTION_MAX, V.tooLong)
  .regex(REACTION_PATTERN, V.singleLine);
export const zReactionRequest = z.object({ reaction: zReaction });
export type TReactionRequest = z.infer<typeof zReactionRequest>;
export const zReactionParams = zMessageParams.extend({ reaction: zReaction });

/** An edit: what is given replaces what was stored; at least one of the two. */
export const zEditMessageRequest = z.object({
  text: z.string().max(MESSAGE_BODY_TEXT_CAP, V.messageLength).optional(),
  metadata: zMetadata.optional(),
});
export type TEditMessageRequest = z.infer<typeof zEditMessageRequest>;

/** A thread's replies, paged by seq as a channel's history is (`before`, `after`, `limit`). */
export const zRepliesQuery = zMessageHistoryQuery;
