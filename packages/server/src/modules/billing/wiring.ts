export { billingJobs } from "./jobs";
export { billingRoutes } from "./routes";
export { sandboxCardPageRoutes } from "./sandbox-routes";
