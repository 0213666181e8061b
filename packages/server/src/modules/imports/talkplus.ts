/**
 * TalkPlus (https://talkplus.io), pulled through its REST API v1.4 with the app's ID and API key. There is no export
 * file: the importer walks the API the way the documents below describe it.
 *
 * Read for this (TalkPlus's docs, English and Korean editions, which agree on every field used here):
 * - https://docs.talkplus.io/rest-api/admin/user/list: `GET /v1.4/api/users?lastUserId=`, answering
 *   `{users: [{id, username, profileImageUrl, data, createdAt, updatedAt}], hasNext}`, times in milliseconds;
 * - https://en.docs.talkplus.io/rest-api/admin/users/channels: `GET /v1.4/api/users/:userId/channels?lastChannelId=`,
 *   answering `{channels: [{id, name, ownerId, type, isFrozen, category, subcategory, data, members, createdAt}],
 *   hasNext}`;
 * - https://en.docs.talkplus.io/rest-api/admin/channel/members: `GET /v1.4/api/channels/:channelId/members?lastUserId=
 *   &limit=`, answering `{members: [{id, username, createdAt, ...}], hasNext}`, and a wrong key's answer
 *   `{error: true, code: "1006", message: "Unauthorized"}`;
 * - https://en.docs.talkplus.io/rest-api/admin/channel/message: `GET /v1.4/api/channels/:channelId/messages?limit=
 *   &lastMessageId=&order=oldest` (at most 50 a page), answering `{messages: [{id, channelId, userId, type, text,
 *   data, fileUrl, parentMessage, reactions, createdAt}], hasNext}`; the message types text, hidden, custom, admin;
 * - https://en.docs.talkplus.io/javascript/channel/message: the same message with `parentMessageId` and reactions as
 *   `{reaction: [userId, ...]}` (the REST page shows `{reaction: count}` instead);
 * - https://en.docs.talkplus.io/rest-api/admin/channel/create: the channel types and what each allows.
 * Every call sends the `app-id` and `api-key` headers. Each list pages by the ID of the last item it answered.
 *
 * TalkPlus documents no call listing every channel of an app, so channels are found through each user's channels:
 * a channel nobody is a member of is not pulled. `test/fixtures/imports/README.md` names what no real answer has
 * confirmed.
 */
import { MESSAGE_TEXT_MAX, type TChannelType } from "@parley/contract";
import type { ImportChannel, ImportKind, ImportMember, ImportMessage, ImportUser, ParsedImport, RowRef } from "./model";
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
  mentionedUserIds,
  nickname,
  type Rejection,
  readTime,
  reject,
  rejectTime,
  toDate,
  toMetadata,
} from "./normalize";

export interface TalkPlusPull {
  /** `https://api.talkplus.io` in production; a stand-in's address in tests. */
  baseUrl: string;
  appId: string;
  apiKey: string;
}

/**
 * One GET as the importer makes it: through the server's outbound guard in production, since the base URL is the
 * customer's to give; tests use the guard too (it allows 127.0.0.1 only when given allowedNetworks).
 */
export type TalkPlusGet = (url: URL, headers: Record<string, string>) => Promise<{ status: number; body: string }>;

const API = "/v1.4/api";

/** TalkPlus answers at most 50 messages a page (its documented maximum) and 50 members by default. */
const PAGE_SIZE_MAX = 50;

/**
 * A path is abandoned after this many pages, and a pull after this many requests: a server that keeps answering
 * `hasNext` with new cursors would otherwise hold the import forever. At 50 a page that is a million records a path.
 */
const PAGES_PER_PATH_MAX = 20_000;
const REQUESTS_MAX = 500_000;

/**
 * TalkPlus's channel types as Parley's. What decides is who may post, then who may join:
 * - `broadcast` and `super_broadcast`: only the owner reaches everyone, which is Parley's broadcast;
 * - `public`: anyone may join, which is public; `super_public` is the same without a member cap, without unread
 *   counts, read marks or pushes, which is Parley's open channel (decision 0300);
 * - `invitationOnly`: joined with an invitation code, which is Parley's private (the import gives it a new code:
 *   the model carries none);
 * - `private`: members the owner or the app added, which is private_invite. So is `super_private`, though it has no
 *   member cap: Parley lists and lets anyone join a supergroup, which would open a closed conversation.
 * A type TalkPlus may add later gets the closed type, as Stream's custom types do: closed can be opened afterwards.
 */
export const TALKPLUS_CHANNEL_TYPES: Readonly<Record<string, TChannelType>> = {
  public: "public",
  private: "private_invite",
  invitationOnly: "private",
  broadcast: "broadcast",
  super_broadcast: "broadcast",
  super_public: "open",
  super_private: "private_invite",
};
const UNKNOWN_CHANNEL_TYPE: TChannelType = "private_invite";

export function talkPlusChannelType(type: string): TChannelType {
  return (
    (Object.hasOwn(TALKPLUS_CHANNEL_TYPES, type) ? TALKPLUS_CHANNEL_TYPES[type] : undefined) ?? UNKNOWN_CHANNEL_TYPE
  );
}

/** Pulls a TalkPlus app's users, channels, members and messages; a page or record that cannot be read is refused. */
export async function pullTalkPlus(
  pull: TalkPlusPull,
  get: TalkPlusGet,
  options: { pageSize?: number } = {},
): Promise<ParsedImport> {
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? PAGE_SIZE_MAX), 1), PAGE_SIZE_MAX);
  const collector = createCollector("talkplus");
  const read = createPathReader(pull, get, collector, pageSize);

  // TalkPlus's own IDs, every one of them: a user whose ID Parley refuses still has channels to find through them.
  const talkPlusUserIds: string[] = [];
  await read(`${API}/users`, {}, "users", "lastUserId", "user", (item, at) => {
    const id = isObject(item) ? asKey(item.id) : "";
    if (id !== "") talkPlusUserIds.push(id);
    collector.take(readUser(item, at), at, "user", collector.addUser);
  });

  const channels: ImportChannel[] = [];
  for (const userId of talkPlusUserIds) {
    await read(`${API}/users/${segment(userId)}/channels`, {}, "channels", "lastChannelId", "channel", (item, at) => {
      // Every member's list repeats the channel: the first is kept, the repeats are the same channel, not duplicates.
      collector.take(readChannel(item, at), at, "channel", (channel) => {
        if (collector.addChannel(channel, "keep-first")) channels.push(channel);
      });
    });
  }

  for (const channel of channels) {
    const path = `${API}/channels/${segment(channel.sourceKey)}`;
    // Members come from their own list rather than the channel's: a super channel answers its `members` empty.
    await read(`${path}/members`, {}, "members", "lastUserId", "member", (item, at) => {
      collector.take(readMember(item, at, channel), at, "member", collector.addMember);
    });
    await read(`${path}/messages`, { order: "oldest" }, "messages", "lastMessageId", "message", (item, at) => {
      collector.take(readMessage(item, at, channel.sourceKey), at, "message", (message) => {
        if (collector.addMessage(message) && isObject(item))
          readReactions(item.reactions, message.sourceKey, at, collector);
      });
    });
  }
  return collector.finish();
}

const segment = (id: string) => encodeURIComponent(id);

type OnItem = (item: unknown, at: RowRef) => void;

/**
 * Reads every page of one list, handing each item on with its place: the path as the file, its index among all the
 * path's pages as the line. A page that fails is refused once, at line 0, and ends that list (the next cursor is in
 * the page that failed); the other lists are still read. Only the pull's first request may throw: a key refused
 * there means nothing can be read, while a failure later leaves what was read worth a dry run.
 */
function createPathReader(pull: TalkPlusPull, get: TalkPlusGet, collector: Collector, pageSize: number) {
  const base = pull.baseUrl.replace(/\/+$/, "");
  const headers = { "app-id": pull.appId, "api-key": pull.apiKey, accept: "application/json" };
  let requests = 0;

  return async function read(
    path: string,
    query: Record<string, string>,
    listKey: string,
    cursorParam: string,
    kind: ImportKind,
    onItem: OnItem,
  ): Promise<void> {
    const file = `GET ${path}`;
    const page0 = { file, line: 0 };
    const cursors = new Set<string>();
    let cursor: string | null = null;
    let line = 0;
    for (let page = 0; ; page++) {
      if (page >= PAGES_PER_PATH_MAX || requests >= REQUESTS_MAX) {
        collector.refuse(page0, "too-many-pages", kind, `stopped after ${page} pages`);
        return;
      }
      const where = cursor === null ? "first page" : `page after ${cursor}`;
      const url = new URL(`${base}${path}`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      url.searchParams.set("limit", String(pageSize));
      if (cursor !== null) url.searchParams.set(cursorParam, cursor);
      const isFirstRequest = requests === 0;
      requests += 1;
      let answer: { status: number; body: string };
      try {
        answer = await get(url, headers);
      } catch (err) {
        if (isFirstRequest) throw err;
        collector.refuse(page0, "unreachable", kind, `${where}: ${(err as Error).message}`);
        return;
      }
      if (isFirstRequest && (answer.status === 401 || answer.status === 403)) {
        throw new Error(`TalkPlus refused the credentials (HTTP ${answer.status}): check the app ID and API key`);
      }
      if (answer.status < 200 || answer.status > 299) {
        collector.refuse(page0, `http-${answer.status}`, kind, where);
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch (err) {
        collector.refuse(page0, "malformed-json", kind, `${where}: ${(err as Error).message}`);
        return;
      }
      const items = isObject(body) ? body[listKey] : undefined;
      if (!isObject(body) || !Array.isArray(items)) {
        collector.refuse(page0, `missing-field:${listKey}`, kind, where);
        return;
      }
      for (const item of items) {
        line += 1;
        onItem(item, { file, line });
      }
      if (body.hasNext !== true) return;
      const last: unknown = items.at(-1);
      const next = isObject(last) ? asKey(last.id) : "";
      // A cursor seen before (or none at all) would ask for the same pages again.
      if (next === "" || next === cursor || cursors.has(next)) {
        const why = next === "" ? "hasNext with no ID to page after" : `hasNext with cursor "${next}" again`;
        collector.refuse(page0, "pagination-loop", kind, `${where}: ${why}`);
        return;
      }
      cursors.add(next);
      cursor = next;
    }
  };
}

function readUser(item: unknown, at: RowRef): ImportUser | Rejection {
  if (!isObject(item)) return reject("not-an-object");
  const id = asKey(item.id);
  if (id === "") return reject("missing-field:user.id");
  if (!isUserId(id)) return reject("invalid-user-id", id);
  return {
    userId: id,
    nickname: nickname(item.username, id),
    profileImageUrl: httpUrl(item.profileImageUrl),
    metadata: isObject(item.data) ? toMetadata(Object.entries(item.data)) : {},
    createdAt: toDate(item.createdAt),
    // TalkPlus's users have no deactivated state: a deleted user is gone from the list.
    isDeactivated: false,
    at,
  };
}

function readChannel(item: unknown, at: RowRef): ImportChannel | Rejection {
  if (!isObject(item)) return reject("not-an-object");
  const id = asKey(item.id);
  if (id === "") return reject("missing-field:channel.id");
  return {
    sourceKey: id,
    name: channelName(item.name, id),
    type: talkPlusChannelType(asText(item.type)),
    ownerUserId: isUserId(item.ownerId) ? item.ownerId : null,
    // Category and subcategory are how TalkPlus apps group channels; Parley keeps them with the channel's data.
    data: toMetadata([
      ...(isObject(item.data) ? Object.entries(item.data) : []),
      ["category", asText(item.category) || undefined],
      ["subcategory", asText(item.subcategory) || undefined],
    ]),
    createdAt: toDate(item.createdAt),
    isFrozen: item.isFrozen === true,
    at,
  };
}

function readMember(item: unknown, at: RowRef, channel: ImportChannel): ImportMember | Rejection {
  if (!isObject(item)) return reject("not-an-object");
  const id = asKey(item.id);
  if (id === "") return reject("missing-field:member.id");
  if (!isUserId(id)) return reject("invalid-user-id", id);
  const lastRead = readTime(item.lastReadAt);
  return {
    channelKey: channel.sourceKey,
    userId: id,
    isOwner: id === channel.ownerUserId,
    joinedAt: toDate(item.createdAt),
    // TalkPlus writes 0 for a member who has read nothing yet.
    ...(lastRead ? { read: { kind: "time" as const, at: lastRead } } : {}),
    at,
  };
}

/**
 * A message. `admin` has no sender; `hidden` is the apps' real-time signalling, which TalkPlus never shows as
 * history, so it is not imported. Every other type (text, custom, and whatever a file upload answers) is a member's
 * message, a file message when it has a file and no text.
 */
function readMessage(item: unknown, at: RowRef, channelKey: string): ImportMessage | Rejection {
  if (!isObject(item)) return reject("not-an-object");
  const sourceKey = asKey(item.id);
  if (sourceKey === "") return reject("missing-field:message.id");
  const type = asText(item.type);
  if (type === "hidden") return reject("hidden-message");
  const isAdmin = type === "admin";
  const senderUserId = isAdmin ? null : asText(item.userId);
  if (senderUserId === "") return reject("missing-field:message.userId");
  if (senderUserId !== null && !isUserId(senderUserId)) return reject("invalid-user-id", senderUserId);
  const text = asText(item.text);
  if (text.length > MESSAGE_TEXT_MAX) return reject("text-too-long", `${text.length} characters`);
  const createdAt = toDate(item.createdAt);
  if (!createdAt) return rejectTime(item.createdAt, "message.createdAt");
  const file = attachment(item.fileUrl, undefined, undefined, undefined);
  const updatedAt = toDate(item.updatedAt);
  const parent = asKey(item.parentMessageId) || (isObject(item.parentMessage) ? asKey(item.parentMessage.id) : "");
  const mentions = mentionedUserIds(item.mentions);
  return {
    sourceKey,
    channelKey,
    senderUserId,
    kind: isAdmin ? "admin" : file && text.trim() === "" ? "file" : "text",
    text,
    metadata: isObject(item.data) ? toMetadata(Object.entries(item.data)) : {},
    attachments: file ? [file] : [],
    createdAt,
    editedAt: updatedAt && updatedAt > createdAt ? updatedAt : null,
    // TalkPlus documents no deleted state: a deleted message is gone from the list, so none is read as deleted.
    deletedAt: null,
    parentKey: parent || null,
    ...(mentions ? { mentionedUserIds: mentions } : {}),
    at,
  };
}

/**
 * Reactions as `{reaction: [userId, ...]}`, one record per user. A count (`{reaction: 2}`, as one REST page shows
 * them) does not say who reacted, and Parley's reactions belong to users: it is refused, with the count.
 */
function readReactions(reactions: unknown, messageKey: string, at: RowRef, collector: Collector): void {
  if (!isObject(reactions)) return;
  for (const [reaction, users] of Object.entries(reactions)) {
    if (!Array.isArray(users)) {
      collector.refuse(at, "reaction-without-users", "reaction", `${reaction} ×${asText(users)}`);
      continue;
    }
    for (const userId of users) {
      if (!isReaction(reaction)) collector.refuse(at, "invalid-reaction", "reaction", reaction);
      else if (!isUserId(userId)) collector.refuse(at, "invalid-user-id", "reaction", asText(userId));
      else collector.addReaction({ messageKey, userId, reaction, createdAt: null, at });
    }
  }
}
