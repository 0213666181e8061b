export { createStatusMonitor, type StatusChecks, type StatusMonitor, serverStatusChecks } from "./status";
