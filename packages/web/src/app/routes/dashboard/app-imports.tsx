import { useParams } from "react-router";
import { DataImport } from "@/features/data-import/components/data-import";

export default function AppImportsPage() {
  const { appId = "" } = useParams();
  return <DataImport key={appId} appId={appId} />;
}
