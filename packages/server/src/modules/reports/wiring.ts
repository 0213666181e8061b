export { reportChatRoutes } from "./chat-routes";
export { reportQueueRoutes } from "./routes";
