import { dashboardChat, fillPath, zMessageResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Removes one reaction from a message for everyone who added it, and answers the message as it is now. */
export async function removeReaction({
  appId,
  channelId,
  messageId,
  reaction,
}: {
  appId: string;
  channelId: string;
  messageId: string;
  reaction: string;
}) {
  const path = fillPath(dashboardChat.reaction, { id: appId, channelId, messageId, reaction });
  const { message } = await api.delete(path, zMessageResponse);
  return message;
}

export const removeReactionMutationOptions = () => mutationOptions({ mutationFn: removeReaction });

export function useRemoveReaction() {
  return useMutation(removeReactionMutationOptions());
}
