import { useParams } from "react-router";
import { UsersTable } from "@/features/users/components/users-table";

export default function AppUsersPage() {
  const { appId = "" } = useParams();
  return <UsersTable key={appId} appId={appId} />;
}
