export { appRoutes } from "./routes";
