/**
 * The import job's plan: every row it will write, worked out once from the accepted records, so the job only inserts
 * pages of finished rows. Everything a row needs is decided here and stored with it (IDs, each message's place in its
 * channel, the channel's counters, each member's read mark), so writing a page twice, or in another process after a
 * crash, writes the same rows, and the job never reads what it wrote to decide what to write next.
 */
import { randomBytes } from "node:crypto";
import { OPEN_CHANNEL_MEMBER_LIMIT, type TChannelType, type TImportKind } from "@parley/contract";
import type { ImportedChannelRow, ImportedMemberRow } from "../channels";
import type { ImportedUserRow } from "../chat-users";
import type { ImportedMessageRow, ImportedReactionRow } from "../messages";
import type { Accepted } from "./dry-run";
import { uuidV5 } from "./ids";
import type { ImportMessage, ImportSource } from "./model";
import { type ChannelHistory, channelHistory, type HistoryEntry } from "./read-marks";

export type PlannedUser = ImportedUserRow;
export type PlannedChannel = ImportedChannelRow;
export type PlannedMember = ImportedMemberRow;
export type PlannedMessage = ImportedMessageRow;
export type PlannedReaction = ImportedReactionRow;

/** A file an imported message references, to copy into storage when the import is asked to. */
export interface PlannedFile {
  message_id: string;
  channel_id: string;
  url: string;
  name: string;
  mime_type: string;
}

export interface Plan {
  users: PlannedUser[];
  channels: PlannedChannel[];
  members: PlannedMember[];
  /** Every channel's messages before any reply, so a reply's thread is written by an earlier page than the reply. */
  messages: PlannedMessage[];
  reactions: PlannedReaction[];
  /** Empty unless the import copies files. */
  files: PlannedFile[];
}

/** The Parley ID of an imported message: like a channel's, the same app, source and key always give the same ID. */
export const importedMessageId = (appId: string, source: ImportSource, sourceKey: string) =>
  uuidV5(appId, `${source}:message:${sourceKey}`);

/** Media types of the files chat apps send most, by extension: for a source that names a file but not its type. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  wav: "audio/wav",
  pdf: "application/pdf",
  txt: "text/plain",
  zip: "application/zip",
};

function mimeTypeOf(name: string, url: string): string {
  const extension = (name.includes(".") ? name : new URL(url).pathname).split(".").pop()?.toLowerCase() ?? "";
  return MIME_TYPES[extension] ?? "application/octet-stream";
}

/**
 * Send order within a channel: by the source's seq where it numbers messages (a Parley export), else by time, then by
 * where the source lists it.
 */
function bySendOrder(a: ImportMessage, b: ImportMessage): number {
  if (a.sourceSeq !== undefined && b.sourceSeq !== undefined && a.sourceSeq !== b.sourceSeq) {
    return a.sourceSeq - b.sourceSeq;
  }
  const byTime = a.createdAt.getTime() - b.createdAt.getTime();
  if (byTime !== 0) return byTime;
  if (a.at.file !== b.at.file) return a.at.file < b.at.file ? -1 : 1;
  return a.at.line - b.at.line;
}

/**
 * Each message's seq: the source's own where every message of the channel has one, unique and in send order (a
 * Parley export keeps its places, gaps of deleted messages included), else its place in send order from 1.
 */
function seqsOf(list: readonly ImportMessage[]): number[] {
  const sourceSeqs = list.map((message) => message.sourceSeq);
  const isKept = (seq: number | undefined, index: number): seq is number =>
    seq !== undefined && Number.isInteger(seq) && seq > (index === 0 ? 0 : (sourceSeqs[index - 1] ?? Infinity));
  return sourceSeqs.every(isKept) ? sourceSeqs : list.map((_, index) => index + 1);
}

/**
 * The plan of an import into the app `appId`. `now` stands in for a time the source does not give. A channel's
 * counters are its messages' (replies stay in their thread unless shown in the channel, so they do not count toward
 * unread); each member's read mark is where the source says they had read, or the end of the history when it says
 * nothing (decision 0273) or the channel is open (decision 0300).
 */
export function buildPlan(
  accepted: Accepted,
  appId: string,
  source: ImportSource,
  now: Date,
  options: { copyFiles: boolean } = { copyFiles: false },
): Plan {
  const iso = (date: Date | null) => (date ?? now).toISOString();
  const ownerMembers = new Map<string, string>();
  for (const member of accepted.members) {
    if (member.isOwner && !ownerMembers.has(member.channelId)) ownerMembers.set(member.channelId, member.userId);
  }
  const owners = new Map<string, string | null>();
  const types = new Map<string, TChannelType>();
  for (const channel of accepted.channels) {
    owners.set(channel.channelId, channel.ownerUserId ?? ownerMembers.get(channel.channelId) ?? null);
    types.set(channel.channelId, channel.type);
  }

  const byChannel = new Map<string, (ImportMessage & { channelId: string })[]>();
  for (const message of accepted.messages) {
    const list = byChannel.get(message.channelId);
    if (list) list.push(message);
    else byChannel.set(message.channelId, [message]);
  }
  const histories = new Map<string, ChannelHistory>();
  const topLevel: PlannedMessage[] = [];
  const replies: PlannedMessage[] = [];
  for (const [channelId, list] of byChannel) {
    list.sort(bySendOrder);
    const seqs = seqsOf(list);
    const owner = owners.get(channelId) ?? null;
    const isBroadcast = types.get(channelId) === "broadcast";
    const entries: HistoryEntry[] = list.map((message, index) => {
      const [file] = message.attachments;
      const parentId = message.parentKey === null ? null : importedMessageId(appId, source, message.parentKey);
      const showInChannel = parentId !== null && message.showInChannel === true;
      const isPlain = (message.kind === "file" && !file) || (message.kind === "custom" && !message.customType);
      const type = isPlain ? "text" : message.kind;
      const planned: PlannedMessage = {
        id: importedMessageId(appId, source, message.sourceKey),
        channel_id: channelId,
        seq: seqs[index] ?? index + 1,
        type,
        text: message.text,
        sender_user_id: message.senderUserId,
        metadata: message.metadata,
        file: file
          ? {
              url: file.url,
              name: file.name,
              size: file.size ?? 0,
              mimeType: file.mimeType ?? mimeTypeOf(file.name, file.url),
            }
          : null,
        created_at: message.createdAt.toISOString(),
        edited_at: message.editedAt?.toISOString() ?? null,
        deleted_at: message.deletedAt?.toISOString() ?? null,
        parent_id: parentId,
        show_in_channel: showInChannel,
        custom_type: type === "custom" ? (message.customType ?? null) : null,
        mentioned_user_ids: message.mentionedUserIds?.length ? message.mentionedUserIds : null,
      };
      (parentId === null ? topLevel : replies).push(planned);
      const isPublic = !isBroadcast || message.senderUserId === null || message.senderUserId === owner;
      const mentioned = message.mentionedUserIds ?? [];
      return {
        seq: planned.seq,
        createdAt: message.createdAt.getTime(),
        sourceSeq: message.sourceSeq,
        senderUserId: message.senderUserId,
        isCountable: parentId === null || showInChannel,
        isPublic,
        // A broadcast member's message reaches the owner only, so it mentions no one else (the store's rule).
        mentions: isPublic ? mentioned : mentioned.filter((userId) => userId === owner),
      };
    });
    histories.set(channelId, channelHistory(entries, { isBroadcast, owner }));
  }
  const empty = channelHistory([], { isBroadcast: false, owner: null });

  const channels = accepted.channels.map((channel): PlannedChannel => {
    const history = histories.get(channel.channelId) ?? empty;
    return {
      id: channel.channelId,
      name: channel.name,
      type: channel.type,
      owner_user_id: owners.get(channel.channelId) ?? null,
      data: channel.data,
      created_at: iso(channel.createdAt),
      is_frozen: channel.isFrozen,
      // The sources do not export invite codes; a private channel needs one to be joined, so it gets a new one.
      invite_code: channel.type === "private" ? randomBytes(6).toString("base64url") : "",
      // An open channel always holds up to the open limit (decision 0283); the other types keep no cap, as before.
      member_limit: channel.type === "open" ? OPEN_CHANNEL_MEMBER_LIMIT : null,
      last_seq: history.lastSeq,
      countable_seq: history.countableSeq,
      countable_public_seq: history.countablePublicSeq,
    };
  });
  const createdAt = new Map(accepted.channels.map((channel) => [channel.channelId, channel.createdAt]));

  const seen = new Set<string>();
  const members: PlannedMember[] = [];
  for (const member of accepted.members) {
    const key = `${member.channelId}\n${member.userId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const history = histories.get(member.channelId) ?? empty;
    // An open channel counts no unread messages (decision 0283): its members have read the whole history, whatever the
    // source says, so a later change to another type starts them with nothing unread.
    const isOpen = types.get(member.channelId) === "open";
    const mark = isOpen
      ? { ...history.markOf(member.userId, undefined), unread_mentions: 0 }
      : history.markOf(member.userId, member.read);
    members.push({
      channel_id: member.channelId,
      user_id: member.userId,
      joined_at: iso(member.joinedAt ?? createdAt.get(member.channelId) ?? null),
      ...mark,
    });
  }

  const messages = [...topLevel, ...replies];
  const files: PlannedFile[] = options.copyFiles
    ? messages.flatMap((message) =>
        message.file
          ? [
              {
                message_id: message.id,
                channel_id: message.channel_id,
                url: message.file.url,
                name: message.file.name,
                mime_type: message.file.mimeType,
              },
            ]
          : [],
      )
    : [];
  return {
    users: accepted.users.map((user) => ({
      user_id: user.userId,
      nickname: user.nickname,
      profile_image_url: user.profileImageUrl,
      metadata: user.metadata,
      created_at: iso(user.createdAt),
      is_active: !user.isDeactivated,
    })),
    channels,
    members,
    messages,
    reactions: accepted.reactions.map((reaction) => ({
      message_id: importedMessageId(appId, source, reaction.messageKey),
      user_id: reaction.userId,
      reaction: reaction.reaction,
      created_at: iso(reaction.createdAt),
    })),
    files,
  };
}

/**
 * The plan cut into pages of at most `size` rows per kind. Messages are cut again where the replies start, so no page
 * holds a reply and its thread: the statement that stores a reply counts it on a thread stored before it.
 */
export function planPages(plan: Plan, size: number): { [K in TImportKind]: Plan[K][] } {
  const cut = <T>(rows: readonly T[]) => {
    const pages: T[][] = [];
    for (let start = 0; start < rows.length; start += size) pages.push(rows.slice(start, start + size));
    return pages;
  };
  const firstReply = plan.messages.findIndex((message) => message.parent_id !== null);
  const threads = firstReply === -1 ? plan.messages : plan.messages.slice(0, firstReply);
  const replies = firstReply === -1 ? [] : plan.messages.slice(firstReply);
  return {
    users: cut(plan.users),
    channels: cut(plan.channels),
    members: cut(plan.members),
    messages: [...cut(threads), ...cut(replies)],
    reactions: cut(plan.reactions),
    files: cut(plan.files),
  };
}

/** The first of `planPages`'s message pages that holds replies (none holds both), or the page count when none does. */
export function firstReplyPart(pages: readonly Plan["messages"][]): number {
  const first = pages.findIndex((page) => page.some((message) => message.parent_id !== null));
  return first === -1 ? pages.length : first;
}
