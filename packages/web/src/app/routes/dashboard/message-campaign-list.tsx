import { useParams } from "react-router";
import { CampaignsTable } from "@/features/campaigns/components/campaigns-table";
import { MessageAreaTabs } from "./message-area-tabs";

export default function MessageCampaignListPage() {
  const { appId = "" } = useParams();
  return (
    <>
      <MessageAreaTabs appId={appId} current="campaigns" />
      <CampaignsTable key={appId} appId={appId} />
    </>
  );
}
