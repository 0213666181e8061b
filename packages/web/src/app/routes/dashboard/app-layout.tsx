import { Outlet, useParams } from "react-router";
import { useApp } from "@/features/apps/api/get-app";
import { AppDeactivated } from "@/features/apps/components/app-deactivated";
import { OnboardingChecklist } from "@/features/apps/components/onboarding-checklist";
import { useSession } from "@/lib/session";

/**
 * Every page of one app: the app's onboarding checklist above the page, until it is done or dismissed. A deactivated
 * app shows why in place of its pages, which the server refuses; an administrator reads them under the notice.
 */
export default function AppLayout() {
  const { appId = "" } = useParams();
  const session = useSession();
  const deactivated = useApp(appId).data?.deactivated ?? null;
  if (deactivated && !session?.isAdmin) return <AppDeactivated reason={deactivated} />;
  return (
    <>
      {deactivated && <AppDeactivated reason={deactivated} />}
      <OnboardingChecklist key={appId} appId={appId} />
      <Outlet />
    </>
  );
}
