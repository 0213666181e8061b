import { Errors, type TEventsResponse, type TMessage, type TMessagesResponse } from "@parley/contract";
import { and, asc, desc, eq, gt, inArray, isNull, lt, not, or, type SQL, sql } from "drizzle-orm";
import { toEvent } from "../../chat/events";
import { chatEvents } from "../../chat/schema";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import {
  type Actor,
  type ChannelMemberRow,
  type ChannelRow,
  type ChannelService,
  catchUpScope,
  channelIdsOfMember,
  historyScope,
  MESSAGE_EVENT_TYPES,
  openChannelVisitor,
  setReadMark,
  subchannelOfMember,
  unreadableOfMember,
} from "../channels";
import { notBlockedBy, notBlockedUserIdBy } from "../chat-users";

import type { PipelineStages } from "./draft";
import { eventRetentionSeconds, latestEventId, prunedThrough } from "./event-retention";
import { toMessages } from "./mapping";
import { findLiveMessage } from "./queries";
import { messages } from "./schema";

export type UserActor = Extract<Actor, { kind: "user" }>;

const viewerOf = (actor: Actor) => (actor.kind === "user" ? actor.user.id : null);

/** The channel and the user's membership of it: 3020 when they are not a member. */
export async function requireMemberChannel(
  channels: Pick<ChannelService, "requireChannelWithMember">,
  actor: UserActor,
  channelId: string,
) {
  const { channel, member } = await channels.requireChannelWithMember(actor.app, channelId, actor.user.id);
  if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
  return { channel, member };
}

/**
 * 3026 for a message outside what the member reads (sent before they joined a channel that hides it; another
 * member's in a broadcast channel): a reaction's answer would hand them what history does not. A thread is
 * another matter in a channel that hides earlier history: its replies after the join are the member's to read,
 * whenever its parent was sent (`forThread`). No query where the channel's history is whole, unless the caller
 * asks about shadowed messages too (`shadowed`: another's is not theirs to read), which a caller whose own statement
 * finds its target does not.
 */
export async function requireReadable(
  db: Db,
  channel: ChannelRow,
  member: Pick<ChannelMemberRow, "chatUserId" | "joinedSeq">,
  messageId: string,
  options: { forThread?: boolean; shadowed?: boolean } = {},
): Promise<void> {
  const reader = options.forThread ? { ...member, joinedSeq: -1 } : member;
  const scope = historyScope(channel, reader, {
    seq: messages.seq,
    senderId: messages.senderId,
    ...(options.shadowed ? { shadowed: messages.shadowed } : {}),
  });
  if (!scope) return;
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channel.id), scope))
    .limit(1);
  if (!row) throw new AppError(Errors.MESSAGE_NOT_FOUND);
}

/** One message as the user sees it, with their own reactions. */
export async function viewMessage(db: Db, actor: UserActor, channelId: string, messageId: string): Promise<TMessage> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId)))
    .limit(1);
  const [message] = await toMessages(db, rows, actor.user.id);
  if (!message) throw new AppError(Errors.MESSAGE_NOT_FOUND);
  return message;
}

/** What reads stored messages: a channel's pages and threads, its pins, and how far a member has read. */
export function createMessageReading(
  ctx: Context,
  deps: { channels: ChannelService },
  stages: Pick<PipelineStages, "read">,
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const retentionSeconds = eventRetentionSeconds(ctx.config);

  /** A page of a channel's messages among `which`, by seq, as the caller may read them. */
  async function page(
    actor: Actor,
    channelId: string,
    query: { before?: number; after?: number; limit: number; subchannel?: number | undefined },
    which: SQL | undefined,
  ): Promise<TMessagesResponse> {
    const channel = await deps.channels.requireChannel(actor.app, channelId);
    // A member of a split super group reads their own subchannel; an admin reads one when asking for it.
    let subchannel = query.subchannel ?? null;
    let scope: SQL | undefined;
    if (actor.kind === "user") {
      const joined = await deps.channels.membership(db, channel.id, actor.user.id);
      const member = joined ?? openChannelVisitor(channel, actor.user.id);
      if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
      // A visitor of an open channel holds no channel role: their app role's grants alone.
      await deps.channels.permissions.require(actor, channel, "read", joined?.role ?? null);
      if (joined) subchannel = await deps.channels.subchannelOf(channel, joined);
      // Before they joined, when the channel hides it; other members' messages in a broadcast channel.
      scope = and(
        historyScope(channel, member, { seq: messages.seq, senderId: messages.senderId, shadowed: messages.shadowed }),
        // What users the reader blocks sent is not delivered to them, now or in history.
        notBlockedBy({ appId: actor.app.id, chatUserId: actor.user.id }, messages.senderId),
      );
    }
    const base = and(
      eq(messages.channelId, channel.id),
      isNull(messages.deletedAt),
      which,
      scope,
      subchannel === null ? undefined : or(isNull(messages.subchannel), eq(messages.subchannel, subchannel)),
    );
    const forward = query.after !== undefined;
    const rows = await db
      .select()
      .from(messages)
      .where(
        forward
          ? and(base, gt(messages.seq, query.after as number))
          : query.before !== undefined
            ? and(base, lt(messages.seq, query.before))
            : base,
      )
      .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
      .limit(query.limit + 1);
    const pageRows = rows.slice(0, query.limit);
    // Always oldest first, so a client appends or prepends a page as it is.
    if (!forward) pageRows.reverse();
    const markShadowed = actor.kind !== "user";
    const pageMessages = await toMessages(db, pageRows, viewerOf(actor), { markShadowed });
    return { messages: pageMessages, hasMore: rows.length > query.limit };
  }

  const reading = {
    /** A channel's messages by seq: its own and the replies sent with `showInChannel`. */
    async history(
      actor: Actor,
      channelId: string,
      query: { before?: number; after?: number; limit: number; subchannel?: number | undefined },
    ): Promise<TMessagesResponse> {
      return page(actor, channelId, query, or(isNull(messages.parentMessageId), eq(messages.showInChannel, true)));
    },

    /** One thread's replies, paged as history is; 3026 when its parent is not a live message of the channel. */
    async replies(
      actor: Actor,
      channelId: string,
      parentId: string,
      query: { before?: number; after?: number; limit: number },
    ): Promise<TMessagesResponse> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      if (actor.kind === "user") {
        const joined = await deps.channels.membership(db, channel.id, actor.user.id);
        const member = joined ?? openChannelVisitor(channel, actor.user.id);
        if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        await deps.channels.permissions.require(actor, channel, "read", joined?.role ?? null);
        await requireReadable(db, channel, member, parentId, { forThread: true });
      }
      if (!(await findLiveMessage(db, channel.id, parentId))) throw new AppError(Errors.MESSAGE_NOT_FOUND);
      return page(actor, channel.id, query, eq(messages.parentMessageId, parentId));
    },

    async messagesOfMember(actor: Actor, channelId: string, chatUserId: string, limit = 50): Promise<TMessage[]> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channel.id), eq(messages.senderId, chatUserId), isNull(messages.deletedAt)))
        .orderBy(desc(messages.seq))
        .limit(limit);
      return toMessages(db, rows.reverse(), null, { markShadowed: true });
    },

    /**
     * A message as a member who may report it sees it: 3020 for a non-member, 3026 for a message outside what they
     * read (another's shadowed one included) or already deleted.
     */
    async reportable(actor: UserActor, channelId: string, messageId: string): Promise<TMessage> {
      const { channel, member } = await requireMemberChannel(deps.channels, actor, channelId);
      await requireReadable(db, channel, member, messageId, { shadowed: true });
      const message = await viewMessage(db, actor, channel.id, messageId);
      if (!(await findLiveMessage(db, channel.id, messageId))) throw new AppError(Errors.MESSAGE_NOT_FOUND);
      return message;
    },

    /**
     * What a moderator reads around a message: up to `n` messages before and after `seq` in the channel (all
     * subchannels), oldest first, as the app sees them.
     */
    async around(app: Actor["app"], channelId: string, seq: number, n: number): Promise<TMessage[]> {
      const admin: Actor = { kind: "admin", app };
      const before = await reading.history(admin, channelId, { before: seq, limit: n });
      const after = await reading.history(admin, channelId, { after: seq, limit: n });
      return [...before.messages, ...after.messages];
    },

    /** The channel's pinned message ids in pin order, and those of them still live, in the same order. */
    async pinnedMessages(
      actor: Actor,
      channelId: string,
    ): Promise<{ pinnedMessageIds: string[]; messages: TMessage[] }> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const ids = channel.pinnedMessageIds;
      if (ids.length === 0) return { pinnedMessageIds: [], messages: [] };
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channel.id), inArray(messages.id, ids), isNull(messages.deletedAt)));
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { pinnedMessageIds: ids, messages: await toMessages(db, rows) };
    },

    async markRead(actor: Actor & { kind: "user" }, channelId: string, seq: number | undefined): Promise<number> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const member = await deps.channels.membership(db, channel.id, actor.user.id);
      if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
      // A mark says how far the member read: where they may not read, there is nothing to mark (decision 0299).
      await deps.channels.permissions.require(actor, channel, "read", member.role);
      const target = Math.min(seq ?? channel.lastSeq, channel.lastSeq);
      if (target > member.lastReadSeq) {
        await setReadMark(db, channel.id, actor.user.id, target);
        const at = clock.now();
        for (const hook of stages.read) {
          await hook(channel, actor.user.id, target, at).catch((err) =>
            ctx.log.error({ err, channelId: channel.id }, "read hook failed"),
          );
        }
      }
      return Math.max(target, member.lastReadSeq);
    },

    /**
     * Events after `after` on the user's channels, and those about the user elsewhere (removed, banned). 3140 when
     * `after` is below the app's horizon: events after it may have been pruned, so the page could not be whole.
     */
    async eventsSince(actor: Actor & { kind: "user" }, after: string, limit: number): Promise<TEventsResponse> {
      const mine = channelIdsOfMember(db, actor.user.id);
      // The messages of channels the user may not read are left out; their membership events are not.
      const unreadable = [...(await unreadableOfMember(deps.channels.permissions, db, actor.app.id, actor.user))];
      const rows = await db
        .select()
        .from(chatEvents)
        .where(
          and(
            eq(chatEvents.appId, actor.app.id),
            gt(chatEvents.id, BigInt(after)),
            or(inArray(chatEvents.channelId, mine), sql`${chatEvents.payload}->>'userId' = ${actor.user.userId}`),
            catchUpScope(actor.user.id, actor.user.userId, {
              payload: chatEvents.payload,
              channelId: chatEvents.channelId,
            }),
            unreadable.length === 0
              ? undefined
              : not(
                  and(
                    inArray(chatEvents.channelId, unreadable),
                    inArray(chatEvents.type, [...MESSAGE_EVENT_TYPES]),
                  ) as SQL,
                ),
            // Messages of a subchannel are only its members' to hear.
            sql`(${chatEvents.payload}->'message'->>'subchannel' is null or
              (${chatEvents.payload}->'message'->>'subchannel')::int = (${subchannelOfMember(db, chatEvents.channelId, actor.user.id)}))`,
            // Nor are the messages of users they block.
            notBlockedUserIdBy(
              { appId: actor.app.id, chatUserId: actor.user.id },
              sql`${chatEvents.payload}->'message'->'sender'->>'userId'`,
            ),
          ),
        )
        .orderBy(asc(chatEvents.id))
        .limit(limit + 1);
      // Read after the events, not before: a prune that removed some of them had committed its horizon by the time
      // they were read, so it is seen here; one that commits later removed nothing this page needed.
      const horizon = await prunedThrough(db, actor.app.id);
      if (horizon !== null && BigInt(after) < horizon) {
        throw new AppError(Errors.EVENTS_CURSOR_EXPIRED, {
          lastEventId: await latestEventId(db, actor.app.id),
          retentionSeconds,
        });
      }
      return { events: rows.slice(0, limit).map(toEvent), hasMore: rows.length > limit, retentionSeconds };
    },

    /** The app's latest event id, which the `ready` frame carries: never below what the retention removed. */
    lastEventId(appId: string): Promise<string> {
      return latestEventId(db, appId);
    },
  };
  return reading;
}
