export { chatUserChatRoutes } from "./chat-routes";
export { testUserRoutes } from "./routes";
