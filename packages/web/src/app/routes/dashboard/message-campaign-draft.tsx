import { useParams } from "react-router";
import { useApp } from "@/features/apps/api/get-app";
import { ContinueCampaignDraft } from "@/features/campaigns/components/campaign-editor";

export default function MessageCampaignDraftPage() {
  const { appId = "", campaignId = "" } = useParams();
  const app = useApp(appId);
  return (
    <ContinueCampaignDraft
      key={`${appId}/${campaignId}`}
      appId={appId}
      campaignId={campaignId}
      appName={app.data?.name ?? ""}
    />
  );
}
