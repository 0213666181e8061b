/**
 * The chat API's paths and the constants of its real-time protocol. Nothing here imports zod: the SDK bundles this
 * file into apps' code, where zod's runtime would add some 100 KB that a client never uses.
 */

/** The chat API's routes, under {@link CHAT_API_PREFIX}. */
export const chatApi = {
  users: "/users",
  /** The app's server creates or changes up to 100 users at once. */
  usersBulk: "/users/bulk",
  user: "/users/:userId",
  userActivate: "/users/:userId/activate",
  userDeactivate: "/users/:userId/deactivate",
  userToken: "/users/:userId/token",
  /** The app's server refuses one user's login tokens issued before a time, and ends the sessions started before it. */
  userTokensRevoke: "/users/:userId/tokens/revoke",
  /** The same for every user of the app. */
  tokensRevoke: "/tokens/revoke",
  /** The app's server shadow-bans a user in the app (PUT), lifts it (DELETE) or reads it (GET). */
  userShadowBan: "/users/:userId/shadow-ban",
  /** The app's server sets a user's app role (PUT). */
  userRole: "/users/:userId/role",
  /** The app's roles (GET) and a new custom role (POST); one role: PATCH its description, DELETE a custom one. */
  roles: "/roles",
  role: "/roles/:name",
  /** Every channel type's permission matrix (GET); one type's: GET, PUT, DELETE (back to the default). */
  permissions: "/permissions",
  permission: "/permissions/:channelType",
  login: "/auth/login",
  anonymousLogin: "/auth/anonymous",
  logout: "/auth/logout",
  me: "/me",
  pushTokens: "/me/push-tokens",
  pushToken: "/me/push-tokens/:deviceId",
  unread: "/me/unread",
  blocks: "/me/blocks",
  block: "/me/blocks/:userId",
  channels: "/channels",
  /** The app's server creates up to 100 channels at once, with their members. */
  channelsBulk: "/channels/bulk",
  channel: "/channels/:channelId",
  join: "/channels/:channelId/join",
  leave: "/channels/:channelId/leave",
  members: "/channels/:channelId/members",
  /** The app's server adds and removes up to 100 members of a channel at once. */
  membersBulk: "/channels/:channelId/members/bulk",
  subchannels: "/channels/:channelId/subchannels",
  member: "/channels/:channelId/members/:userId",
  mute: "/channels/:channelId/members/:userId/mute",
  unmute: "/channels/:channelId/members/:userId/unmute",
  ban: "/channels/:channelId/members/:userId/ban",
  unban: "/channels/:channelId/members/:userId/unban",
  /** The app's server shadow-bans a member in the channel (POST, with the user's ID). */
  channelShadowBans: "/channels/:channelId/shadow-bans",
  /** A member's shadow ban in the channel: read (GET) or lifted (DELETE). */
  channelShadowBan: "/channels/:channelId/shadow-bans/:userId",
  owner: "/channels/:channelId/owner",
  /** The app's server freezes a channel: its members read but no longer send until it is unfrozen. */
  freeze: "/channels/:channelId/freeze",
  unfreeze: "/channels/:channelId/unfreeze",
  /** The app's server sets a member's channel role (PUT): moderator or member. */
  memberRole: "/channels/:channelId/members/:userId/role",
  messages: "/channels/:channelId/messages",
  /** A member searches the channel's messages by text. */
  messageSearch: "/channels/:channelId/messages/search",
  message: "/channels/:channelId/messages/:messageId",
  reactions: "/channels/:channelId/messages/:messageId/reactions",
  reaction: "/channels/:channelId/messages/:messageId/reactions/:reaction",
  replies: "/channels/:channelId/messages/:messageId/replies",
  /** A member creates a poll (POST): a message of `type: "poll"`. */
  polls: "/channels/:channelId/polls",
  poll: "/channels/:channelId/polls/:pollId",
  /** The caller's vote: set (PUT, replacing any earlier) or taken back (DELETE). */
  pollVotes: "/channels/:channelId/polls/:pollId/votes",
  /** The poll's creator or a moderator closes it (POST). */
  pollClose: "/channels/:channelId/polls/:pollId/close",
  /** Who voted for one option, by cursor; refused on an anonymous poll. */
  pollVoters: "/channels/:channelId/polls/:pollId/options/:optionId/voters",
  translation: "/channels/:channelId/messages/:messageId/translations/:language",
  /** The sender removes the message's link preview (DELETE). */
  linkPreview: "/channels/:channelId/messages/:messageId/link-preview",
  files: "/channels/:channelId/files",
  /** A member schedules a message in the channel (POST), or lists their own scheduled there (GET). */
  channelScheduledMessages: "/channels/:channelId/scheduled-messages",
  /** The caller's scheduled messages in every channel. */
  scheduledMessages: "/scheduled-messages",
  /** One of the caller's scheduled messages: read (GET), edited while it waits (PATCH), cancelled (DELETE). */
  scheduledMessage: "/scheduled-messages/:scheduledMessageId",
  read: "/channels/:channelId/read",
  /** A member's client says which of the channel's messages it has received (delivery receipts). */
  delivered: "/channels/:channelId/delivered",
  /** A user's push preferences: the user themselves or the app's server reads (GET) and changes (PATCH) them. */
  userPushPreferences: "/users/:userId/push-preferences",
  /** A member's push preference for one channel (GET, PUT): the member themselves or the app's server. */
  memberPushPreference: "/channels/:channelId/members/:userId/push-preference",
  pin: "/channels/:channelId/pins/:messageId",
  /** An end user reports a message they can read, or another user, to the app's moderators. */
  messageReport: "/channels/:channelId/messages/:messageId/report",
  /** The app's server tries a message against the app's moderation rules, or a draft set, acting on nothing. */
  moderationRulesTest: "/moderation/rules/test",
  userReport: "/users/:userId/report",
  events: "/events",
  /** The app's server hears the app's events as the dashboard's live tail shows them (server-sent events). */
  eventsLive: "/events/live",
  /** The app's server sends one event again to its webhook listeners. */
  eventResend: "/events/:eventId/resend",
  /** The app's server hears every webhook event as its webhook URL would get it (server-sent events). */
  webhooksListen: "/webhooks/listen",
  /** The app's server reads (GET) and changes (PUT) the app's webhook address, events and switch. */
  webhookSettings: "/webhooks/settings",
  ws: "/ws",
  openapi: "/openapi.json",
} as const;
export const CHAT_API_PREFIX = "/v1";

/** How long a login token may be used, issued by the API or signed by the app: 7 days unless asked, 30 at most. */
export const LOGIN_TOKEN_TTL_DEFAULT_SECONDS = 7 * 24 * 60 * 60;
export const LOGIN_TOKEN_TTL_MAX_SECONDS = 30 * 24 * 60 * 60;

/**
 * The largest frame a client may send on `/v1/ws`, in bytes; the server closes a socket that sends a larger one with
 * 1009. A message whose `message.send` frame would be larger goes by HTTP, whose body limit is higher.
 */
export const WS_FRAME_MAX_BYTES = 64 * 1024;

/** A typing user is shown as typing for this long after their last `start`, unless they stop. */
export const TYPING_EXPIRES_MS = 10_000;
/** A `start` repeated within this long of the one members last heard is not announced again. */
export const TYPING_ANNOUNCE_MS = 3_000;

/** The chat API's call routes, under `/v1`. */
export const callsApi = {
  calls: "/calls",
  iceServers: "/calls/ice-servers",
  call: "/calls/:callId",
  accept: "/calls/:callId/accept",
  decline: "/calls/:callId/decline",
  cancel: "/calls/:callId/cancel",
  end: "/calls/:callId/end",
} as const;

/** What both parties' sockets hear as a call moves: `call.ringing` when it starts, then one per move. */
/** A call's states; `CALL_TRANSITIONS` (calls.ts) says which moves lead between them. */
export const CALL_STATES = ["ringing", "accepted", "ended", "declined", "cancelled", "missed", "failed"] as const;

/** The states a user is busy in: one of them at a time per user, enforced by the database. */
export const ACTIVE_CALL_STATES = ["ringing", "accepted"] as const satisfies readonly (typeof CALL_STATES)[number][];

export const CALL_EVENT_TYPES = [
  "call.ringing",
  "call.accepted",
  "call.declined",
  "call.cancelled",
  "call.missed",
  "call.ended",
  "call.failed",
] as const;
export type TCallEventType = (typeof CALL_EVENT_TYPES)[number];

/** The custom type of the admin message a missed call leaves in the pair's distinct one-to-one channel. */
export const MISSED_CALL_CUSTOM_TYPE = "call.missed";

/** Why an end user reports a message or a user; the dashboard's report queue shows and counts them by reason. */
export const REPORT_REASONS = ["spam", "harassment", "hate", "sexual", "violence", "scam", "other"] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];
/** A report's free text, after the reason. */
export const REPORT_DESCRIPTION_MAX = 500;

/** The longest voice message the server takes; a longer one answers 3256 (docs/decisions/0305-voice-messages.md). */
export const VOICE_DURATION_MAX_MS = 10 * 60 * 1000;
/** A voice message's waveform has at most this many bars; the server's own reading makes exactly this many. */
export const VOICE_WAVEFORM_MAX = 64;
/** Each bar of a waveform: the loudest moment of its slice, 0 (silence) to 100 (the recording's loudest). */
export const VOICE_LEVEL_MAX = 100;
