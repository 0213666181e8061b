export { liveRoutes } from "./routes";
