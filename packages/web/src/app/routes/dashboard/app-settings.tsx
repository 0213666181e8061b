import { useParams } from "react-router";
import { AppSettings } from "@/features/apps/components/app-settings";

export default function AppSettingsPage() {
  const { appId = "" } = useParams();
  return <AppSettings key={appId} appId={appId} />;
}
