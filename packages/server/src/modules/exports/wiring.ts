export { exportJobs } from "./jobs";
export { exportDownloadRoutes, exportRoutes } from "./routes";
