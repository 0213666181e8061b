import { useParams } from "react-router";
import { useApp } from "@/features/apps/api/get-app";
import { RegisterCampaign } from "@/features/campaigns/components/campaign-editor";

export default function MessageCampaignRegisterPage() {
  const { appId = "" } = useParams();
  const app = useApp(appId);
  return <RegisterCampaign key={appId} appId={appId} appName={app.data?.name ?? ""} />;
}
