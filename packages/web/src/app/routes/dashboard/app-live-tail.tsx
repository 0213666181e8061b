import { useParams } from "react-router";
import { LiveTail } from "@/features/live-tail/components/live-tail";

export default function AppLiveTailPage() {
  const { appId = "" } = useParams();
  return <LiveTail key={appId} appId={appId} />;
}
