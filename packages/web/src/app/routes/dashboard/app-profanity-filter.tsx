import { useParams } from "react-router";
import { ProfanityFilter } from "@/features/profanity/components/profanity-filter";

export default function AppProfanityFilterPage() {
  const { appId = "" } = useParams();
  return <ProfanityFilter key={appId} appId={appId} />;
}
