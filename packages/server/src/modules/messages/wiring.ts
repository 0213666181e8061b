export { messageChatRoutes } from "./chat-routes";
export { messageSearchChatRoutes, messageSearchRoutes } from "./search-routes";
