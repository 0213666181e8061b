export { healthRoutes, statusRoutes } from "./routes";
