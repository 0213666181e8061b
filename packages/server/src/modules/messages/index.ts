export { messageChatRoutes } from "./chat-routes";
export { toMessages } from "./mapping";
export type { MemberRow, MessageDraft, MessagePipeline, PipelineStages, SendInput } from "./pipeline";
export { findLiveMessage, firstUserMessageAt, lastMessagesOf, messageSenderIds } from "./queries";
export { createMessageService, type MessageService } from "./service";
