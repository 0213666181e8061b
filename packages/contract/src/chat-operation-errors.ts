/**
 * Which catalogue codes each chat API operation answers, by its `operationId`. The published document lists them
 * per operation, grouped by HTTP status, so a generated client and the docs know a call's failures before meeting
 * them. Each list holds what the operation's own rules refuse; what every call may meet is added to it by
 * {@link chatOperationErrors}, so a list never repeats the credential or validation codes.
 */
import type { TChatApiOperationId } from "./chat-reference";
import { Errors as E, type ErrorCode } from "./errors";

/** Any call may be refused by the rate limit (005) or fail unexpectedly (001). */
export const API_COMMON_ERRORS: readonly ErrorCode[] = [E.RATE_LIMITED, E.UNEXPECTED];
/** A call that takes a body, a query or path parameters may find them malformed (300) or missing (301). */
export const API_INPUT_ERRORS: readonly ErrorCode[] = [E.INVALID_REQUEST, E.MISSING_PARAMETER];
/**
 * A call with a credential: none or an unknown one (3028), an app deactivated alone (3001) or with its account's
 * others (3002), an account whose service is stopped (4000).
 */
export const CHAT_API_CREDENTIAL_ERRORS: readonly ErrorCode[] = [
  E.CHAT_AUTH_REQUIRED,
  E.APP_DEACTIVATED,
  E.ACCOUNT_APPS_DEACTIVATED,
  E.NO_ACTIVE_PLAN,
];
/** The app's deactivation and service checks that the logins apply by the app ID they name. */
const APP_CHECKS: readonly ErrorCode[] = [E.APP_DEACTIVATED, E.ACCOUNT_APPS_DEACTIVATED, E.NO_ACTIVE_PLAN];
/** The operations that take no credential: the two logins. */
export const CHAT_API_PUBLIC_OPERATIONS: readonly TChatApiOperationId[] = ["loginUser", "loginAnonymously"];

/** Only the app's server (1023 to a user's session) or only a user (1023 to an API key). */
const ONE_KIND = E.ACCOUNT_KIND_FORBIDDEN;
/** A channel the caller may see (3007), as one of its members where that is asked (3020). */
const CHANNEL: readonly ErrorCode[] = [E.CHANNEL_NOT_FOUND, E.NOT_CHANNEL_MEMBER];
const OWNER_OF_CHANNEL: readonly ErrorCode[] = [E.CHANNEL_NOT_FOUND, E.NOT_CHANNEL_MEMBER, E.NOT_CHANNEL_OWNER];
/** A role the app does not have (3198). */
const ROLE: readonly ErrorCode[] = [ONE_KIND, E.ROLE_NOT_FOUND];
const MESSAGE: readonly ErrorCode[] = [...CHANNEL, E.MESSAGE_NOT_FOUND];
/** What the send pipeline refuses before storing a message. */
const SEND_CHECKS: readonly ErrorCode[] = [
  ...CHANNEL,
  E.CHANNEL_FROZEN,
  E.USER_MUTED,
  E.USER_BANNED,
  E.CHAT_USER_DEACTIVATED,
  E.MESSAGE_QUOTA_EXCEEDED,
  E.SLOW_MODE_ACTIVE,
  E.PERMISSION_DENIED,
];
const CALL_MOVE: readonly ErrorCode[] = [ONE_KIND, E.CALL_NOT_FOUND, E.CALL_STATE_CONFLICT, E.WRONG_CALL_PARTY];

/**
 * The codes each operation's own rules answer. An operation missing here is documented with the common codes only,
 * and the server's OpenAPI test names it, so a new operation gets its list when it is added.
 */
export const CHAT_API_OPERATION_ERRORS: Partial<Record<TChatApiOperationId, readonly ErrorCode[]>> = {
  loginUser: [
    E.CHAT_TOKEN_INVALID,
    E.CHAT_USER_DEACTIVATED,
    E.SIGNED_TOKEN_INVALID,
    E.SIGNED_TOKEN_EXPIRED,
    E.SIGNED_TOKEN_CLAIMS_INVALID,
    E.SIGNED_TOKEN_OTHER_APP,
    E.SIGNED_TOKEN_REVOKED,
    E.SIGNING_SECRET_MISSING,
    ...APP_CHECKS,
  ],
  loginAnonymously: [E.ANONYMOUS_LOGIN_DISABLED, E.USER_ID_NOT_ANONYMOUS, E.CHAT_USER_DEACTIVATED, ...APP_CHECKS],
  logout: [],
  getMe: [ONE_KIND],
  updateMe: [ONE_KIND],
  createUser: [ONE_KIND, E.CHAT_USER_EXISTS],
  upsertUsers: [ONE_KIND],
  listUsers: [ONE_KIND],
  getUser: [E.CHAT_USER_NOT_FOUND],
  updateUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  deleteUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  activateUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  deactivateUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  issueLoginToken: [ONE_KIND, E.CHAT_USER_NOT_FOUND, E.CHAT_USER_DEACTIVATED],
  revokeUserTokens: [ONE_KIND, E.CHAT_USER_NOT_FOUND, E.REVOCATION_TIME_IN_FUTURE],
  getUserShadowBan: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  shadowBanUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  testModerationRules: [ONE_KIND, E.CHAT_USER_NOT_FOUND, E.CHANNEL_NOT_FOUND],
  liftUserShadowBan: [ONE_KIND, E.CHAT_USER_NOT_FOUND],
  listRoles: [ONE_KIND],
  createRole: [ONE_KIND, E.ROLE_NAME_TAKEN, E.ROLE_LIMIT_REACHED],
  updateRole: ROLE,
  deleteRole: [...ROLE, E.ROLE_BUILT_IN],
  setUserRole: [...ROLE, E.CHAT_USER_NOT_FOUND],
  listPermissions: [ONE_KIND],
  getPermissions: [ONE_KIND],
  setPermissions: ROLE,
  resetPermissions: [ONE_KIND],
  revokeAppTokens: [ONE_KIND, E.REVOCATION_TIME_IN_FUTURE],
  blockUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND, E.SELF_BLOCK, E.BLOCK_LIMIT_REACHED],
  unblockUser: [ONE_KIND, E.USER_NOT_BLOCKED],
  listBlockedUsers: [ONE_KIND],
  createChannel: [
    E.CHAT_USER_NOT_FOUND,
    E.CHANNEL_FULL,
    E.DISTINCT_NOT_ALLOWED,
    E.BLOCKED_BY_USER,
    E.OPEN_CHANNEL_REFUSED,
  ],
  createChannels: [ONE_KIND],
  listChannels: [],
  getChannel: [E.CHANNEL_NOT_FOUND],
  updateChannel: [...OWNER_OF_CHANNEL, E.CHANNEL_FULL, E.INVITATION_CODE_REQUIRED, E.OPEN_CHANNEL_REFUSED],
  deleteChannel: OWNER_OF_CHANNEL,
  joinChannel: [
    ONE_KIND,
    E.CHANNEL_NOT_FOUND,
    E.USER_BANNED,
    E.CHANNEL_INVITE_ONLY,
    E.INVITATION_CODE_REQUIRED,
    E.INVITATION_CODE_WRONG,
    E.CHANNEL_FULL,
  ],
  leaveChannel: [ONE_KIND, ...CHANNEL],
  listSubchannels: CHANNEL,
  pinMessage: [...OWNER_OF_CHANNEL, E.MESSAGE_NOT_FOUND, E.PIN_LIMIT_REACHED],
  unpinMessage: [...OWNER_OF_CHANNEL, E.MESSAGE_NOT_PINNED],
  freezeChannel: [ONE_KIND, E.CHANNEL_NOT_FOUND],
  unfreezeChannel: [ONE_KIND, E.CHANNEL_NOT_FOUND],
  getUnreadCounts: [ONE_KIND],
  listMembers: CHANNEL,
  addMembers: [...OWNER_OF_CHANNEL, E.CHAT_USER_NOT_FOUND, E.UNBAN_BEFORE_ADD, E.CHANNEL_FULL],
  changeMembers: [ONE_KIND, E.CHANNEL_NOT_FOUND],
  removeMember: OWNER_OF_CHANNEL,
  muteMember: OWNER_OF_CHANNEL,
  unmuteMember: OWNER_OF_CHANNEL,
  banMember: [...OWNER_OF_CHANNEL, E.CHAT_USER_NOT_FOUND],
  unbanMember: [...OWNER_OF_CHANNEL, E.CHAT_USER_NOT_FOUND],
  shadowBanMember: [ONE_KIND, ...CHANNEL, E.CHAT_USER_NOT_FOUND],
  getMemberShadowBan: [ONE_KIND, ...CHANNEL, E.CHAT_USER_NOT_FOUND],
  liftMemberShadowBan: [ONE_KIND, ...CHANNEL, E.CHAT_USER_NOT_FOUND],
  setMemberRole: [ONE_KIND, ...CHANNEL, E.CHAT_USER_NOT_FOUND],
  changeOwner: OWNER_OF_CHANNEL,
  sendMessage: [
    ...SEND_CHECKS,
    E.MESSAGE_EMPTY,
    E.MESSAGE_TOO_LONG,
    E.PROFANITY_BLOCKED,
    E.CUSTOM_TYPE_MISMATCH,
    E.NESTED_REPLY,
    E.MESSAGE_NOT_FOUND,
  ],
  listMessages: [...CHANNEL, E.PERMISSION_DENIED],
  searchMessages: [...CHANNEL, E.SEARCH_QUERY_TOO_SHORT, E.SEARCH_QUERY_TOO_LONG, E.PERMISSION_DENIED],
  sendFile: [...SEND_CHECKS, E.FILE_TOO_LARGE, E.BODY_TOO_LARGE],
  deleteMessage: [...MESSAGE, E.ONLY_SENDER_DELETES],
  reportMessage: [ONE_KIND, ...MESSAGE, E.NOT_REPORTABLE],
  reportUser: [ONE_KIND, E.CHAT_USER_NOT_FOUND, E.CHANNEL_NOT_FOUND, E.NOT_REPORTABLE],
  markRead: [ONE_KIND, ...CHANNEL, E.PERMISSION_DENIED],
  markDelivered: [ONE_KIND, ...CHANNEL, E.RECEIPTS_NOT_IN_OPEN_CHANNEL],
  translateMessage: [...MESSAGE, E.TRANSLATION_DISABLED, E.TRANSLATION_KEY_INVALID, E.TRANSLATION_FAILED],
  editMessage: [...MESSAGE, E.ONLY_SENDER_EDITS, E.EDIT_UNCHANGED, E.MESSAGE_TOO_LONG, E.PROFANITY_BLOCKED],
  addReaction: [ONE_KIND, ...MESSAGE, E.REACTION_LIMIT_REACHED, E.PERMISSION_DENIED],
  removeReaction: [ONE_KIND, ...MESSAGE],
  removeLinkPreview: [...MESSAGE, E.ONLY_SENDER_REMOVES_LINK_PREVIEW],
  listReplies: [...MESSAGE, E.PERMISSION_DENIED],
  scheduleMessage: [
    ONE_KIND,
    ...CHANNEL,
    E.CHAT_USER_DEACTIVATED,
    E.MESSAGE_EMPTY,
    E.MESSAGE_TOO_LONG,
    E.SCHEDULED_TIME_OUT_OF_RANGE,
    E.SCHEDULED_MESSAGES_LIMIT,
  ],
  listChannelScheduledMessages: [ONE_KIND, E.CHANNEL_NOT_FOUND],
  listScheduledMessages: [ONE_KIND],
  getScheduledMessage: [ONE_KIND, E.SCHEDULED_MESSAGE_NOT_FOUND],
  editScheduledMessage: [
    ONE_KIND,
    E.SCHEDULED_MESSAGE_NOT_FOUND,
    E.SCHEDULED_MESSAGE_NOT_WAITING,
    E.SCHEDULED_TIME_OUT_OF_RANGE,
    E.MESSAGE_EMPTY,
    E.MESSAGE_TOO_LONG,
  ],
  cancelScheduledMessage: [ONE_KIND, E.SCHEDULED_MESSAGE_NOT_FOUND, E.SCHEDULED_MESSAGE_NOT_WAITING],
  createPoll: [
    ...SEND_CHECKS,
    E.PROFANITY_BLOCKED,
    E.POLL_CLOSES_AT_INVALID,
    E.POLL_OPTIONS_DUPLICATE,
    E.PERMISSION_DENIED,
  ],
  getPoll: [...CHANNEL, E.POLL_NOT_FOUND],
  votePoll: [
    ONE_KIND,
    ...CHANNEL,
    E.POLL_NOT_FOUND,
    E.POLL_CLOSED,
    E.POLL_OPTION_UNKNOWN,
    E.POLL_CHOICE_INVALID,
    E.PERMISSION_DENIED,
  ],
  retractPollVote: [ONE_KIND, ...CHANNEL, E.POLL_NOT_FOUND, E.POLL_CLOSED],
  closePoll: [...CHANNEL, E.POLL_NOT_FOUND, E.POLL_CLOSED, E.POLL_CLOSE_DENIED],
  listPollVoters: [...CHANNEL, E.POLL_NOT_FOUND, E.POLL_OPTION_UNKNOWN, E.POLL_ANONYMOUS],
  listEvents: [ONE_KIND, E.EVENTS_CURSOR_EXPIRED],
  tailEvents: [ONE_KIND, E.TOO_MANY_API_KEY_STREAMS],
  listenWebhooks: [ONE_KIND, E.TOO_MANY_API_KEY_STREAMS],
  resendEvent: [ONE_KIND, E.WEBHOOK_EVENT_NOT_FOUND],
  getWebhookSettings: [ONE_KIND],
  updateWebhookSettings: [ONE_KIND, E.WEBHOOK_ADDRESS_PRIVATE, E.WEBHOOK_HOST_UNRESOLVED, E.WEBHOOK_URL_MISSING],
  registerPushToken: [ONE_KIND],
  listPushTokens: [ONE_KIND],
  deletePushToken: [ONE_KIND, E.PUSH_DEVICE_NOT_FOUND],
  getPushPreferences: [E.CHAT_USER_NOT_FOUND, E.PUSH_PREFERENCES_NOT_OWN],
  updatePushPreferences: [E.CHAT_USER_NOT_FOUND, E.PUSH_PREFERENCES_NOT_OWN, E.TIME_ZONE_UNKNOWN],
  getChannelPushPreference: [...CHANNEL, E.CHAT_USER_NOT_FOUND, E.PUSH_PREFERENCES_NOT_OWN],
  setChannelPushPreference: [...CHANNEL, E.CHAT_USER_NOT_FOUND, E.PUSH_PREFERENCES_NOT_OWN],
  startCall: [
    ONE_KIND,
    E.CHAT_USER_NOT_FOUND,
    E.SELF_CALL,
    E.CALL_BLOCKED,
    E.CALLEE_DEACTIVATED,
    E.CALL_BUSY,
    E.PERMISSION_DENIED,
  ],
  listCalls: [ONE_KIND],
  getCall: [ONE_KIND, E.CALL_NOT_FOUND],
  acceptCall: CALL_MOVE,
  declineCall: CALL_MOVE,
  cancelCall: CALL_MOVE,
  endCall: [ONE_KIND, E.CALL_NOT_FOUND, E.CALL_STATE_CONFLICT],
  getIceServers: [ONE_KIND],
};

/**
 * Every code an operation answers: its own list, the credential codes unless it is a login, the input codes when it
 * takes input, and the common ones; sorted, each once. An operation without a list gets the rest alone.
 */
export function chatOperationErrors(operationId: string, options: { takesInput: boolean }): ErrorCode[] {
  const lists: Partial<Record<string, readonly ErrorCode[]>> = CHAT_API_OPERATION_ERRORS;
  const own = lists[operationId] ?? [];
  const isPublic = (CHAT_API_PUBLIC_OPERATIONS as readonly string[]).includes(operationId);
  return [
    ...new Set([
      ...own,
      ...(isPublic ? [] : CHAT_API_CREDENTIAL_ERRORS),
      ...(options.takesInput ? API_INPUT_ERRORS : []),
      ...API_COMMON_ERRORS,
    ]),
  ].sort((a, b) => Number(a) - Number(b));
}
