import { AppsOverview } from "@/features/apps/components/apps-overview";

export default AppsOverview;
