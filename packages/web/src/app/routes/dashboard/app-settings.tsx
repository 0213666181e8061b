import { useParams } from "react-router";
import { AppSettings } from "@/features/apps/components/app-settings";
import { IceServersCard } from "@/features/calls/components/ice-servers-card";
import { LinkPreviewsCard } from "@/features/link-previews/components/link-previews-card";

export default function AppSettingsPage() {
  const { appId = "" } = useParams();
  return (
    <AppSettings
      key={appId}
      appId={appId}
      chatCards={<LinkPreviewsCard appId={appId} />}
      moreCards={(onDirtyChange) => <IceServersCard appId={appId} onDirtyChange={onDirtyChange} />}
    />
  );
}
