export { metricsJobs } from "./jobs";
export { countsByApp, messageTotal, monthMessagesByApp } from "./queries";
export { createReportService, type ReportService } from "./reports";
export { metricsRoutes } from "./routes";
export { createMetricsService, type MetricsService } from "./service";
