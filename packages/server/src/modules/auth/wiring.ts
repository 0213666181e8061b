export { authJobs } from "./jobs";
export { authRoutes } from "./routes";
