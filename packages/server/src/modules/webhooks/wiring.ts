export { webhookJobs } from "./jobs";
export { webhookRoutes } from "./routes";
