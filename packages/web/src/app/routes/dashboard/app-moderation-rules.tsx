import { useParams } from "react-router";
import { ModerationRules } from "@/features/moderation-rules/components/moderation-rules";

export default function AppModerationRulesPage() {
  const { appId = "" } = useParams();
  return <ModerationRules key={appId} appId={appId} />;
}
