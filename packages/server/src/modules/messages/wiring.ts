export { messageChatRoutes } from "./chat-routes";
export { messageJobs } from "./jobs";
export { scheduledMessageChatRoutes } from "./scheduled-routes";
export { messageSearchChatRoutes, messageSearchRoutes } from "./search-routes";
