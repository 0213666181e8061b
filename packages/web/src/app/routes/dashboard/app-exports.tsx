import { useParams } from "react-router";
import { DataExport } from "@/features/data-export/components/data-export";

export default function AppExportsPage() {
  const { appId = "" } = useParams();
  return <DataExport key={appId} appId={appId} />;
}
