import { useParams } from "react-router";
import { ResendCampaign } from "@/features/campaigns/components/campaign-editor";

export default function MessageCampaignResendPage() {
  const { appId = "", campaignId = "" } = useParams();
  return <ResendCampaign key={`${appId}/${campaignId}`} appId={appId} campaignId={campaignId} />;
}
