export { moderationRuleChatRoutes } from "./chat-routes";
export { moderationRuleRoutes } from "./routes";
