import { dashboardChat, fillPath, zMemberMessagesResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getMemberMessages(
  { appId, channelId, userId }: { appId: string; channelId: string; userId: string },
  signal?: AbortSignal,
) {
  const { messages } = await api.get(
    fillPath(dashboardChat.memberMessages, { id: appId, channelId, userId }),
    zMemberMessagesResponse,
    { signal },
  );
  return messages;
}

export const memberMessagesQueryOptions = (appId: string, channelId: string, userId: string) =>
  queryOptions({
    queryKey: channelKeys.memberMessages(appId, channelId, userId),
    queryFn: ({ signal }) => getMemberMessages({ appId, channelId, userId }, signal),
  });

export function useMemberMessages(appId: string, channelId: string, userId: string) {
  return useQuery(memberMessagesQueryOptions(appId, channelId, userId));
}
