export { exportJobs } from "./jobs";
export { exportDownloadRoutes, exportRoutes } from "./routes";
export { createExportService, type ExportService } from "./service";
