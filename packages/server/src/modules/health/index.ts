export { healthRoutes, statusRoutes } from "./routes";
export { createStatusMonitor, type StatusChecks, type StatusMonitor, serverStatusChecks } from "./status";
