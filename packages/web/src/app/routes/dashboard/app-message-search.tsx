import { useParams } from "react-router";
import { paths } from "@/config/paths";
import { MessageSearch } from "@/features/message-search/components/message-search";

export default function AppMessageSearchPage() {
  const { appId = "" } = useParams();
  return (
    <MessageSearch
      key={appId}
      appId={appId}
      contextHref={(channelId, seq) => paths.apps.channel.getHref(appId, channelId, seq)}
    />
  );
}
