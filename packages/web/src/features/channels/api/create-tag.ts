import { dashboardChat, fillPath, zTagsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function createTag({ appId, channelId, ...body }: { appId: string; channelId: string } & { tag: string }) {
  const { tags } = await api.post(fillPath(dashboardChat.tagsCreate, { id: appId, channelId }), body, zTagsResponse);
  return tags;
}

export const createTagMutationOptions = () => mutationOptions({ mutationFn: createTag });

export function useCreateTag(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createTagMutationOptions(),
    onSuccess: (tags) => {
      queryClient.setQueryData(channelKeys.tags(appId, channelId), tags);
      // The channel list and detail carry the tags too.
      return queryClient.invalidateQueries({ queryKey: channelKeys.app(appId) });
    },
  });
}
