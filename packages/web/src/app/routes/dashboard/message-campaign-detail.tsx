import { useParams } from "react-router";
import { CampaignDetail } from "@/features/campaigns/components/campaign-detail";

export default function MessageCampaignDetailPage() {
  const { appId = "", campaignId = "" } = useParams();
  return <CampaignDetail key={`${appId}/${campaignId}`} appId={appId} campaignId={campaignId} />;
}
