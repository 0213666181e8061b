export { translationChatRoutes } from "./chat-routes";
export { translationJobs } from "./jobs";
export { translationRoutes } from "./routes";
