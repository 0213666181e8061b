import { Outlet, useParams } from "react-router";
import { OnboardingChecklist } from "@/features/apps/components/onboarding-checklist";

/** Every page of one app: the app's onboarding checklist above the page, until it is done or dismissed. */
export default function AppLayout() {
  const { appId = "" } = useParams();
  return (
    <>
      <OnboardingChecklist key={appId} appId={appId} />
      <Outlet />
    </>
  );
}
