export { pushChatRoutes } from "./chat-routes";
export { pushJobs } from "./jobs";
export { pushRoutes } from "./routes";
