export { channelChatRoutes } from "./chat-routes";
export type { BrandRef } from "./core";
export { channelJobs } from "./jobs";
export type { MemberService } from "./members";
export type { ModerationService } from "./moderation";
export {
  channelIdsOf,
  channelIdsOfMember,
  channelMemberIds,
  findChannelSummary,
  setReadMark,
  subchannelOfMember,
  unreadCounts,
} from "./queries";
export { type DashboardChatDeps, dashboardChatRoutes } from "./routes";
export type { ChannelMemberRow, ChannelRow } from "./schema";
export { type Actor, type ChannelService, createChannelService, isPrivileged } from "./service";
