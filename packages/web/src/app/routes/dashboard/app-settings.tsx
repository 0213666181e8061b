import { useParams } from "react-router";
import { AppSettings } from "@/features/apps/components/app-settings";
import { IceServersCard } from "@/features/calls/components/ice-servers-card";

export default function AppSettingsPage() {
  const { appId = "" } = useParams();
  return (
    <AppSettings
      key={appId}
      appId={appId}
      moreCards={(onDirtyChange) => <IceServersCard appId={appId} onDirtyChange={onDirtyChange} />}
    />
  );
}
