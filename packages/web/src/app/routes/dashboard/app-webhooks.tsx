import { useParams } from "react-router";
import { Webhooks } from "@/features/webhooks/components/webhooks";

export default function AppWebhooksPage() {
  const { appId = "" } = useParams();
  return <Webhooks key={appId} appId={appId} />;
}
