import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { appKeys } from "@/features/apps/api/keys";
import { ChannelChat } from "@/features/channels/components/channel-chat";

export default function ChannelChatPage() {
  const { appId = "", channelId = "" } = useParams();
  const queryClient = useQueryClient();
  // A message sent as a test user may be the app's first: the onboarding checklist above asks again.
  const onTestMessageSent = () => void queryClient.invalidateQueries({ queryKey: appKeys.onboarding(appId) });
  return (
    <ChannelChat
      key={`${appId}/${channelId}`}
      appId={appId}
      channelId={channelId}
      onTestMessageSent={onTestMessageSent}
    />
  );
}
