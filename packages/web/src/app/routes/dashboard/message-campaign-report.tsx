import { useParams } from "react-router";
import { CampaignReport } from "@/features/campaigns/components/campaign-report";

export default function MessageCampaignReportPage() {
  const { appId = "", campaignId = "" } = useParams();
  return <CampaignReport key={`${appId}/${campaignId}`} appId={appId} campaignId={campaignId} />;
}
