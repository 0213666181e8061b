import { useParams } from "react-router";
import { PushNotifications } from "@/features/push/components/push-notifications";

export default function AppPushNotificationPage() {
  const { appId = "" } = useParams();
  return <PushNotifications key={appId} appId={appId} />;
}
