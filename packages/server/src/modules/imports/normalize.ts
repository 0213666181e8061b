/**
 * What both parsers share: reading loosely typed JSON values into Parley's limits, and the collector that keeps each
 * record once and remembers every row it refused.
 */
import {
  CHANNEL_NAME_MAX,
  hasVisibleText,
  MENTIONED_USERS_MAX,
  MESSAGE_METADATA_MAX,
  NICKNAME_MAX,
  REACTION_MAX,
  REACTION_PATTERN,
  USER_ID_MAX,
  USER_ID_PATTERN,
  zHttpUrl,
} from "@parley/contract";
import type {
  ImportAttachment,
  ImportChannel,
  ImportKind,
  ImportMember,
  ImportMessage,
  ImportReaction,
  ImportSource,
  ImportUser,
  ParsedImport,
  Refusal,
  RowRef,
} from "./model";

/** A JSON object as parsed, before any of its fields are trusted. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The limits of `zMetadata` (and of channel data), which the contract writes inline. */
const METADATA_KEY_MAX = 64;
const METADATA_VALUE_MAX = 1000;

/**
 * Epoch numbers below this are seconds, above it milliseconds: 1e11 seconds is the year 5138 and 1e11 ms is 1973,
 * so no real time of a chat app is ambiguous. Sendbird writes channels in seconds and messages in milliseconds.
 */
const SECONDS_BELOW = 1e11;

/** `text` cut to `max` UTF-16 units (the unit zod's `.max` counts), never between the halves of a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A string as it is, a number or boolean as written; anything else is no text. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** A source's ID, which may be a JSON number (Sendbird's `message_id`), as a string; "" when absent. */
export const asKey = (value: unknown): string =>
  typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) ? String(value) : "";

/**
 * A time from an RFC 3339 string, Sendbird's `"2025-01-14 11:53:23+0000"`, or an epoch number in seconds or
 * milliseconds. Zero and earlier mean "never" (Sendbird writes `updated_at: 0` and a `last_seen_at` of 1969), so they
 * are null, as is anything unreadable.
 */
export function toDate(value: unknown): Date | null {
  let ms: number;
  if (typeof value === "number") ms = value < SECONDS_BELOW ? value * 1000 : value;
  else if (typeof value === "string" && /^\d+$/.test(value.trim())) return toDate(Number(value));
  else if (typeof value === "string") ms = Date.parse(value.trim());
  else return null;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null;
}

export const isUserId = (value: unknown): value is string =>
  typeof value === "string" && value.length <= USER_ID_MAX && USER_ID_PATTERN.test(value);

export const isReaction = (value: unknown): value is string =>
  typeof value === "string" && value.length <= REACTION_MAX && REACTION_PATTERN.test(value);

/**
 * The user IDs a message mentions, each once, those Parley refuses dropped and at most {@link MENTIONED_USERS_MAX}
 * kept (the limit a sender has); undefined when none is left, as Parley stores a message that mentions no one.
 */
export function mentionedUserIds(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ids = [...new Set(value.filter(isUserId))].slice(0, MENTIONED_USERS_MAX);
  return ids.length > 0 ? ids : undefined;
}

/**
 * A read receipt's time. Zero is kept as the epoch, "read nothing" (Sendbird writes 0 for a member who joined without
 * the past messages), unlike {@link toDate}, for which zero means no time at all; anything unreadable is undefined.
 */
export function readTime(value: unknown): Date | undefined {
  if (value === 0 || value === "0") return new Date(0);
  return toDate(value) ?? undefined;
}

/** Trimmed visible text cut to `max`, or `fallback` when the source has nothing that would show. */
function displayText(value: unknown, max: number, fallback: string): string {
  const text = asText(value).trim();
  return hasVisibleText(text) ? clip(text, max).trimEnd() : clip(fallback, max);
}

export const nickname = (value: unknown, userId: string) => displayText(value, NICKNAME_MAX, userId);
export const channelName = (value: unknown, sourceId: string) => displayText(value, CHANNEL_NAME_MAX, sourceId);

/** The URL when it is one Parley accepts for a profile image (http or https), else "". */
export const httpUrl = (value: unknown): string =>
  typeof value === "string" && zHttpUrl.safeParse(value).success ? value.trim() : "";

/**
 * Source fields as Parley metadata: keys trimmed, a key that is empty or longer than 64 dropped (of two keys that
 * trim alike, the first kept), values that are not strings written as JSON, null and absent values dropped, values
 * cut to 1000 characters. Parley keeps at most 5 entries; beyond that the first 5 in key order (by code unit, so the
 * same source always keeps the same 5) are kept and the rest are dropped without a refusal, since the row is fine.
 */
export function toMetadata(entries: Iterable<[string, unknown]>): Record<string, string> {
  const kept = new Map<string, string>();
  for (const [rawKey, value] of entries) {
    const key = rawKey.trim();
    if (key === "" || key.length > METADATA_KEY_MAX || value === null || value === undefined || kept.has(key)) continue;
    kept.set(key, clip(typeof value === "string" ? value : JSON.stringify(value), METADATA_VALUE_MAX));
  }
  const inKeyOrder = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(inKeyOrder.slice(0, MESSAGE_METADATA_MAX));
}

/** An attachment's name when the source gives none: the last segment of its URL's path. */
export function nameFromUrl(url: string): string {
  try {
    const segment = new URL(url).pathname.split("/").pop() ?? "";
    return decodeURIComponent(segment) || "file";
  } catch {
    return "file";
  }
}

/** A file the source describes, or null when it has no http(s) URL to fetch it from. */
export function attachment(url: unknown, name: unknown, mimeType: unknown, size: unknown): ImportAttachment | null {
  const href = httpUrl(url);
  if (href === "") return null;
  const title = asText(name).trim();
  const type = asText(mimeType).trim();
  const bytes = typeof size === "number" ? size : Number(asText(size) || Number.NaN);
  return {
    url: href,
    name: title || nameFromUrl(href),
    mimeType: type || null,
    size: Number.isInteger(bytes) && bytes >= 0 ? bytes : null,
  };
}

/** Why a reader turned a row down: what it answers instead of a record, for its caller to refuse the row with. */
export interface Rejection {
  rejected: string;
  detail?: string;
}
export const reject = (reason: string, detail?: string): Rejection =>
  detail === undefined ? { rejected: reason } : { rejected: reason, detail };
/** A required time the row lacks (`missing-field:…`) or gives in a form no reader knows (`invalid-field:…`). */
export const rejectTime = (value: unknown, field: string): Rejection =>
  reject(`${value === undefined || value === null || value === "" ? "missing-field" : "invalid-field"}:${field}`);
export const isRejection = (value: object): value is Rejection => "rejected" in value;

/** What to do with a record whose key an earlier row already gave. */
type OnDuplicate = "refuse" | "keep-first";

/**
 * Gathers the records of one import in the order they were read. A later row with a key already taken is refused
 * as `duplicate` (or, for records a source repeats by design, such as the channel inside each Sendbird messages
 * file, dropped in favour of the first).
 */
export function createCollector(source: ImportSource) {
  const users = new Map<string, ImportUser>();
  const channels = new Map<string, ImportChannel>();
  const members = new Map<string, ImportMember>();
  const messages = new Map<string, ImportMessage>();
  const reactions = new Map<string, ImportReaction>();
  const refused: Refusal[] = [];

  const refuse = (at: RowRef, reason: string, kind?: ImportKind, detail?: string) => {
    const row: Refusal = { file: at.file, line: at.line, reason };
    if (detail !== undefined) row.detail = detail;
    if (kind !== undefined) row.kind = kind;
    refused.push(row);
  };

  function add<T extends { at: RowRef }>(
    into: Map<string, T>,
    key: string,
    record: T,
    kind: ImportKind,
    onDuplicate: OnDuplicate,
  ): boolean {
    const first = into.get(key);
    if (!first) {
      into.set(key, record);
      return true;
    }
    if (onDuplicate === "refuse") {
      refuse(record.at, "duplicate", kind, `${key} (first at ${first.at.file}:${first.at.line})`);
    }
    return false;
  }

  return {
    refuse,
    /** Adds what a reader answered with `add`, or refuses the row for the reader's reason. */
    take<T extends object>(read: T | Rejection, at: RowRef, kind: ImportKind, add: (record: T) => unknown): void {
      if (isRejection(read)) refuse(at, read.rejected, kind, read.detail);
      else add(read);
    },
    addUser: (user: ImportUser, onDuplicate: OnDuplicate = "refuse") =>
      add(users, user.userId, user, "user", onDuplicate),
    addChannel: (channel: ImportChannel, onDuplicate: OnDuplicate = "refuse") =>
      add(channels, channel.sourceKey, channel, "channel", onDuplicate),
    /** With "keep-first", a repeat that names the member an owner still makes the kept one an owner. */
    addMember(member: ImportMember, onDuplicate: OnDuplicate = "refuse") {
      const key = `${member.channelKey}\n${member.userId}`;
      const first = members.get(key);
      if (first && onDuplicate === "keep-first" && member.isOwner) first.isOwner = true;
      return add(members, key, member, "member", onDuplicate);
    },
    addMessage: (message: ImportMessage) => add(messages, message.sourceKey, message, "message", "refuse"),
    addReaction: (reaction: ImportReaction) =>
      add(
        reactions,
        `${reaction.messageKey}\n${reaction.userId}\n${reaction.reaction}`,
        reaction,
        "reaction",
        "refuse",
      ),
    /**
     * The records. A channel's owner is an owner among its members wherever the member row came from; a channel the
     * source gives no owner (Sendbird has operators, not owners) takes its first member marked as one.
     */
    finish(): ParsedImport {
      for (const member of members.values()) {
        const channel = channels.get(member.channelKey);
        if (!channel) continue;
        if (channel.ownerUserId === null && member.isOwner) channel.ownerUserId = member.userId;
        if (channel.ownerUserId === member.userId) member.isOwner = true;
      }
      return {
        source,
        users: [...users.values()],
        channels: [...channels.values()],
        members: [...members.values()],
        messages: [...messages.values()],
        reactions: [...reactions.values()],
        refused,
      };
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;
