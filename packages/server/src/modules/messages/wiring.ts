export { messageChatRoutes } from "./chat-routes";
export { messageJobs } from "./jobs";
export { messageSearchChatRoutes, messageSearchRoutes } from "./search-routes";
