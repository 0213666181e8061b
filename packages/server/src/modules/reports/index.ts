export { createReportQueue, type ReportQueue } from "./service";
