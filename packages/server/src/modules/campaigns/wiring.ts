export { campaignJobs } from "./jobs";
export { brandCoverFileRoutes, noticeRoutes } from "./routes";
