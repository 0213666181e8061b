import { useParams } from "react-router";
import { ReportQueue } from "@/features/report-queue/components/report-queue";

export default function AppReportsPage() {
  const { appId = "" } = useParams();
  return <ReportQueue key={appId} appId={appId} />;
}
