import {
  PUSH_MESSAGE_PREVIEW_MAX,
  type TChannel,
  type TChannelType,
  type TChatEvent,
  type TChatEventType,
  type TMessage,
} from "@parley/contract";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { chatEvents } from "../../chat/schema";
import { type Db, rowsOf } from "../../db/client";
import { channelExists, findChannelSummary } from "../channels";
import { findChatUserProfile } from "../chat-users";
import { type KeptEvents, messageSenderIds } from "../messages";

/** Moderation events also notify the member they are about, who may no longer be in the channel. */
const TELLS_SUBJECT = new Set<TChatEventType>(["member.muted", "member.unmuted", "member.banned", "member.unbanned"]);

/** A message as a notification shows it: its text, or a file's name, cut at a character boundary. */
export function messagePreview(message: Pick<TMessage, "type" | "text" | "file">): string {
  const text = (message.type === "file" ? message.file?.name || "(file)" : message.text).trim();
  const chars = Array.from(text);
  return chars.length > PUSH_MESSAGE_PREVIEW_MAX ? `${chars.slice(0, PUSH_MESSAGE_PREVIEW_MAX - 1).join("")}…` : text;
}

/** Who an event notifies, and what the template says about whom. */
export interface PushPlan {
  channel: { id: string; name: string; type: TChannelType };
  /**
   * The channel's current members (of one subchannel, for a member's message in a split super group; those whose
   * history shows `readersOf`, for news of an earlier message), or, for a deleted channel, the user ids it had.
   */
  audience: { channelId: string; subchannel?: number; readersOf?: string } | { userIds: string[] };
  include: string | null;
  exclude: string | null;
  /** A user's message (or its deletion): the user id of its sender, whose blockers are not pushed. */
  exceptBlockersOf?: string;
  sender: { name: string; profileImageUrl: string };
  message: string;
  messageId: string | null;
}

/**
 * A deleted channel's rows are gone by the time its event is handed on, and the event carries neither its
 * name nor its members. Both come back from the stored event log: the last `channel.*` event's snapshot, and
 * each user's last membership event before the deletion.
 */
async function deletedChannel(db: Db, appId: string, event: TChatEvent) {
  const members = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select user_id from (
        select distinct on (payload->>'userId') payload->>'userId' as user_id, type
        from chat_events
        where app_id = ${appId} and channel_id = ${event.channelId} and id < ${event.id}::bigint
          and type in ('member.joined', 'member.left', 'member.banned')
        order by payload->>'userId', id desc
      ) last_change
      where type = 'member.joined'`),
  );
  const [snapshot] = await db
    .select({ payload: chatEvents.payload })
    .from(chatEvents)
    .where(
      and(
        eq(chatEvents.appId, appId),
        eq(chatEvents.channelId, event.channelId),
        inArray(chatEvents.type, ["channel.created", "channel.changed"]),
        lt(chatEvents.id, BigInt(event.id)),
      ),
    )
    .orderBy(desc(chatEvents.id))
    .limit(1);
  const channel = snapshot?.payload.channel as TChannel | undefined;
  return {
    channel: { id: event.channelId, name: channel?.name ?? "", type: channel?.type ?? "public" },
    userIds: members.map((m) => m.user_id),
  };
}

/**
 * The events `deletedChannel` reads back, which the log's retention keeps for it
 * (docs/decisions/0260-event-retention.md): of a channel that exists, or was deleted within the retention, each
 * user's last membership event and the last snapshot. With these alone `deletedChannel` finds the same members and
 * name as with the whole log; the two must change together.
 */
export const keptForDeletionPush: KeptEvents = (event, cutoff) => sql`(
  (
    (${event.type} in ('member.joined', 'member.left', 'member.banned') and not exists (
      select 1 from chat_events later
      where later.channel_id = ${event.channelId} and later.type in ('member.joined', 'member.left', 'member.banned')
        and (later.payload->>'userId') = (${event.payload}->>'userId') and later.id > ${event.id}))
    or (${event.type} in ('channel.created', 'channel.changed') and not exists (
      select 1 from chat_events later
      where later.channel_id = ${event.channelId} and later.type in ('channel.created', 'channel.changed')
        and later.id > ${event.id}))
  )
  and (
    ${channelExists(event.channelId)}
    or exists (
      select 1 from chat_events deletion
      where deletion.channel_id = ${event.channelId} and deletion.type = 'channel.deleted'
        and deletion.created_at >= ${cutoff})
  )
)`;

/** Who an event notifies and in whose name; null when it notifies nobody. */
export async function planPush(db: Db, appId: string, appName: string, event: TChatEvent): Promise<PushPlan | null> {
  const theApp = { name: appName, profileImageUrl: "" };
  if (event.type === "channel.deleted") {
    const { channel, userIds } = await deletedChannel(db, appId, event);
    const base = { include: null, exclude: null, sender: theApp, message: "", messageId: null };
    return { ...base, channel, audience: { userIds } };
  }
  const channel = await findChannelSummary(db, appId, event.channelId);
  // Deleted since: its own event tells the members.
  if (!channel) return null;
  // A brand channel exists only to carry bulk messages; its making and membership are not news to the user.
  if (channel.brandId && event.type !== "message.created") return null;
  const plan: PushPlan = {
    channel,
    audience: { channelId: channel.id },
    include: null,
    exclude: null,
    sender: theApp,
    message: "",
    messageId: null,
  };

  switch (event.type) {
    case "message.created": {
      const message = event.message;
      // Hidden messages are clients' own signalling, for whoever is connected now.
      if (!message || message.type === "hidden") return null;
      // An admin message speaks for the app.
      if (message.sender) {
        plan.sender = { name: message.sender.nickname, profileImageUrl: message.sender.profileImageUrl };
        plan.exclude = message.sender.userId;
        plan.exceptBlockersOf = message.sender.userId;
      }
      plan.message = messagePreview(message);
      plan.messageId = message.id;
      if (typeof message.subchannel === "number")
        plan.audience = { channelId: channel.id, subchannel: message.subchannel };
      // A broadcast channel member's message reaches the owner only.
      if (event.visibleTo) plan.audience = { userIds: event.visibleTo };
      return plan;
    }
    case "message.deleted": {
      if (!event.messageId) return null;
      const sender = await findChatUserProfile(db, { ids: messageSenderIds(db, event.messageId) });
      if (sender) {
        plan.sender = { name: sender.nickname, profileImageUrl: sender.profileImageUrl };
        plan.exclude = sender.userId;
        plan.exceptBlockersOf = sender.userId;
      }
      plan.messageId = event.messageId;
      plan.audience = { channelId: channel.id, readersOf: event.messageId };
      return plan;
    }
    case "channel.created": {
      const owner = event.channel?.ownerUserId;
      const user = owner ? await findChatUserProfile(db, { appId, userId: owner }) : undefined;
      if (owner && user) {
        plan.sender = { name: user.nickname, profileImageUrl: user.profileImageUrl };
        plan.exclude = owner;
      }
      return plan;
    }
    case "channel.changed":
      return plan;
    // Read and delivered marks are for the screens that are open, not news to push.
    case "channel.read":
    case "channel.delivered":
      return null;
    default: {
      if (!event.userId) return null;
      // The joins of a channel's first members belong to its creation, which `channel.created` announces.
      if (event.type === "member.joined" && new Date(event.createdAt).getTime() === channel.createdAt.getTime()) {
        return null;
      }
      const subject = await findChatUserProfile(db, { appId, userId: event.userId });
      plan.sender = { name: subject?.nickname ?? event.userId, profileImageUrl: subject?.profileImageUrl ?? "" };
      if (TELLS_SUBJECT.has(event.type)) plan.include = event.userId;
      else plan.exclude = event.userId;
      return plan;
    }
  }
}
