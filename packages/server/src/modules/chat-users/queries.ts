import { TEST_USER_METADATA_KEY } from "@parley/contract";
import { and, eq, inArray, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ChatUserRow, chatUsers } from "./schema";

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
  who: { selection: ChatUserSelection; include: string | null; exclude: string | null },
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
      ),
    )
    .as("active_chat_users");
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
