import type { TDashboardChannelKind } from "@parley/contract";

export type MemberListKind = "members" | "muted" | "banned";

export const channelKeys = {
  all: ["channels"] as const,
  app: (appId: string) => [...channelKeys.all, appId] as const,
  list: (appId: string, search: string, kind: TDashboardChannelKind) =>
    [...channelKeys.app(appId), "list", search, kind] as const,
  /** Everything about one channel, so a moderation action can refresh it with one invalidation. */
  channel: (appId: string, channelId: string) => [...channelKeys.app(appId), "channel", channelId] as const,
  detail: (appId: string, channelId: string) => [...channelKeys.channel(appId, channelId), "detail"] as const,
  members: (appId: string, channelId: string) => [...channelKeys.channel(appId, channelId), "members"] as const,
  memberList: (appId: string, channelId: string, kind: MemberListKind, search: string) =>
    [...channelKeys.members(appId, channelId), kind, search] as const,
  memberCounts: (appId: string, channelId: string) => [...channelKeys.members(appId, channelId), "counts"] as const,
  /** Under members: every membership change moves someone between subchannels too. */
  subchannels: (appId: string, channelId: string) => [...channelKeys.members(appId, channelId), "subchannels"] as const,
  member: (appId: string, channelId: string, userId: string) =>
    [...channelKeys.members(appId, channelId), "member", userId] as const,
  memberShadowBan: (appId: string, channelId: string, userId: string) =>
    [...channelKeys.member(appId, channelId, userId), "shadow-ban"] as const,
  memberMessages: (appId: string, channelId: string, userId: string) =>
    [...channelKeys.channel(appId, channelId), "member-messages", userId] as const,
  tags: (appId: string, channelId: string) => [...channelKeys.channel(appId, channelId), "tags"] as const,
  pins: (appId: string, channelId: string, pinnedIds: readonly string[]) =>
    [...channelKeys.channel(appId, channelId), "pins", pinnedIds.join(",")] as const,
  testUsers: (appId: string) => [...channelKeys.app(appId), "test-users"] as const,
};
