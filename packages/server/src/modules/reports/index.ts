export { reportChatRoutes } from "./chat-routes";
export { reportQueueRoutes } from "./routes";
export { createReportQueue, type ReportQueue } from "./service";
