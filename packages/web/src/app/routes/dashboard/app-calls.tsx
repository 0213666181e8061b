import { useParams } from "react-router";
import { CallsTable } from "@/features/calls/components/calls-table";

export default function AppCallsPage() {
  const { appId = "" } = useParams();
  return <CallsTable key={appId} appId={appId} />;
}
