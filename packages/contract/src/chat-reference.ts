import { CLIENT_MESSAGE_ID_PATTERN, REACTION_PATTERN, USER_ID_PATTERN } from "./chat";
import { POLL_OPTION_ID_PATTERN } from "./chat-polls";
import { TIME_OF_DAY_PATTERN } from "./push-preferences";
import { ROLE_NAME_PATTERN } from "./roles";
import { LANGUAGE_CODE_PATTERN } from "./translation";
import { DIGITS_PATTERN, INVITE_CODE_PATTERN } from "./validation";
import { EVENT_ID_PATTERN } from "./webhook-listen";

/** The groups of the chat API's reference, in the order the docs list them. */
export const CHAT_API_TAGS = [
  "auth",
  "users",
  "channels",
  "members",
  "messages",
  "events",
  "webhooks",
  "push",
  "calls",
] as const;
export type TChatApiTag = (typeof CHAT_API_TAGS)[number];

/**
 * Every operation of the chat API by its OpenAPI `operationId`, with the group the reference lists it under. The
 * server names each route's operation from here, and the docs look up the operation's summary in each language by
 * the same id. Tests keep the three in step: the published document holds exactly these operations, and both
 * languages have a summary for each.
 */
export const CHAT_API_OPERATIONS = {
  loginUser: "auth",
  loginAnonymously: "auth",
  logout: "auth",
  getMe: "users",
  updateMe: "users",
  createUser: "users",
  upsertUsers: "users",
  listUsers: "users",
  getUser: "users",
  updateUser: "users",
  deleteUser: "users",
  activateUser: "users",
  deactivateUser: "users",
  issueLoginToken: "users",
  revokeUserTokens: "users",
  revokeAppTokens: "users",
  getUserShadowBan: "users",
  shadowBanUser: "users",
  liftUserShadowBan: "users",
  listRoles: "users",
  createRole: "users",
  updateRole: "users",
  deleteRole: "users",
  setUserRole: "users",
  listPermissions: "channels",
  getPermissions: "channels",
  setPermissions: "channels",
  resetPermissions: "channels",
  createChannel: "channels",
  createChannels: "channels",
  listChannels: "channels",
  getChannel: "channels",
  updateChannel: "channels",
  deleteChannel: "channels",
  joinChannel: "channels",
  leaveChannel: "channels",
  listSubchannels: "channels",
  pinMessage: "channels",
  unpinMessage: "channels",
  freezeChannel: "channels",
  unfreezeChannel: "channels",
  getUnreadCounts: "users",
  blockUser: "users",
  unblockUser: "users",
  listBlockedUsers: "users",
  listMembers: "members",
  addMembers: "members",
  changeMembers: "members",
  removeMember: "members",
  muteMember: "members",
  unmuteMember: "members",
  banMember: "members",
  unbanMember: "members",
  shadowBanMember: "members",
  getMemberShadowBan: "members",
  liftMemberShadowBan: "members",
  setMemberRole: "members",
  changeOwner: "members",
  sendMessage: "messages",
  listMessages: "messages",
  searchMessages: "messages",
  sendFile: "messages",
  deleteMessage: "messages",
  reportMessage: "messages",
  testModerationRules: "messages",
  reportUser: "users",
  markRead: "messages",
  markDelivered: "messages",
  translateMessage: "messages",
  editMessage: "messages",
  addReaction: "messages",
  removeReaction: "messages",
  removeLinkPreview: "messages",
  listReplies: "messages",
  scheduleMessage: "messages",
  listChannelScheduledMessages: "messages",
  listScheduledMessages: "messages",
  getScheduledMessage: "messages",
  editScheduledMessage: "messages",
  cancelScheduledMessage: "messages",
  createPoll: "messages",
  getPoll: "messages",
  votePoll: "messages",
  retractPollVote: "messages",
  closePoll: "messages",
  listPollVoters: "messages",
  listEvents: "events",
  tailEvents: "events",
  listenWebhooks: "webhooks",
  resendEvent: "webhooks",
  getWebhookSettings: "webhooks",
  updateWebhookSettings: "webhooks",
  registerPushToken: "push",
  listPushTokens: "push",
  deletePushToken: "push",
  getPushPreferences: "push",
  updatePushPreferences: "push",
  getChannelPushPreference: "push",
  setChannelPushPreference: "push",
  startCall: "calls",
  listCalls: "calls",
  getCall: "calls",
  acceptCall: "calls",
  declineCall: "calls",
  cancelCall: "calls",
  endCall: "calls",
  getIceServers: "calls",
} as const satisfies Record<string, TChatApiTag>;
export type TChatApiOperationId = keyof typeof CHAT_API_OPERATIONS;

/** The OpenAPI naming of one chat route: its `operationId`, its group and the one-line summary of the document. */
export function chatOperation(operationId: TChatApiOperationId, summary: string) {
  return { operationId, tags: [CHAT_API_OPERATIONS[operationId]], summary };
}

/**
 * The text patterns chat API fields are checked against, by name, so the docs say each in words ("letters, digits
 * and _ - . @ :") instead of showing the expression. A test keeps every pattern of the published document here.
 */
export const CHAT_FIELD_PATTERNS = {
  userId: USER_ID_PATTERN.source,
  clientMessageId: CLIENT_MESSAGE_ID_PATTERN.source,
  inviteCode: INVITE_CODE_PATTERN.source,
  digits: DIGITS_PATTERN.source,
  languageCode: LANGUAGE_CODE_PATTERN.source,
  reaction: REACTION_PATTERN.source,
  eventId: EVENT_ID_PATTERN.source,
  roleName: ROLE_NAME_PATTERN.source,
  pollOptionId: POLL_OPTION_ID_PATTERN.source,
  timeOfDay: TIME_OF_DAY_PATTERN.source,
} as const;
export type TChatFieldPattern = keyof typeof CHAT_FIELD_PATTERNS;
