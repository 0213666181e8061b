export { metricsJobs } from "./jobs";
export { metricsRoutes } from "./routes";
