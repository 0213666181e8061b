export type { BrandRef } from "./core";
export { channelExportSection, memberExportSection } from "./export";
export { distinctKeyOf } from "./features";
export {
  type ImportedChannelRow,
  type ImportedMemberRow,
  writeImportedChannels,
  writeImportedMembers,
} from "./import-pages";
export type { MemberService } from "./members";
export type { ModerationService } from "./moderation";
export { openChannelVisitor } from "./open";
export {
  catchUpScope,
  channelExists,
  channelIdsOf,
  channelIdsOfMember,
  channelMemberIds,
  concealedFrom,
  countsAsUnread,
  findChannelNames,
  findChannelSummary,
  historyScope,
  isChannelMember,
  mentionCounting,
  messageReaderIds,
  readsMessageOf,
  setReadMark,
  subchannelOfMember,
  unreadCounting,
  unreadCounts,
  unreadTotals,
} from "./queries";
export {
  MESSAGE_EVENT_TYPES,
  nonReadersOf,
  type ReadChannel,
  unreadableAmong,
  unreadableOfMember,
  withoutMessages,
} from "./readers";
export type { ChannelMemberRow, ChannelRow } from "./schema";
export { type Actor, type ChannelService, createChannelService, isPrivileged } from "./service";
export { isPartitioned } from "./subchannels";
