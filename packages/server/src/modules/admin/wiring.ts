export { accountKindRoutes, signInRoutes } from "./routes";
