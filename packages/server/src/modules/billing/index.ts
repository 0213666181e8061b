export { billingJobs } from "./jobs";
export { planFactsOf } from "./queries";
export { billingRoutes } from "./routes";
export { derivePlanStatus, type PlanStatus, utcDay } from "./rules";
export { sandboxCardPageRoutes } from "./sandbox-page";
export type { BillingCardRow, InvoiceRow, PaidPlanRow } from "./schema";
export { type BillingService, createBillingService } from "./service";
