export { type BrandChannels, createBrandChannels } from "./brand-channels";
export { type BrandService, createBrandService, requireNoticeFeature } from "./brands";
export { type CampaignService, createCampaignService } from "./campaigns";
export { campaignJobs } from "./jobs";
export { brandCoverFileRoutes, noticeRoutes } from "./routes";
export type { BrandRow, CampaignRow } from "./schema";
export { type CampaignSender, createCampaignSender } from "./sender";
