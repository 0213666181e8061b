/**
 * Sendbird's data export (https://sendbird.com/docs/chat/v3/platform-api/data-export/data-export-overview): the JSON
 * files of its zip, each one object with an array under a key that says what it holds. The key decides, not the
 * file's name, which Sendbird does not document.
 */
import { MESSAGE_TEXT_MAX, type TChannelType } from "@parley/contract";
import type { ImportAttachment, ImportMessage, ImportReadState, ImportUser, ParsedImport, RowRef } from "./model";
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

export interface ImportFile {
  name: string;
  text: string;
}

const USER_KEYS = ["active_users", "deactivated_users", "users"] as const;
const CHANNEL_KEYS = ["group_channels", "open_channels", "channels"] as const;

/**
 * Sendbird's channels as Parley's. An open channel is read by anyone before entering, has participants rather than
 * members, no cap and no unread counts, which is Parley's open channel (decision 0300). Of a group channel's flags,
 * the one that changes who may post wins: broadcast, then super (no member cap), then public. A public channel that asks for an access code is Parley's private (join with a code); Sendbird
 * does not export the code, so the import has to give it a new one. Everything else is members added by the app.
 */
export function sendbirdChannelType(channel: Json, isOpen: boolean): TChannelType {
  if (isOpen) return "open";
  if (channel.is_broadcast === true) return "broadcast";
  if (channel.is_super === true) return "supergroup";
  if (channel.is_public === true) return channel.is_access_code_required === true ? "private" : "public";
  return "private_invite";
}

/** Parses the files of a Sendbird export; a file or item that cannot be read is refused and the rest still are. */
export function parseSendbirdExport(files: ImportFile[]): ParsedImport {
  const collector = createCollector("sendbird");
  const byKind: Record<"users" | "channels" | "messages", { file: string; body: unknown }[]> = {
    users: [],
    channels: [],
    messages: [],
  };
  for (const { name, text } of files) {
    let body: unknown;
    try {
      body = JSON.parse(text.replace(/^\uFEFF/, ""));
    } catch (err) {
      collector.refuse({ file: name, line: 0 }, "malformed-json", undefined, (err as Error).message);
      continue;
    }
    const kind = kindOf(body);
    if (kind) byKind[kind].push({ file: name, body });
    else collector.refuse({ file: name, line: 0 }, "unknown-file", undefined, topKeys(body));
  }
  // Users first and channel files before messages files: a record a later file repeats (a channel inside its
  // messages file, a sender's profile) is kept as the fuller file gave it.
  const embedded: ImportUser[] = [];
  for (const { file, body } of byKind.users) {
    if (Array.isArray(body)) readUsers(body, file, false, collector);
    else if (isObject(body)) {
      for (const key of USER_KEYS) readUsers(body[key], file, key === "deactivated_users", collector);
    }
  }
  for (const { file, body } of byKind.channels) {
    if (!isObject(body)) continue;
    for (const key of CHANNEL_KEYS) {
      items(body[key]).forEach((item, index) => {
        readChannel(item, { file, line: index + 1 }, key === "open_channels", collector, embedded);
      });
    }
  }
  for (const { file, body } of byKind.messages) {
    if (isObject(body)) readMessagesFile(body, file, collector, embedded);
  }
  // Sendbird filters a users export by when users were created, so senders and members can be missing from it;
  // the profile that travels with their messages and memberships keeps them importable.
  for (const user of embedded) collector.addUser(user, "keep-first");
  return collector.finish();
}

function kindOf(body: unknown): "users" | "channels" | "messages" | null {
  if (Array.isArray(body)) return "users";
  if (!isObject(body)) return null;
  if (Array.isArray(body.messages)) return "messages";
  if (USER_KEYS.some((key) => Array.isArray(body[key]))) return "users";
  if (CHANNEL_KEYS.some((key) => Array.isArray(body[key]))) return "channels";
  return null;
}

const topKeys = (body: unknown) => (isObject(body) ? Object.keys(body).join(",") : typeof body);
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function readUsers(list: unknown, file: string, isDeactivated: boolean, collector: Collector): void {
  items(list).forEach((item, index) => {
    const at = { file, line: index + 1 };
    collector.take(readUser(item, at, isDeactivated), at, "user", collector.addUser);
  });
}

function readUser(item: unknown, at: RowRef, isDeactivated: boolean): ImportUser | Rejection {
  if (!isObject(item)) return reject("not-an-object");
  if (asText(item.user_id) === "") return reject("missing-field:user.user_id");
  const user = profile(item, at);
  if (!user) return reject("invalid-user-id", asText(item.user_id));
  return { ...user, isDeactivated: isDeactivated || user.isDeactivated };
}

/** A user as Sendbird writes one anywhere (a users file, a member, a sender), or null for an ID Parley refuses. */
function profile(item: Json, at: RowRef): ImportUser | null {
  if (!isUserId(item.user_id)) return null;
  return {
    userId: item.user_id,
    nickname: nickname(item.nickname ?? item.name, item.user_id),
    profileImageUrl: httpUrl(item.profile_url ?? item.image),
    metadata: isObject(item.metadata) ? toMetadata(Object.entries(item.metadata)) : {},
    createdAt: toDate(item.created_at),
    isDeactivated: item.is_active === false,
    at,
  };
}

function readChannel(item: unknown, at: RowRef, isOpen: boolean, collector: Collector, embedded: ImportUser[]): void {
  const channelKey = isObject(item) ? asText(item.channel_url) : "";
  if (!isObject(item) || channelKey === "") {
    collector.refuse(at, isObject(item) ? "missing-field:channel.channel_url" : "not-an-object", "channel");
    return;
  }
  const isOpenChannel = isOpen || item.channel_type === "open";
  const members = isOpenChannel ? openChannelPeople(item) : items(item.members).filter(isObject);
  const operator = members.find((member) => member.role === "operator" && isUserId(member.user_id))?.user_id;
  const creator = isObject(item.created_by) ? item.created_by.user_id : undefined;
  const owner = isUserId(creator) ? creator : operator;
  collector.addChannel(
    {
      sourceKey: channelKey,
      name: channelName(item.name, channelKey),
      type: sendbirdChannelType(item, isOpenChannel),
      ownerUserId: isUserId(owner) ? owner : null,
      data: toMetadata([
        ["data", asText(item.data) || undefined],
        ["customType", asText(item.custom_type) || undefined],
      ]),
      createdAt: toDate(item.created_at),
      isFrozen: item.freeze === true || item.is_frozen === true,
      at,
    },
    // The channel inside a messages file repeats one the channels file may have given in full.
    at.line === 0 ? "keep-first" : "refuse",
  );
  for (const member of members) {
    const user = profile(member, at);
    if (!user) {
      collector.refuse(at, "invalid-user-id", "member", asText(member.user_id));
      continue;
    }
    // An invitation not yet accepted is not a membership: importing it would put the user in a conversation they
    // never agreed to join.
    if (member.state === "invited") {
      collector.refuse(at, "member-not-joined", "member", `${channelKey} ${user.userId}`);
      continue;
    }
    embedded.push(user);
    const read = readState(item, member, user.userId);
    collector.addMember(
      {
        channelKey,
        userId: user.userId,
        isOwner: member.role === "operator",
        joinedAt: toDate(member.joined_ts),
        ...(read ? { read } : {}),
        at,
      },
      at.line === 0 ? "keep-first" : "refuse",
    );
  }
}

/**
 * An open channel's operators and participants (those who had entered it), once each, an operator first: they become
 * its members, which is how a Parley user follows an open channel's live events. Sendbird lists an open channel's
 * operators under `operators`; `members` with their roles are read too, as a group channel writes them.
 */
function openChannelPeople(channel: Json): Json[] {
  const operators = items(channel.operators)
    .filter(isObject)
    .map((operator): Json => ({ ...operator, role: "operator" }));
  const seen = new Set<string>();
  return [
    ...items(channel.members).filter(isObject),
    ...operators,
    ...items(channel.participants).filter(isObject),
  ].filter((person) => {
    const userId = asText(person.user_id);
    if (seen.has(userId)) return false;
    seen.add(userId);
    return true;
  });
}

/**
 * How far a member had read: the channel's `read_receipt` (`{user_id: ms}`, which Sendbird's channel listing gives
 * with `show_read_receipt`), else the member's `unread_message_count` (as its webhooks write members). The receipt
 * comes first: it places the mark among the messages, while a count only says how many are left.
 */
function readState(channel: Json, member: Json, userId: string): ImportReadState | undefined {
  const receipt =
    isObject(channel.read_receipt) && Object.hasOwn(channel.read_receipt, userId)
      ? readTime(channel.read_receipt[userId])
      : undefined;
  if (receipt) return { kind: "time", at: receipt };
  const unread = member.unread_message_count;
  return typeof unread === "number" && Number.isInteger(unread) && unread >= 0
    ? { kind: "unread", count: unread }
    : undefined;
}

function readMessagesFile(body: Json, file: string, collector: Collector, embedded: ImportUser[]): void {
  const channel = isObject(body.channel) ? body.channel : null;
  if (channel) readChannel(channel, { file, line: 0 }, false, collector, embedded);
  const fallbackKey = channel ? asText(channel.channel_url) : "";
  items(body.messages).forEach((item, index) => {
    const at = { file, line: index + 1 };
    collector.take(readMessage(item, at, fallbackKey), at, "message", (message) => {
      if (!collector.addMessage(message) || !isObject(item)) return;
      // The sender's profile travels with the message; a users file, read first, has the last word on it.
      const sender = isObject(item.user) ? profile(item.user, at) : null;
      if (sender) embedded.push(sender);
      readReactions(item, message.sourceKey, at, collector);
    });
  });
}

const MESSAGE_KINDS: Readonly<Record<string, "text" | "file" | "admin">> = {
  MESG: "text",
  FILE: "file",
  ADMM: "admin",
};

function readMessage(item: unknown, at: RowRef, fallbackKey: string): ImportMessage | Rejection {
  if (!isObject(item)) return reject("not-an-object");
  const sourceKey = asKey(item.message_id);
  if (sourceKey === "") return reject("missing-field:message.message_id");
  const type = asText(item.type);
  const kind = Object.hasOwn(MESSAGE_KINDS, type) ? MESSAGE_KINDS[type] : undefined;
  if (!kind) return reject("unknown-type", type);
  const channelKey = asText(item.channel_url) || fallbackKey;
  if (channelKey === "") return reject("missing-field:message.channel_url");
  // An admin message has no sender: Sendbird writes `user: {}` or leaves it out.
  const senderUserId = kind === "admin" ? null : isObject(item.user) ? asText(item.user.user_id) : "";
  if (senderUserId === "") return reject("missing-field:message.user");
  if (senderUserId !== null && !isUserId(senderUserId)) return reject("invalid-user-id", senderUserId);
  const text = asText(item.message);
  if (text.length > MESSAGE_TEXT_MAX) return reject("text-too-long", `${text.length} characters`);
  const createdAt = toDate(item.created_at);
  if (!createdAt) return rejectTime(item.created_at, "message.created_at");
  const updatedAt = toDate(item.updated_at);
  const isRemoved = item.is_removed === true;
  const mentions = mentionedUserIds(items(item.mentioned_users).map((user) => (isObject(user) ? user.user_id : user)));
  return {
    sourceKey,
    channelKey,
    senderUserId,
    kind,
    text,
    metadata: messageMetadata(item),
    attachments: kind === "file" ? files(item) : [],
    createdAt,
    editedAt: !isRemoved && updatedAt && updatedAt > createdAt ? updatedAt : null,
    deletedAt: isRemoved ? (updatedAt ?? createdAt) : null,
    parentKey: asKey(item.parent_message_id).replace(/^0$/, "") || null,
    ...(mentions ? { mentionedUserIds: mentions } : {}),
    at,
  };
}

/** `data` and `custom_type` under those names, then each `sorted_metaarray` key with its values joined by commas. */
function messageMetadata(item: Json): Record<string, string> {
  const entries: [string, unknown][] = [
    ["data", asText(item.data) || undefined],
    ["customType", asText(item.custom_type) || undefined],
  ];
  for (const meta of items(item.sorted_metaarray).filter(isObject)) {
    entries.push([asText(meta.key), items(meta.value).map(asText).join(",")]);
  }
  return toMetadata(entries);
}

/** The single `file` of a file message, or each of `files[]` (multi-file messages name their fields differently). */
function files(item: Json): ImportAttachment[] {
  const found: (ImportAttachment | null)[] = [];
  if (isObject(item.file)) {
    const file = item.file;
    found.push(
      attachment(file.url, file.name ?? file.file_name, file.type ?? file.file_type, file.size ?? file.file_size),
    );
  }
  for (const file of items(item.files).filter(isObject)) {
    found.push(
      attachment(file.url, file.file_name ?? file.name, file.file_type ?? file.type, file.file_size ?? file.size),
    );
  }
  return found.filter((file): file is ImportAttachment => file !== null);
}

/**
 * Reactions in the shape Sendbird's message API gives with `include_reactions` (`[{key, user_ids, updated_at}]`).
 * Whether an export carries them is not documented; when it does, each user's reaction is one record.
 */
function readReactions(item: Json, messageKey: string, at: RowRef, collector: Collector): void {
  for (const entry of items(item.reactions).filter(isObject)) {
    for (const userId of items(entry.user_ids)) {
      if (!isUserId(userId)) collector.refuse(at, "invalid-user-id", "reaction", asText(userId));
      else if (!isReaction(entry.key)) collector.refuse(at, "invalid-reaction", "reaction", asText(entry.key));
      else collector.addReaction({ messageKey, userId, reaction: entry.key, createdAt: toDate(entry.updated_at), at });
    }
  }
}
