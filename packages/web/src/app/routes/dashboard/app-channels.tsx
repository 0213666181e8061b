import { useParams } from "react-router";
import { ChannelsTable } from "@/features/channels/components/channels-table";

export default function AppChannelsPage() {
  const { appId = "" } = useParams();
  return <ChannelsTable key={appId} appId={appId} />;
}
