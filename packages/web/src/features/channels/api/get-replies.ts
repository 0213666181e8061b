import { dashboardChat, fillPath, zMessagesResponse } from "@parley/contract";
import { api } from "@/lib/api-client";
import { MESSAGES_PAGE_SIZE } from "./get-messages";

/**
 * One page of a thread's replies, oldest first, paged by seq as the history is (`before` for older, `after` to
 * catch up). The thread panel keeps replies in its own state, which live events edit, so this has no query options.
 */
export async function getReplies(
  {
    appId,
    channelId,
    messageId,
    before,
    after,
  }: { appId: string; channelId: string; messageId: string; before?: number; after?: number },
  signal?: AbortSignal,
) {
  return api.get(fillPath(dashboardChat.replies, { id: appId, channelId, messageId }), zMessagesResponse, {
    signal,
    query: { before, after, limit: MESSAGES_PAGE_SIZE },
  });
}
