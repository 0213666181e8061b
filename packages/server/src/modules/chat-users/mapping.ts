import type { TChatUser } from "@parley/contract";
import type { ChatUserRow } from "./schema";

/** A user as the chat API shows them. */
export const toChatUser = (row: ChatUserRow): TChatUser => ({
  userId: row.userId,
  nickname: row.nickname,
  profileImageUrl: row.profileImageUrl,
  isActive: row.isActive,
  isAnonymous: row.isAnonymous,
  role: row.role,
  metadata: row.metadata,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
});
