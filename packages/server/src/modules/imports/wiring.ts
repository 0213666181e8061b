export { importJobs } from "./jobs";
export { importRoutes } from "./routes";
