export { contactRoutes } from "./routes";
