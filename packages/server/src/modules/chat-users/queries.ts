import { TEST_USER_METADATA_KEY } from "@parley/contract";
import { and, eq, inArray, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { type ChatUserRow, chatUsers, userBlocks } from "./schema";

/** A set of chat users: by row id (a subquery another module's owner builds) or by the app's user ids. */
export type ChatUserSelection = { ids: SQLWrapper } | { userIds: string[] };

function selected(selection: ChatUserSelection): SQL {
  if ("ids" in selection) return inArray(chatUsers.id, selection.ids);
  return selection.userIds.length > 0 ? inArray(chatUsers.userId, selection.userIds) : sql`false`;
}

/** A chat user's name and picture, as notifications show the person an event is about. */
export async function findChatUserProfile(db: Db, where: { appId: string; userId: string } | ChatUserSelection) {
  const condition =
    "appId" in where ? and(eq(chatUsers.appId, where.appId), eq(chatUsers.userId, where.userId)) : selected(where);
  const [row] = await db
    .select({
      id: chatUsers.id,
      userId: chatUsers.userId,
      nickname: chatUsers.nickname,
      profileImageUrl: chatUsers.profileImageUrl,
    })
    .from(chatUsers)
    .where(condition)
    .limit(1);
  return row;
}

/**
 * The active users of an app in a selection, plus `include` and less `exclude` (user ids), as a subquery of
 * `{ id, userId }` that another module's query joins: its rows stay in one statement with the caller's own.
 */
export function activeChatUsers(
  db: Db,
  appId: string,
  who: {
    selection: ChatUserSelection;
    include: string | null;
    exclude: string | null;
    /** A sender's user id: the users who block them are left out. */
    exceptBlockersOf?: string | null;
  },
) {
  let audience: SQL | undefined = selected(who.selection);
  if (who.include) audience = or(audience, eq(chatUsers.userId, who.include));
  return db
    .select({ id: chatUsers.id, userId: chatUsers.userId })
    .from(chatUsers)
    .where(
      and(
        eq(chatUsers.appId, appId),
        eq(chatUsers.isActive, true),
        audience,
        who.exclude ? ne(chatUsers.userId, who.exclude) : undefined,
        who.exceptBlockersOf
          ? sql`${chatUsers.id} not in (select b.blocker_id from user_blocks b join chat_users s on s.id = b.blocked_id
              where b.app_id = ${appId} and s.app_id = ${appId} and s.user_id = ${who.exceptBlockersOf})`
          : undefined,
      ),
    )
    .as("active_chat_users");
}

/**
 * The users who block `senderId` (a chat user id, or an expression of the outer statement), as a subquery of
 * `blocker_id` for the statement that stores the sender's message. The index on (app, blocked) answers it; for
 * a sender nobody blocks, which is almost every send, it is one probe that finds nothing.
 */
export function blockerIdsOf(appId: SQLWrapper | string, senderId: SQLWrapper | string): SQL {
  return sql`select b.blocker_id from user_blocks b where b.app_id = ${appId} and b.blocked_id = ${senderId}`;
}

/**
 * Whether the message whose sender is `senderId` (a column or expression: a chat user id, null for the app's own
 * messages) is one `viewer` may see: not sent by a user they block. An anti-join, not `<> all(array(...))`: the
 * planner cannot estimate the array's filter and took it to keep almost no row, so a channel's newest message was
 * found by reading and sorting every message of the channel instead of walking its index (255 ms against 15 ms for
 * a page of 100 channels of 1,000 messages each).
 */
export function notBlockedBy(viewer: { appId: string | SQLWrapper; chatUserId: string }, senderId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${userBlocks} b
    where b.app_id = ${viewer.appId} and b.blocker_id = ${viewer.chatUserId} and b.blocked_id = ${senderId})`;
}

/** {@link notBlockedBy} for a sender named by user id (a stored event's `message.sender.userId`, say). */
export function notBlockedUserIdBy(viewer: { appId: string; chatUserId: string }, senderUserId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${userBlocks} b join ${chatUsers} u on u.id = b.blocked_id
    where b.app_id = ${viewer.appId} and b.blocker_id = ${viewer.chatUserId} and u.user_id = ${senderUserId})`;
}

/**
 * The members of a channel who block a sender (by the sender's user id), as user ids: who a `message.*` event of
 * that sender recorded outside the store statement (an edit, say) is kept from (`EventBatch.hideFrom`).
 */
export async function blockersInChannel(
  db: Db,
  appId: string,
  channelId: string,
  senderUserId: string,
): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select u.user_id from user_blocks b
        join chat_users s on s.id = b.blocked_id
        join channel_members m on m.channel_id = ${channelId} and m.chat_user_id = b.blocker_id
        join chat_users u on u.id = b.blocker_id
      where b.app_id = ${appId} and s.app_id = ${appId} and s.user_id = ${senderUserId}`),
  );
  return rows.map((row) => row.user_id);
}

/** Whether any of `blockerIds` (chat user ids) blocks `blockedId`. */
export async function isBlockedByAny(db: Db, appId: string, blockerIds: string[], blockedId: string): Promise<boolean> {
  if (blockerIds.length === 0) return false;
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      and(eq(userBlocks.appId, appId), inArray(userBlocks.blockerId, blockerIds), eq(userBlocks.blockedId, blockedId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Chat users by row id; ids whose user was deleted are simply absent. */
export async function findChatUsersByIds(db: Db, ids: string[]): Promise<ChatUserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(chatUsers).where(inArray(chatUsers.id, ids));
}

/** An app's real users (test users left out), as a subquery another module's statement asks `exists` of. */
export function realChatUsersOf(db: Db, appId: string) {
  return db
    .select({ id: chatUsers.id })
    .from(chatUsers)
    .where(and(eq(chatUsers.appId, appId), sql`${chatUsers.metadata} ->> ${TEST_USER_METADATA_KEY} is null`));
}

/**
 * An app's users as `(id, user_id, is_active)`, a subquery another module's statement joins by user id; the
 * database folds it into that statement's join, so a bulk upload stays one statement per slice.
 */
export function chatUsersOfApp(db: Db, appId: string) {
  return db
    .select({ id: chatUsers.id, userId: chatUsers.userId, isActive: chatUsers.isActive })
    .from(chatUsers)
    .where(eq(chatUsers.appId, appId));
}

/** An app's chat users by the app's user ids; ids with no user are simply absent. */
export async function findChatUsersByUserIds(db: Db, appId: string, userIds: string[]): Promise<ChatUserRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(chatUsers)
    .where(and(eq(chatUsers.appId, appId), inArray(chatUsers.userId, userIds)));
}

/**
 * An app's users as they appear in another module's lists, `(id, userId, nickname, profileImageUrl, isActive)`,
 * a subquery that list joins and searches, so paging stays one statement.
 */
export function chatUserProfilesOfApp(db: Db, appId: string) {
  return db
    .select({
      id: chatUsers.id,
      userId: chatUsers.userId,
      nickname: chatUsers.nickname,
      profileImageUrl: chatUsers.profileImageUrl,
      isActive: chatUsers.isActive,
    })
    .from(chatUsers)
    .where(eq(chatUsers.appId, appId))
    .as("chat_user_profiles");
}
