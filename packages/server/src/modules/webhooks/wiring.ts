export { webhookJobs } from "./jobs";
export { webhookListenChatRoutes } from "./listen-routes";
export { webhookRoutes } from "./routes";
export { webhookSettingsChatRoutes } from "./settings-chat-routes";
