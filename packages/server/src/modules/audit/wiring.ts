export { auditJobs } from "./jobs";
export { auditRoutes } from "./routes";
