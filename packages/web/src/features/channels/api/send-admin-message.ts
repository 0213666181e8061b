import { dashboardChat, fillPath, zMessageResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function sendAdminMessage({ appId, channelId, text }: { appId: string; channelId: string; text: string }) {
  const { message } = await api.post(
    fillPath(dashboardChat.messages, { id: appId, channelId }),
    { text },
    zMessageResponse,
  );
  return message;
}

export const sendAdminMessageMutationOptions = () => mutationOptions({ mutationFn: sendAdminMessage });

export function useSendAdminMessage() {
  return useMutation(sendAdminMessageMutationOptions());
}
