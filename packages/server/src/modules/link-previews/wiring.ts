export { linkPreviewChatRoutes } from "./chat-routes";
export { linkPreviewJobs } from "./jobs";
export { linkPreviewRoutes } from "./routes";
