export { moderationRuleRoutes } from "./routes";
