import { useParams } from "react-router";
import { AppReport } from "@/features/reports/components/app-report";

export default function AppReportPage() {
  const { appId = "" } = useParams();
  return <AppReport key={appId} appId={appId} />;
}
