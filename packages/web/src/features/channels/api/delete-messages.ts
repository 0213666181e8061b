import { dashboardChat, fillPath } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function deleteMessages({
  appId,
  channelId,
  messageIds,
}: {
  appId: string;
  channelId: string;
  messageIds: string[];
}) {
  await api.post(fillPath(dashboardChat.deleteMessages, { id: appId, channelId }), { messageIds });
}

export const deleteMessagesMutationOptions = () => mutationOptions({ mutationFn: deleteMessages });

export function useDeleteMessages(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteMessagesMutationOptions(),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...channelKeys.channel(appId, channelId), "member-messages"] }),
  });
}
