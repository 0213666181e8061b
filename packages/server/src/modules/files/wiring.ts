export { fileChatRoutes } from "./chat-routes";
export { fileJobs } from "./jobs";
export { fileRoutes } from "./routes";
