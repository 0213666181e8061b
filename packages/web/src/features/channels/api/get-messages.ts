import { dashboardChat, fillPath, zMessagesResponse } from "@parley/contract";
import { api } from "@/lib/api-client";

export const MESSAGES_PAGE_SIZE = 50;

/**
 * One page of history, oldest first. `before` pages back from a seq; `after` returns what came later, which
 * a reconnecting view uses to catch up. `subchannel` reads one subchannel of a split super group (with the
 * messages to all). The chat view keeps messages in its own state (live events edit them), so this has no query
 * options.
 */
export async function getMessages(
  {
    appId,
    channelId,
    before,
    after,
    subchannel,
  }: { appId: string; channelId: string; before?: number; after?: number; subchannel?: number | undefined },
  signal?: AbortSignal,
) {
  return api.get(fillPath(dashboardChat.messages, { id: appId, channelId }), zMessagesResponse, {
    signal,
    query: { before, after, subchannel, limit: MESSAGES_PAGE_SIZE },
  });
}
