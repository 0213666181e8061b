export { planFactsOf } from "./queries";
export { derivePlanStatus, type PlanStatus, utcDay } from "./rules";
export type { BillingCardRow, InvoiceRow, PaidPlanRow } from "./schema";
export { type BillingService, createBillingService } from "./service";
