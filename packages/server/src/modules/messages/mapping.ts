import type { TMessage, TPoll } from "@parley/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findChatUsersByIds } from "../chat-users";
import type { MessageDraft } from "./draft";
import { pollsOfMessages } from "./poll-views";
import { type MessageRow, messageReactions } from "./schema";

/**
 * Messages with their senders' current name and picture. With `viewerId` (a chat user's id), each carries the
 * reactions that user added (`myReactions`), read for the whole page in one query. With `markShadowed` (for the
 * app's server and the dashboard, never a user) a shadowed message says so.
 */
export async function toMessages(
  db: Db,
  rows: MessageRow[],
  viewerId?: string | null,
  options: { markShadowed?: boolean } = {},
): Promise<TMessage[]> {
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((v): v is string => v !== null))];
  const pollMessageIds = rows.filter((r) => r.type === "poll").map((r) => r.id);
  const [senders, mine, polls] = await Promise.all([
    findChatUsersByIds(db, senderIds),
    viewerId ? reactionsOf(db, viewerId, rows) : undefined,
    pollMessageIds.length > 0 ? pollsOfMessages(db, pollMessageIds, viewerId) : undefined,
  ]);
  const byId = new Map(
    senders.map(({ id, userId, nickname, profileImageUrl }) => [id, { userId, nickname, profileImageUrl }]),
  );
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channelId,
    seq: r.seq,
    type: r.type,
    text: r.text,
    sender: r.senderId ? (byId.get(r.senderId) ?? null) : null,
    metadata: r.metadata,
    file: r.file ?? null,
    createdAt: r.createdAt.toISOString(),
    ...(r.clientMessageId ? { clientMessageId: r.clientMessageId } : {}),
    ...(r.subchannel !== null ? { subchannel: r.subchannel } : {}),
    ...(r.customType !== null ? { customType: r.customType } : {}),
    reactions: r.reactions,
    ...(mine ? { myReactions: mine.get(r.id) ?? [] } : {}),
    editedAt: r.editedAt?.toISOString() ?? null,
    ...(r.parentMessageId !== null ? { parentMessageId: r.parentMessageId, showInChannel: r.showInChannel } : {}),
    replyCount: r.replyCount,
    lastRepliedAt: r.lastRepliedAt?.toISOString() ?? null,
    ...(r.mentionedUserIds ? { mentionedUserIds: r.mentionedUserIds } : {}),
    ...(r.translations ? { translations: r.translations } : {}),
    ...(r.linkPreview ? { linkPreview: r.linkPreview } : {}),
    ...(options.markShadowed && r.shadowed ? { shadowed: true } : {}),
    ...(polls?.has(r.id) ? { poll: polls.get(r.id) as TPoll } : {}),
  }));
}

/** The reactions one user added to each of some messages, in the order added. */
async function reactionsOf(db: Db, chatUserId: string, rows: MessageRow[]): Promise<Map<string, string[]>> {
  const byMessage = new Map<string, string[]>();
  if (rows.length === 0) return byMessage;
  const found = await db
    .select({ messageId: messageReactions.messageId, reaction: messageReactions.reaction })
    .from(messageReactions)
    .where(
      and(
        eq(messageReactions.chatUserId, chatUserId),
        inArray(
          messageReactions.messageId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(messageReactions.createdAt), asc(messageReactions.reaction));
  for (const { messageId, reaction } of found)
    byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), reaction]);
  return byMessage;
}

/** A message as stored and sent, but for the `id` and `seq` its statement gives it. */
export function messageBody(draft: MessageDraft, now: Date): Omit<TMessage, "id" | "seq"> {
  const { actor } = draft;
  const sender =
    actor.kind === "user"
      ? { userId: actor.user.userId, nickname: actor.user.nickname, profileImageUrl: actor.user.profileImageUrl }
      : null;
  return {
    channelId: draft.channel.id,
    type: draft.type,
    text: draft.text,
    sender,
    metadata: draft.metadata,
    file: draft.file,
    createdAt: now.toISOString(),
    ...(draft.clientMessageId ? { clientMessageId: draft.clientMessageId } : {}),
    ...(draft.subchannel !== undefined ? { subchannel: draft.subchannel } : {}),
    ...(draft.customType ? { customType: draft.customType } : {}),
    reactions: {},
    editedAt: null,
    ...(draft.parentMessageId ? { parentMessageId: draft.parentMessageId, showInChannel: !!draft.showInChannel } : {}),
    replyCount: 0,
    lastRepliedAt: null,
    ...(draft.mentionedUserIds ? { mentionedUserIds: draft.mentionedUserIds } : {}),
    ...(draft.poll ? { poll: newPollView(draft, sender?.userId ?? null) } : {}),
  };
}

/** A poll as it is when stored: no votes. Its `messageId` is the message's, which the store fills in. */
function newPollView(draft: MessageDraft, createdBy: string | null): TPoll {
  const poll = draft.poll as NonNullable<MessageDraft["poll"]>;
  return {
    id: poll.id,
    messageId: "",
    question: draft.text,
    options: poll.options.map((option) => ({ ...option, voteCount: 0 })),
    allowsMultiple: poll.allowsMultiple,
    anonymous: poll.anonymous,
    closesAt: poll.closesAt?.toISOString() ?? null,
    closedAt: null,
    totalVoters: 0,
    createdBy,
  };
}
