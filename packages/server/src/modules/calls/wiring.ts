export { callChatRoutes } from "./chat-routes";
export { callJobs } from "./jobs";
export { callRoutes } from "./routes";
