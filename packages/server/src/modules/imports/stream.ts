/**
 * Stream's chat import file (https://getstream.io/chat/docs/node/import/): one `{"type", "item"}` object per line,
 * or the newer `{"type", "data"}` envelope of Stream's JSON Schemas, or a JSON array of either.
 */
import { MESSAGE_TEXT_MAX, type TChannelType } from "@parley/contract";
import type {
  ImportAttachment,
  ImportChannel,
  ImportMember,
  ImportMessage,
  ImportReaction,
  ImportUser,
  ParsedImport,
  RowRef,
} from "./model";
import {
  asKey,
  asText,
  attachment,
  type Collector,
  channelName,
  createCollector,
  httpUrl,
  isObject,
  isReaction,
  isUserId,
  type Json,
  mentionedUserIds,
  nickname,
  type Rejection,
  readTime,
  reject,
  rejectTime,
  toDate,
  toMetadata,
} from "./normalize";

/**
 * Stream's built-in channel types as Parley's. `livestream` lets anyone watch and post with no member cap and counts
 * no unread messages, which is Parley's open channel (decision 0300); `gaming` rooms are open to anyone but small, which is public. `messaging`, `team` and `commerce`
 * are conversations among the members the app added, which is private_invite. A custom type's permissions live in
 * the source app's settings and are not in the file, so it gets the closed type: guessing open would show a private
 * conversation to strangers, while guessing closed can be opened up after the import.
 */
export const STREAM_CHANNEL_TYPES: Readonly<Record<string, TChannelType>> = {
  livestream: "open",
  gaming: "public",
  messaging: "private_invite",
  team: "private_invite",
  commerce: "private_invite",
};
const CUSTOM_CHANNEL_TYPE: TChannelType = "private_invite";

/** Row types Parley has nothing to import from: push devices and bans of channels that do not exist yet. */
const IGNORED_TYPES = new Set(["device", "future_channel_ban"]);

/** Fields Stream gives a meaning of its own (or reserves); every other field of a row is the app's custom data. */
// biome-ignore format: a list of names reads better packed than one to a line
const USER_FIELDS = new Set([
  "id", "name", "image", "role", "teams", "teams_role", "language", "invisible", "created_at", "updated_at",
  "deleted_at", "deactivated_at", "channel_mutes", "user_mutes", "blocked_user_ids", "push_notifications",
  "push_preferences", "privacy_settings", "app_pk", "online", "pk", "user_pk", "last_active",
]);
// biome-ignore format: a list of names reads better packed than one to a line
const CHANNEL_FIELDS = new Set([
  "type", "id", "member_ids", "name", "created_by", "created_by_id", "team", "frozen", "disabled", "banned_users",
  "truncated_at", "created_at", "updated_at", "last_message_at", "cid", "created_by_pk", "members", "config",
  "app_pk", "pk",
]);
// biome-ignore format: a list of names reads better packed than one to a line
const MESSAGE_FIELDS = new Set([
  "id", "channel_type", "channel_id", "channel_member_ids", "user", "text", "html", "type", "parent_id",
  "show_in_channel", "created_at", "updated_at", "deleted_at", "attachments", "mentioned_users_ids",
  "quoted_message_id", "pinned_at", "pinned_by_id", "pin_expires", "mentioned_roles", "mentioned_channel",
  "mentioned_here", "restricted_visibility", "tmp_id", "app_pk", "latest_reactions", "own_reactions",
  "reactions_count", "reply_count", "command", "pk", "quoted_message", "pinned_by",
]);

/** Parses a Stream import file; a row that cannot be read is refused and the rest are still read. */
export function parseStreamJsonl(text: string, file: string): ParsedImport {
  const collector = createCollector("stream");
  const distinctMembers: ImportMember[] = [];
  for (const { value, line } of readRows(text.replace(/^\uFEFF/, ""), file, collector)) {
    const at = { file, line };
    if (!isObject(value)) {
      collector.refuse(at, "not-an-object");
      continue;
    }
    const type = value.type;
    const row = isObject(value.item) ? value.item : isObject(value.data) ? value.data : null;
    if (typeof type !== "string" || type === "") {
      collector.refuse(at, "missing-field:type");
      continue;
    }
    if (IGNORED_TYPES.has(type)) continue;
    if (row === null) {
      collector.refuse(at, "missing-field:item", undefined, type);
      continue;
    }
    switch (type) {
      case "user":
        collector.take(readUser(row, at), at, "user", collector.addUser);
        break;
      case "channel":
        collector.take(readChannel(row, at), at, "channel", ({ channel, members }) => {
          if (collector.addChannel(channel)) distinctMembers.push(...members);
        });
        break;
      case "member":
      case "channel_member":
        collector.take(readMember(row, at), at, "member", collector.addMember);
        break;
      case "message":
        collector.take(readMessage(row, at), at, "message", collector.addMessage);
        break;
      case "reaction":
        collector.take(readReaction(row, at), at, "reaction", collector.addReaction);
        break;
      default:
        collector.refuse(at, "unknown-type", undefined, type);
    }
  }
  // A distinct channel's members come with it; a member row of its own, read first, says more (its role, its time).
  for (const member of distinctMembers) collector.addMember(member, "keep-first");
  return collector.finish();
}

/**
 * The rows of the file with their line numbers: JSONL lines, or the items of a whole-file JSON array. Lines are parsed
 * one at a time as they are read, so a million-line file is never held parsed whole beside its text.
 */
function* readRows(text: string, file: string, collector: Collector): Generator<{ value: unknown; line: number }> {
  if (/^\s*\[/.test(text)) {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch (err) {
      collector.refuse({ file, line: 0 }, "malformed-json", undefined, (err as Error).message);
      return;
    }
    if (Array.isArray(items)) {
      for (const [index, value] of items.entries()) yield { value, line: index + 1 };
      return;
    }
  }
  let line = 0;
  for (let start = 0; start < text.length; line += 1) {
    const end = text.indexOf("\n", start);
    const source = text.slice(start, end === -1 ? text.length : end);
    start = end === -1 ? text.length : end + 1;
    if (source.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (err) {
      collector.refuse({ file, line: line + 1 }, "malformed-json", undefined, (err as Error).message);
      continue;
    }
    yield { value, line: line + 1 };
  }
}

const customFields = (row: Json, known: Set<string>) => Object.entries(row).filter(([key]) => !known.has(key));

/**
 * A channel's key as Stream names it, `type:id`; a distinct channel, which Stream identifies by its members, is
 * `type:!members:` and its sorted member IDs, so every row naming the same members names the same channel.
 */
function channelKey(
  row: Json,
  fields: { type: string; id: string; members: string },
  kind: "channel" | "member" | "message",
): { key: string; memberIds: string[] } | { missing: string } {
  const type = asText(row[fields.type]);
  if (type === "") return { missing: `${kind}.${fields.type}` };
  const id = asKey(row[fields.id]);
  if (id !== "") return { key: `${type}:${id}`, memberIds: [] };
  const memberIds = row[fields.members];
  if (!Array.isArray(memberIds) || memberIds.length === 0) return { missing: `${kind}.${fields.id}` };
  const ids = memberIds.map(asText).sort();
  return { key: `${type}:!members:${ids.join(",")}`, memberIds: ids };
}
const OF_CHANNEL = { type: "type", id: "id", members: "member_ids" };
const OF_ROW = { type: "channel_type", id: "channel_id", members: "channel_member_ids" };

function readUser(row: Json, at: RowRef): ImportUser | Rejection {
  if (row.id === undefined || row.id === null || row.id === "") return reject("missing-field:user.id");
  if (!isUserId(row.id)) return reject("invalid-user-id", asText(row.id));
  return {
    userId: row.id,
    nickname: nickname(row.name, row.id),
    profileImageUrl: httpUrl(row.image),
    metadata: toMetadata(customFields(row, USER_FIELDS)),
    createdAt: toDate(row.created_at),
    // A user Stream deleted still owns messages in the file, so it is imported, but cannot log in.
    isDeactivated: toDate(row.deactivated_at) !== null || toDate(row.deleted_at) !== null,
    at,
  };
}

/** A channel, and the members a distinct channel is made of. */
function readChannel(row: Json, at: RowRef): { channel: ImportChannel; members: ImportMember[] } | Rejection {
  const key = channelKey(row, OF_CHANNEL, "channel");
  if ("missing" in key) return reject(`missing-field:${key.missing}`);
  const type = asText(row.type);
  const creator = isObject(row.created_by) ? row.created_by.id : (row.created_by ?? row.created_by_id);
  const channel: ImportChannel = {
    sourceKey: key.key,
    name: channelName(row.name, asKey(row.id) || key.key),
    type: (Object.hasOwn(STREAM_CHANNEL_TYPES, type) ? STREAM_CHANNEL_TYPES[type] : undefined) ?? CUSTOM_CHANNEL_TYPE,
    ownerUserId: isUserId(creator) ? creator : null,
    data: toMetadata(customFields(row, CHANNEL_FIELDS)),
    createdAt: toDate(row.created_at),
    isFrozen: row.frozen === true,
    at,
  };
  const members = key.memberIds
    .filter(isUserId)
    .map((userId) => ({ channelKey: key.key, userId, isOwner: false, joinedAt: null, at }));
  return { channel, members };
}

function readMember(row: Json, at: RowRef): ImportMember | Rejection {
  const key = channelKey(row, OF_ROW, "member");
  if ("missing" in key) return reject(`missing-field:${key.missing}`);
  if (row.user_id === undefined || row.user_id === "") return reject("missing-field:member.user_id");
  if (!isUserId(row.user_id)) return reject("invalid-user-id", asText(row.user_id));
  const lastRead = readTime(row.last_read);
  return {
    channelKey: key.key,
    userId: row.user_id,
    isOwner: row.channel_role === "channel_owner",
    joinedAt: toDate(row.created_at),
    ...(lastRead ? { read: { kind: "time" as const, at: lastRead } } : {}),
    at,
  };
}

function readMessage(row: Json, at: RowRef): ImportMessage | Rejection {
  const key = channelKey(row, OF_ROW, "message");
  if ("missing" in key) return reject(`missing-field:${key.missing}`);
  const type = asText(row.type) || "regular";
  const isSystem = type === "system";
  const user = isObject(row.user) ? row.user.id : row.user;
  const hasUser = user !== undefined && user !== null && user !== "";
  if (!hasUser && !isSystem) return reject("missing-field:message.user");
  if (hasUser && !isUserId(user)) return reject("invalid-user-id", asText(user));
  const text = asText(row.text);
  if (text.length > MESSAGE_TEXT_MAX) return reject("text-too-long", `${text.length} characters`);
  const createdAt = toDate(row.created_at);
  if (!createdAt) return rejectTime(row.created_at, "message.created_at");
  const attachments = (Array.isArray(row.attachments) ? row.attachments : [])
    .filter(isObject)
    .map((a) => attachment(a.asset_url ?? a.image_url ?? a.thumb_url, a.title ?? a.fallback, a.mime_type, a.file_size))
    .filter((a): a is ImportAttachment => a !== null);
  const updatedAt = toDate(row.updated_at);
  const isDeleted = type === "deleted" || toDate(row.deleted_at) !== null;
  const parentKey = asKey(row.parent_id) || null;
  const mentions = mentionedUserIds(row.mentioned_users_ids);
  return {
    // The older format lets a message go without an ID; its place in the file is then its key.
    sourceKey: asKey(row.id) || `${at.file}:${at.line}`,
    channelKey: key.key,
    // A system message is the app's, as Parley's admin messages are, whoever's action it reports.
    senderUserId: !isSystem && isUserId(user) ? user : null,
    kind: isSystem ? "admin" : attachments.length > 0 && text.trim() === "" ? "file" : "text",
    text,
    metadata: toMetadata(customFields(row, MESSAGE_FIELDS)),
    attachments,
    createdAt,
    editedAt: !isDeleted && updatedAt && updatedAt > createdAt ? updatedAt : null,
    deletedAt: isDeleted ? (toDate(row.deleted_at) ?? updatedAt ?? createdAt) : null,
    parentKey,
    ...(parentKey !== null && row.show_in_channel === true ? { showInChannel: true } : {}),
    ...(mentions ? { mentionedUserIds: mentions } : {}),
    at,
  };
}

function readReaction(row: Json, at: RowRef): ImportReaction | Rejection {
  const messageKey = asKey(row.message_id);
  if (messageKey === "") return reject("missing-field:reaction.message_id");
  if (row.user_id === undefined || row.user_id === "") return reject("missing-field:reaction.user_id");
  if (!isUserId(row.user_id)) return reject("invalid-user-id", asText(row.user_id));
  if (row.type === undefined || row.type === "") return reject("missing-field:reaction.type");
  if (!isReaction(row.type)) return reject("invalid-reaction", asText(row.type));
  return { messageKey, userId: row.user_id, reaction: row.type, createdAt: toDate(row.created_at), at };
}
