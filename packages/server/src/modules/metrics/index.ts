export { countsByApp, messageTotal, monthMessagesByApp } from "./queries";
export { createReportService, type ReportService } from "./reports";
export { createMetricsService, type MetricsService } from "./service";
