export { chatUserChatRoutes } from "./chat-routes";
export { testUserRoutes } from "./routes";
export { loginSigningRoutes } from "./signing-routes";
export { chatTokenRoutes } from "./token-routes";
