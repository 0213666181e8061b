export { type BrandChannels, createBrandChannels } from "./brand-channels";
export { type BrandService, createBrandService, requireNoticeFeature } from "./brands";
export { type CampaignService, createCampaignService } from "./campaigns";
export type { BrandRow, CampaignRow } from "./schema";
export { type CampaignSender, createCampaignSender } from "./sender";
