export { channelChatRoutes } from "./chat-routes";
export { channelJobs } from "./jobs";
export { type DashboardChatDeps, dashboardChatRoutes } from "./routes";
export { dashboardShadowBanRoutes, shadowBanChatRoutes } from "./shadow-ban-routes";
