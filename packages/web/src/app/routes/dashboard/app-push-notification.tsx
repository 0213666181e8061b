import { useParams } from "react-router";
import { useApp } from "@/features/apps/api/get-app";
import { PushNotifications } from "@/features/push/components/push-notifications";

export default function AppPushNotificationPage() {
  const { appId = "" } = useParams();
  const app = useApp(appId);
  return <PushNotifications key={appId} appId={appId} appName={app.data?.name ?? ""} />;
}
