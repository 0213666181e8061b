import { dashboardChat, fillPath, zTagsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function deleteTag({ appId, channelId, ...body }: { appId: string; channelId: string } & { id: string }) {
  const { tags } = await api.post(fillPath(dashboardChat.tagsDelete, { id: appId, channelId }), body, zTagsResponse);
  return tags;
}

export const deleteTagMutationOptions = () => mutationOptions({ mutationFn: deleteTag });

export function useDeleteTag(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteTagMutationOptions(),
    onSuccess: (tags) => {
      queryClient.setQueryData(channelKeys.tags(appId, channelId), tags);
      // The channel list and detail carry the tags too.
      return queryClient.invalidateQueries({ queryKey: channelKeys.app(appId) });
    },
  });
}
