import { Outlet } from "react-router";
import { PublicLayout } from "@/components/layouts/public-layout";

export default function IntroLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
