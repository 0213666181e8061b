import type { TChannelType, TChatEvent, TChatEventType } from "@parley/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findChatUsersByIds } from "../chat-users";
import { memberHas, type PermissionService } from "../permissions";
import { channelMembers, channels } from "./schema";

/**
 * The events that carry a message or speak of one (decision 0299): a member whose roles do not grant `read` in the
 * channel hears none of them, live, on catch-up or by push. Membership and the channel's own events still reach
 * them, with no message preview.
 */
export const MESSAGE_EVENT_TYPES: ReadonlySet<TChatEventType> = new Set<TChatEventType>([
  "message.created",
  "message.updated",
  "message.deleted",
  "reaction.added",
  "reaction.removed",
  "thread.updated",
  "message.pinned",
  "message.unpinned",
  "poll.updated",
]);

/** The channel's record without what it shows of its messages, for a member who may not read them. */
export function withoutMessages(event: TChatEvent): TChatEvent {
  if (!event.channel?.lastMessage) return event;
  return { ...event, channel: { ...event.channel, lastMessage: null } };
}

/** What the judgement of a channel needs: its type picks the matrix, its owner holds the `owner` channel role. */
export type ReadChannel = { id: string; type: TChannelType; ownerId: string | null };

/**
 * Whether members are judged one by one at all: where every member of every type reads (the default), the roads
 * below read nothing beyond the cached matrices.
 */
async function restrictedTypes(permissions: PermissionService, appId: string, q?: Db): Promise<Set<TChannelType>> {
  return new Set(await permissions.typesWithout(appId, "read", q));
}

/**
 * The channels among `list` whose messages the user may not read (decision 0299). The user's app role is read when
 * not given, and their memberships' roles only for the channels their app role does not settle.
 */
export async function unreadableAmong(
  permissions: PermissionService,
  q: Db,
  appId: string,
  user: { id: string; role?: string | undefined },
  list: readonly ReadChannel[],
): Promise<Set<string>> {
  const denied = new Set<string>();
  if (list.length === 0) return denied;
  const restricted = await restrictedTypes(permissions, appId, q);
  const candidates = list.filter((channel) => restricted.has(channel.type));
  if (candidates.length === 0) return denied;
  const role = user.role ?? (await findChatUsersByIds(q, [user.id]))[0]?.role ?? "member";
  const unsettled: ReadChannel[] = [];
  for (const channel of candidates) {
    const grants = await permissions.grants(appId, channel.type, q);
    if (!memberHas(grants, role, null, "read")) unsettled.push(channel);
  }
  if (unsettled.length === 0) return denied;
  const rows = await q
    .select({ channelId: channelMembers.channelId, role: channelMembers.role })
    .from(channelMembers)
    .where(
      and(
        eq(channelMembers.chatUserId, user.id),
        inArray(
          channelMembers.channelId,
          unsettled.map((channel) => channel.id),
        ),
      ),
    );
  const stored = new Map(rows.map((row) => [row.channelId, row.role]));
  for (const channel of unsettled) {
    const grants = await permissions.grants(appId, channel.type, q);
    const channelRole = permissions.channelRole(user.id, channel, stored.get(channel.id) ?? null);
    if (!memberHas(grants, role, channelRole, "read")) denied.add(channel.id);
  }
  return denied;
}

/** Every channel of the user's whose messages they may not read: what their catch-up leaves out. */
export async function unreadableOfMember(
  permissions: PermissionService,
  q: Db,
  appId: string,
  user: { id: string; role: string },
): Promise<Set<string>> {
  const restricted = await restrictedTypes(permissions, appId, q);
  if (restricted.size === 0) return new Set();
  const mine = await q
    .select({ id: channels.id, type: channels.type, ownerId: channels.ownerId })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(and(eq(channelMembers.chatUserId, user.id), inArray(channels.type, [...restricted])));
  return unreadableAmong(permissions, q, appId, user, mine);
}

/** Which of `chatUserIds` may not read the channel's messages: whom a message's push leaves out. */
export async function nonReadersOf(
  permissions: PermissionService,
  q: Db,
  appId: string,
  channel: { id: string; type: TChannelType },
  chatUserIds: readonly string[],
): Promise<Set<string>> {
  const denied = new Set<string>();
  if (chatUserIds.length === 0) return denied;
  const restricted = await restrictedTypes(permissions, appId, q);
  if (!restricted.has(channel.type)) return denied;
  const grants = await permissions.grants(appId, channel.type, q);
  const [owner] = await q.select({ ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channel.id));
  const rows = await q
    .select({ chatUserId: channelMembers.chatUserId, stored: channelMembers.role })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channel.id), inArray(channelMembers.chatUserId, [...chatUserIds])));
  const appRoles = new Map(
    (
      await findChatUsersByIds(
        q,
        rows.map((row) => row.chatUserId),
      )
    ).map((user) => [user.id, user.role]),
  );
  const judged = { type: channel.type, ownerId: owner?.ownerId ?? null };
  for (const row of rows) {
    const channelRole = permissions.channelRole(row.chatUserId, judged, row.stored);
    if (!memberHas(grants, appRoles.get(row.chatUserId) ?? "member", channelRole, "read")) denied.add(row.chatUserId);
  }
  return denied;
}
