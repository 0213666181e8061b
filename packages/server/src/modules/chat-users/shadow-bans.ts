import type { TShadowBanState } from "@parley/contract";
import { eq } from "drizzle-orm";
import type { Context } from "../../context";
import type { AppRow } from "../apps";
import { type ChatUserRow, chatUsers } from "./schema";

/**
 * A user's shadow ban in the whole app (docs/decisions/0279-shadow-bans.md). The send reads it from the user's row
 * that came with their session, so it costs no read of its own: this process forgets its cached sessions at once,
 * the others within the session cache's `readCacheMs`, and meanwhile their sends from the user go as before. No
 * event tells anyone, the user least of all.
 */
export function createUserShadowBans(
  ctx: Context,
  deps: { requireUser(appId: string, userId: string): Promise<ChatUserRow>; forgetCachedSessions(): void },
) {
  const { db } = ctx.database;
  const stateOf = (user: ChatUserRow): TShadowBanState => ({ userId: user.userId, shadowBanned: user.shadowBanned });

  return {
    async get(app: AppRow, userId: string): Promise<TShadowBanState> {
      return stateOf(await deps.requireUser(app.id, userId));
    },

    /** Sets or lifts the ban; messages sent before keep what they were. */
    async set(app: AppRow, userId: string, shadowBanned: boolean): Promise<TShadowBanState> {
      const user = await deps.requireUser(app.id, userId);
      if (user.shadowBanned !== shadowBanned) {
        await db.update(chatUsers).set({ shadowBanned }).where(eq(chatUsers.id, user.id));
        deps.forgetCachedSessions();
      }
      return { userId: user.userId, shadowBanned };
    },
  };
}

export type UserShadowBans = ReturnType<typeof createUserShadowBans>;
