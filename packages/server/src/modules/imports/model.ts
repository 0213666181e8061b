/**
 * The records every import source parses into, already within Parley's limits, so the dry run and the import itself
 * never look at a vendor's format again.
 */
import type { TChannelType } from "@parley/contract";

/** The vendors an import reads; part of each imported channel's ID, so two vendors' keys never meet. */
export type ImportSource = "stream" | "sendbird" | "talkplus" | "parley";

/** The kinds of record an import holds, as counted in the dry run. */
export type ImportKind = "user" | "channel" | "member" | "message" | "reaction";

/**
 * Where a record came from: its file and 1-based line, or for a JSON file the index + 1 of the item in its array.
 * Line 0 is the file as a whole (a file that is not JSON, or the one channel object of a Sendbird messages file).
 */
export interface RowRef {
  file: string;
  line: number;
}

export interface ImportUser {
  userId: string;
  /** The source's display name, or the user ID when it has none. */
  nickname: string;
  /** An http(s) URL, or "" when the source has none or gives something else. */
  profileImageUrl: string;
  metadata: Record<string, string>;
  createdAt: Date | null;
  isDeactivated: boolean;
  at: RowRef;
}

export interface ImportChannel {
  /** The channel's key in the source (Stream `messaging:general`, Sendbird `channel_url`), unique per import. */
  sourceKey: string;
  /** The source's name, or its ID when it has none. */
  name: string;
  type: TChannelType;
  ownerUserId: string | null;
  data: Record<string, string>;
  createdAt: Date | null;
  isFrozen: boolean;
  at: RowRef;
}

/**
 * How far a member had read, as the source says it; the plan turns it into a read mark on the imported history
 * (decision 0273).
 */
export type ImportReadState =
  /** Every message sent at or before this time: a read receipt (Sendbird, TalkPlus) or `last_read` (Stream). */
  | { kind: "time"; at: Date }
  /** All but this many of the channel's last messages that count as unread: an unread count (Sendbird). */
  | { kind: "unread"; count: number }
  /** Every message up to this seq of the source channel: a Parley export's `lastReadSeq`. */
  | { kind: "seq"; seq: number };

export interface ImportMember {
  channelKey: string;
  userId: string;
  isOwner: boolean;
  joinedAt: Date | null;
  /** Absent when the source says nothing of it: the member is then taken to have read the whole history. */
  read?: ImportReadState;
  at: RowRef;
}

export interface ImportAttachment {
  url: string;
  /** The source's title for the file, or the last segment of its URL. */
  name: string;
  mimeType: string | null;
  size: number | null;
}

export interface ImportMessage {
  /** The message's ID in the source, unique per import. */
  sourceKey: string;
  channelKey: string;
  /** Null for an admin message, which no user sent. */
  senderUserId: string | null;
  /** `custom` only with `customType`. */
  kind: "text" | "file" | "admin" | "custom";
  text: string;
  metadata: Record<string, string>;
  attachments: ImportAttachment[];
  createdAt: Date;
  editedAt: Date | null;
  /** Set for a message the source keeps as deleted; its text may still be there. */
  deletedAt: Date | null;
  /** The source key of the message this one replies to in a thread. */
  parentKey: string | null;
  /** A reply also shown in the channel's history, where it counts as unread like the channel's own messages. */
  showInChannel?: boolean;
  /** The user IDs the message mentions, when the source keeps them; at most `MENTIONED_USERS_MAX`. */
  mentionedUserIds?: string[];
  /** A custom message's kind, which the app's clients render it by (Parley's `customType`). */
  customType?: string;
  /** The message's seq in its source channel, for a source that numbers messages as Parley does (its own export). */
  sourceSeq?: number;
  at: RowRef;
}

export interface ImportReaction {
  messageKey: string;
  userId: string;
  reaction: string;
  createdAt: Date | null;
  at: RowRef;
}

/** A row that will not be imported (or, as a warning, one imported differently than the source has it). */
export interface Refusal {
  file: string;
  line: number;
  /** A short, stable key: `malformed-json`, `unknown-type`, `missing-field:user.id`, `text-too-long`, `duplicate`. */
  reason: string;
  detail?: string;
  /** The kind of record the row was, when that much could be read; the dry run counts refusals by it. */
  kind?: ImportKind;
}

export interface ParsedImport {
  source: ImportSource;
  users: ImportUser[];
  channels: ImportChannel[];
  members: ImportMember[];
  messages: ImportMessage[];
  reactions: ImportReaction[];
  refused: Refusal[];
}
