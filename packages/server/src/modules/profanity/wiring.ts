export { profanityRoutes } from "./routes";
