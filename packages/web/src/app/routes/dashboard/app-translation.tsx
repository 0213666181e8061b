import { useParams } from "react-router";
import { TranslationSettings } from "@/features/translation/components/translation-settings";

export default function AppTranslationPage() {
  const { appId = "" } = useParams();
  return <TranslationSettings key={appId} appId={appId} />;
}
