export { notificationRoutes } from "./routes";
