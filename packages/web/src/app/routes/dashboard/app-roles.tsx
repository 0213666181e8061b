import { useParams } from "react-router";
import { RolesPage } from "@/features/roles/components/roles-page";

export default function AppRolesPage() {
  const { appId = "" } = useParams();
  return <RolesPage key={appId} appId={appId} />;
}
