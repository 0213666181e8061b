import type { TUserRoleState } from "@parley/contract";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context";
import type { AppRow } from "../apps";
import { type ChatUserRow, chatUsers } from "./schema";

/**
 * A user's app role (docs/decisions/0281-roles-and-permissions.md). Checks read it from the user's row that came
 * with their session: this process forgets its cached sessions at once on a change, the others within the session
 * cache's `readCacheMs`. Which roles exist is the permissions module's to say; this writes what it was given.
 */
export function createUserRoles(
  ctx: Context,
  deps: { requireUser(appId: string, userId: string): Promise<ChatUserRow>; forgetCachedSessions(): void },
) {
  const { db } = ctx.database;

  return {
    async set(app: AppRow, userId: string, role: string): Promise<TUserRoleState> {
      const user = await deps.requireUser(app.id, userId);
      if (user.role !== role) {
        await db.update(chatUsers).set({ role }).where(eq(chatUsers.id, user.id));
        deps.forgetCachedSessions();
      }
      return { userId: user.userId, role };
    },

    /** The app roles of these users as stored now, by chat user id: what a live socket is judged on. */
    async stored(chatUserIds: readonly string[]): Promise<Map<string, string>> {
      if (chatUserIds.length === 0) return new Map();
      const rows = await db
        .select({ id: chatUsers.id, role: chatUsers.role })
        .from(chatUsers)
        .where(inArray(chatUsers.id, [...chatUserIds]));
      return new Map(rows.map((row) => [row.id, row.role]));
    },

    /** How many users of the app hold each role. */
    async counts(appId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ role: chatUsers.role, users: count() })
        .from(chatUsers)
        .where(eq(chatUsers.appId, appId))
        .groupBy(chatUsers.role);
      return new Map(rows.map((row) => [row.role, Number(row.users)]));
    },

    /** The users of a deleted role fall back to `member`. */
    async fallBack(appId: string, role: string): Promise<void> {
      await db
        .update(chatUsers)
        .set({ role: "member" })
        .where(and(eq(chatUsers.appId, appId), eq(chatUsers.role, role)));
      deps.forgetCachedSessions();
    },
  };
}

export type UserRoles = ReturnType<typeof createUserRoles>;
