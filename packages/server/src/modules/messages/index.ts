export { type DeferredEffect, DeferredRefusal, runDeferred } from "./draft";
export {
  createEventRetention,
  type EventColumns,
  type EventRetention,
  eventRetentionSeconds,
  type KeptEvents,
} from "./event-retention";
export { messageExportSection } from "./export";
export {
  type ImportedFileRow,
  type ImportedMessageRow,
  type ImportedReactionRow,
  writeImportedFiles,
  writeImportedMessages,
  writeImportedReactions,
} from "./import-pages";
export { toMessages } from "./mapping";
export type {
  MemberRow,
  MessageDraft,
  MessagePipeline,
  PipelineStages,
  SendInput,
  TranslationRequest,
} from "./pipeline";
export {
  addMessageTranslations,
  attachFileMedia,
  attachLinkPreview,
  createRecentCountReader,
  createRecentMessagesReader,
  findLiveMessage,
  firstUserMessageAt,
  lastMessagesOf,
  latestUserMessagesOf,
  messageSenderIds,
  RECENT_COUNT_STATEMENT,
  removeLinkPreview,
  sentMessageCount,
  threadParticipantIds,
} from "./queries";
export { createScheduledMessages, type ScheduledMessages } from "./scheduled";
export type { MessageRow } from "./schema";
export { createMessageSearch, type MessageSearch } from "./search";
export { mergeSearchPending, type SearchUpkeep, startSearchUpkeep } from "./search-upkeep";
export { createSendLines, type SendTurn } from "./send-turn";
export { createMessageService, type MessageService } from "./service";
