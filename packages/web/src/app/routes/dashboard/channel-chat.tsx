import { useParams } from "react-router";
import { ChannelChat } from "@/features/channels/components/channel-chat";

export default function ChannelChatPage() {
  const { appId = "", channelId = "" } = useParams();
  return <ChannelChat key={`${appId}/${channelId}`} appId={appId} channelId={channelId} />;
}
