import { Outlet } from "react-router";
import { AuthLayout } from "@/components/layouts/auth-layout";

export default function AuthRoutesLayout() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
