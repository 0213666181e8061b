import { channelControlErrorCatalogue } from "./errors-channel-controls";
import { linkPreviewsErrorCatalogue } from "./errors-link-previews";
import { mediaErrorCatalogue } from "./errors-media";
import { moderationRulesErrorCatalogue } from "./errors-moderation-rules";
import { platformErrorCatalogue } from "./errors-platform";
import { pollErrorCatalogue } from "./errors-polls";
import { receiptsErrorCatalogue } from "./errors-receipts";
import { rolesErrorCatalogue } from "./errors-roles";
import { scheduledMessageErrorCatalogue } from "./errors-scheduled-messages";

/**
 * The error catalogue. Every non-2xx response of the dashboard API and the chat API carries one of these codes
 * in the envelope `{ code, message }`; clients localize by `ERROR_{code}`.
 *
 * Codes are strings because the catalogue mixes "001"-style and four-digit codes and leading zeros matter.
 * A new code also gets its name in `Errors` below.
 */
export const errorCatalogue = {
  "001": { status: 500, description: "Unexpected server fault; details are only in the server log." },
  "002": { status: 503, description: "A dependency (database, mail, queue) did not answer; retry." },
  "003": { status: 500, description: "Signup failed for a reason other than the input." },
  "004": { status: 404, description: "No such API route." },
  "005": {
    status: 429,
    description:
      "Too many requests: at most 20 a second, WebSocket frames included, per user (chat API), per account (dashboard API) or per client address without a valid credential, and 200 a second per app for its server's API key; retry after Retry-After seconds.",
  },
  "006": { status: 413, description: "The request body is larger than this route accepts." },
  "007": { status: 401, description: "The metrics token is missing or wrong." },
  "008": {
    status: 429,
    description:
      "Too many WebSockets open for this chat user or dashboard session (10 by default); the newest is refused.",
  },
  "009": {
    status: 409,
    description:
      "A request with this Idempotency-Key is still being handled; retry after Retry-After seconds to get its answer.",
  },
  "010": {
    status: 422,
    description:
      "This Idempotency-Key was already used for a different request (another route or body); a new request needs a new key.",
  },
  "011": {
    status: 426,
    description: "This address is the WebSocket: open it with an HTTP Upgrade to websocket (wss://…/v1/ws).",
  },
  "300": { status: 400, description: "The request body, query or path did not match the schema." },
  "301": { status: 400, description: "A required parameter is missing." },
  "1000": { status: 500, description: "Authentication service fault." },
  "1001": { status: 401, description: "No valid session token: log in." },
  "1002": { status: 409, description: "The caller already holds a valid session." },
  "1003": { status: 409, description: "An account with this email already exists." },
  "1004": { status: 404, description: "No account was signed up with this email." },
  "1005": { status: 400, description: "The current password is not correct." },
  "1006": { status: 500, description: "Session could not be created." },
  "1007": { status: 500, description: "Session could not be ended." },
  "1008": { status: 502, description: "The password reset email could not be sent." },
  "1009": { status: 500, description: "The password could not be reset." },
  "1010": { status: 400, description: "The password reset link is not valid (wrong or already used)." },
  "1011": { status: 410, description: "The password reset link has expired (valid for 1 hour)." },
  "1012": { status: 409, description: "The email address is already verified." },
  "1013": { status: 500, description: "A verification code could not be generated." },
  "1014": { status: 500, description: "Verification failed." },
  "1015": { status: 500, description: "Verification failed while saving." },
  "1016": { status: 400, description: "The verification code is not valid." },
  "1017": { status: 410, description: "The verification link has expired (valid for 24 hours)." },
  "1018": { status: 403, description: "Verify the email address before logging in." },
  "1023": { status: 403, description: "This account kind may not use this resource." },
  "1024": { status: 401, description: "Wrong email or password; data carries the failure count out of 5." },
  "1025": { status: 423, description: "The account is locked after 5 failed logins until the password is reset." },
  "1026": { status: 400, description: "The sign-in link is not valid (wrong, already used or revoked)." },
  "1027": { status: 410, description: "The sign-in link has expired (valid for 24 hours); ask for a new one." },
  "1028": { status: 409, description: "The account already has a password; change it in account settings." },
  "1029": { status: 404, description: "No such active session of this account." },
  "2001": { status: 400, description: "Company information is missing." },
  "2002": { status: 400, description: "The new password equals the current one." },
  ...platformErrorCatalogue,
  ...moderationRulesErrorCatalogue,
  ...channelControlErrorCatalogue,
  ...rolesErrorCatalogue,
  ...linkPreviewsErrorCatalogue,
  ...mediaErrorCatalogue,
  ...receiptsErrorCatalogue,
  ...scheduledMessageErrorCatalogue,
  ...pollErrorCatalogue,
  "4000": { status: 402, description: "The account has no active plan; the chat API is stopped." },
  "4001": { status: 409, description: "Changing to the same plan is not allowed." },
  "4002": { status: 500, description: "Plan service fault." },
  "4003": { status: 500, description: "Plan service fault." },
  "4004": { status: 500, description: "Plan service fault." },
  "4005": { status: 409, description: "The free trial is not available." },
  "5000": { status: 400, description: "Register a valid card." },
  "5001": { status: 402, description: "Payment failed; data carries the reason." },
  "5002": { status: 409, description: "A new paid plan can be applied for after the invoice of the 5th is paid." },
  "5003": { status: 402, description: "Payment failed for 10 consecutive days; service stopped." },
  "5004": { status: 400, description: "Add a credit card first." },
  "5005": {
    status: 409,
    description: "The card cannot be removed while a paid plan is applied or a bill is still to be paid.",
  },
  "5006": {
    status: 409,
    description:
      "The invoice's status does not allow this: only a paid invoice (or one whose refund failed) is refunded, and only an unpaid one whose payment day has come is paid; data.status is its status now.",
  },
  "9000": { status: 404, description: "Account not found." },
  "9001": { status: 409, description: "The email is used by another account." },
  "9002": { status: 409, description: "A cloud-marketplace account already exists." },
  "9003": {
    status: 400,
    description:
      "The marketplace token is not valid: bad signature, malformed or expired; start again from the marketplace.",
  },
  "9004": { status: 404, description: "No such notice, or it was withdrawn already." },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * Every code by the name the server throws it with: `new AppError(Errors.PROFANITY_BLOCKED)` answers "3035". The
 * number is what clients see and localize; the name is what readers of the server see. One name per code, in the
 * catalogue's order: `errors.test.ts` fails when a code has no name or two, or two codes share one.
 */
export const Errors = {
  UNEXPECTED: "001",
  DEPENDENCY_DOWN: "002",
  SIGNUP_FAILED: "003",
  ROUTE_NOT_FOUND: "004",
  RATE_LIMITED: "005",
  BODY_TOO_LARGE: "006",
  METRICS_TOKEN_INVALID: "007",
  TOO_MANY_SOCKETS: "008",
  IDEMPOTENCY_IN_PROGRESS: "009",
  IDEMPOTENCY_KEY_REUSED: "010",
  WEBSOCKET_UPGRADE_REQUIRED: "011",
  INVALID_REQUEST: "300",
  MISSING_PARAMETER: "301",
  AUTH_FAULT: "1000",
  NOT_LOGGED_IN: "1001",
  ALREADY_LOGGED_IN: "1002",
  EMAIL_TAKEN: "1003",
  EMAIL_NOT_FOUND: "1004",
  WRONG_CURRENT_PASSWORD: "1005",
  SESSION_CREATE_FAILED: "1006",
  SESSION_END_FAILED: "1007",
  RESET_MAIL_FAILED: "1008",
  PASSWORD_RESET_FAILED: "1009",
  RESET_LINK_INVALID: "1010",
  RESET_LINK_EXPIRED: "1011",
  EMAIL_ALREADY_VERIFIED: "1012",
  VERIFICATION_CODE_FAILED: "1013",
  VERIFICATION_FAILED: "1014",
  VERIFICATION_SAVE_FAILED: "1015",
  VERIFICATION_CODE_INVALID: "1016",
  VERIFICATION_LINK_EXPIRED: "1017",
  EMAIL_NOT_VERIFIED: "1018",
  ACCOUNT_KIND_FORBIDDEN: "1023",
  LOGIN_FAILED: "1024",
  LOGIN_LOCKED: "1025",
  SIGN_IN_LINK_INVALID: "1026",
  SIGN_IN_LINK_EXPIRED: "1027",
  PASSWORD_ALREADY_SET: "1028",
  SESSION_NOT_FOUND: "1029",
  COMPANY_INFO_MISSING: "2001",
  PASSWORD_UNCHANGED: "2002",
  ACCOUNT_FETCH_FAILED: "3000",
  APP_DEACTIVATED: "3001",
  ACCOUNT_APPS_DEACTIVATED: "3002",
  APP_ACCESS_DENIED: "3003",
  APP_LIMIT_REACHED: "3004",
  APP_NAME_TAKEN: "3005",
  API_KEY_LIMIT_REACHED: "3006",
  CHANNEL_NOT_FOUND: "3007",
  INVITATION_CODE_REQUIRED: "3008",
  APP_FAULT: "3009",
  APP_FAULT_2: "3010",
  APP_FAULT_3: "3011",
  MESSAGE_EMPTY: "3012",
  MESSAGE_TOO_LONG: "3013",
  MESSAGE_QUOTA_EXCEEDED: "3014",
  API_KEY_NOT_FOUND: "3015",
  ANONYMOUS_LOGIN_DISABLED: "3016",
  CHAT_USER_DEACTIVATED: "3017",
  CHAT_USER_NOT_FOUND: "3018",
  CHAT_USER_EXISTS: "3019",
  NOT_CHANNEL_MEMBER: "3020",
  CHANNEL_FROZEN: "3021",
  USER_MUTED: "3022",
  USER_BANNED: "3023",
  CHANNEL_FULL: "3024",
  NOT_CHANNEL_OWNER: "3025",
  MESSAGE_NOT_FOUND: "3026",
  CHAT_TOKEN_INVALID: "3027",
  CHAT_AUTH_REQUIRED: "3028",
  UNBAN_BEFORE_ADD: "3029",
  FILE_TOO_LARGE: "3030",
  CHANNEL_INVITE_ONLY: "3031",
  INVITATION_CODE_WRONG: "3032",
  ONLY_SENDER_DELETES: "3033",
  FILE_NOT_FOUND: "3034",
  PROFANITY_BLOCKED: "3035",
  TRANSLATION_KEY_INVALID: "3036",
  TRANSLATION_DISABLED: "3037",
  TRANSLATION_FAILED: "3038",
  FCM_CREDENTIAL_INVALID: "3039",
  PUSH_NOT_CONFIGURED: "3040",
  NO_PUSH_DEVICE: "3041",
  PUSH_DEVICE_NOT_FOUND: "3042",
  WEBHOOK_ADDRESS_PRIVATE: "3043",
  WEBHOOK_TEST_FAILED: "3044",
  WEBHOOK_URL_MISSING: "3045",
  WEBHOOK_DELIVERY_NOT_FOUND: "3046",
  WEBHOOK_HOST_UNRESOLVED: "3047",
  BRAND_NAME_TAKEN: "3048",
  BRAND_IMAGE_INVALID: "3049",
  BRAND_NOT_FOUND: "3050",
  BRAND_SEND_PENDING: "3051",
  BRAND_COVER_NOT_FOUND: "3052",
  NO_BRAND_IN_USE: "3053",
  CAMPAIGN_BRAND_NOT_IN_USE: "3054",
  RECIPIENT_CSV_INVALID: "3055",
  CAMPAIGN_NOT_FOUND: "3056",
  CAMPAIGN_STATUS_CONFLICT: "3057",
  SCHEDULE_IN_PAST: "3058",
  CAMPAIGN_NOT_READY: "3059",
  SUB_ACCOUNT_LIMIT_REACHED: "3060",
  SUB_ACCOUNT_NOT_FOUND: "3061",
  USER_ID_NOT_ANONYMOUS: "3062",
  TOKEN_URI_PRIVATE: "3063",
  TRANSLATION_KEY_MISSING: "3064",
  RECIPIENT_CSV_HEADER_INVALID: "3065",
  REACTION_LIMIT_REACHED: "3066",
  ONLY_SENDER_EDITS: "3067",
  NESTED_REPLY: "3068",
  CUSTOM_TYPE_MISMATCH: "3069",
  EDIT_UNCHANGED: "3070",
  PIN_LIMIT_REACHED: "3080",
  DISTINCT_NOT_ALLOWED: "3081",
  MESSAGE_NOT_PINNED: "3082",
  USER_NOT_BLOCKED: "3083",
  SELF_BLOCK: "3084",
  BLOCK_LIMIT_REACHED: "3085",
  BLOCKED_BY_USER: "3086",
  CALL_NOT_FOUND: "3090",
  CALL_BUSY: "3091",
  SELF_CALL: "3092",
  CALL_BLOCKED: "3093",
  CALLEE_DEACTIVATED: "3094",
  CALL_STATE_CONFLICT: "3095",
  WRONG_CALL_PARTY: "3096",
  CALL_SIGNAL_TOO_LARGE: "3097",
  TURN_SECRET_MISSING: "3098",
  SEARCH_QUERY_TOO_SHORT: "3100",
  SEARCH_QUERY_TOO_LONG: "3101",
  NOT_REPORTABLE: "3110",
  REPORT_ALREADY_RESOLVED: "3111",
  REPORT_ACTION_MISMATCH: "3112",
  REPORT_NOT_FOUND: "3113",
  TOO_MANY_LIVE_TAILS: "3120",
  EXPORT_IN_PROGRESS: "3130",
  EXPORT_NOT_FOUND: "3131",
  EXPORT_EXPIRED: "3132",
  EXPORT_OWNER_ONLY: "3133",
  EXPORT_FAILED: "3134",
  EVENTS_CURSOR_EXPIRED: "3140",
  APNS_KEY_INVALID: "3150",
  APNS_KEY_MISSING: "3151",
  CHANNEL_ID_TAKEN: "3160",
  IMPORT_NOT_FOUND: "3170",
  IMPORT_STATE_CONFLICT: "3171",
  IMPORT_FILE_INVALID: "3172",
  IMPORT_SOURCE_REFUSED: "3173",
  IMPORT_IN_PROGRESS: "3174",
  IMPORT_FAILED: "3175",
  IMPORT_OWNER_ONLY: "3176",
  SIGNED_TOKEN_INVALID: "3180",
  SIGNED_TOKEN_EXPIRED: "3181",
  SIGNED_TOKEN_CLAIMS_INVALID: "3182",
  SIGNED_TOKEN_OTHER_APP: "3183",
  SIGNED_TOKEN_REVOKED: "3184",
  SIGNING_SECRET_MISSING: "3185",
  SIGNING_SECRET_NOT_FOUND: "3186",
  REVOCATION_TIME_IN_FUTURE: "3187",
  MODERATION_RULE_MUTED: "3188",
  MODERATION_RULE_BANNED: "3189",
  WEBHOOK_EVENT_NOT_FOUND: "3190",
  TOO_MANY_API_KEY_STREAMS: "3191",
  MODERATION_RULE_BLOCKED: "3192",
  MODERATION_RULE_LIMIT_REACHED: "3193",
  MODERATION_RULE_NOT_FOUND: "3194",
  MODERATION_RULE_NAME_TAKEN: "3195",
  MODERATION_RULES_ORDER_MISMATCH: "3196",
  PERMISSION_DENIED: "3197",
  ROLE_NOT_FOUND: "3198",
  ROLE_NAME_TAKEN: "3199",
  ROLE_LIMIT_REACHED: "3200",
  ROLE_BUILT_IN: "3201",
  SLOW_MODE_ACTIVE: "3206",
  OPEN_CHANNEL_REFUSED: "3207",
  ONLY_SENDER_REMOVES_LINK_PREVIEW: "3250",
  FILE_TYPE_MISMATCH: "3251",
  IMAGE_TOO_MANY_PIXELS: "3252",
  IMAGE_UNREADABLE: "3253",
  FILE_NOT_READY: "3254",
  VOICE_NOT_AUDIO: "3255",
  VOICE_TOO_LONG: "3256",
  RECEIPTS_NOT_IN_OPEN_CHANNEL: "3240",
  TIME_ZONE_UNKNOWN: "3241",
  PUSH_PREFERENCES_NOT_OWN: "3242",
  SCHEDULED_TIME_OUT_OF_RANGE: "3230",
  SCHEDULED_MESSAGE_NOT_FOUND: "3231",
  SCHEDULED_MESSAGE_NOT_WAITING: "3232",
  SCHEDULED_MESSAGES_LIMIT: "3233",
  POLL_NOT_FOUND: "3220",
  POLL_CLOSED: "3221",
  POLL_OPTION_UNKNOWN: "3222",
  POLL_CHOICE_INVALID: "3223",
  POLL_ANONYMOUS: "3224",
  POLL_CLOSE_DENIED: "3225",
  POLL_CLOSES_AT_INVALID: "3226",
  POLL_OPTIONS_DUPLICATE: "3227",
  NO_ACTIVE_PLAN: "4000",
  SAME_PLAN: "4001",
  PLAN_FAULT: "4002",
  PLAN_FAULT_2: "4003",
  PLAN_FAULT_3: "4004",
  TRIAL_UNAVAILABLE: "4005",
  CARD_INVALID: "5000",
  PAYMENT_FAILED: "5001",
  INVOICE_UNPAID: "5002",
  PAYMENT_OVERDUE: "5003",
  CARD_REQUIRED: "5004",
  CARD_IN_USE: "5005",
  INVOICE_STATUS_CONFLICT: "5006",
  ACCOUNT_NOT_FOUND: "9000",
  MARKETPLACE_EMAIL_TAKEN: "9001",
  MARKETPLACE_ACCOUNT_EXISTS: "9002",
  MARKETPLACE_TOKEN_INVALID: "9003",
  NOTICE_NOT_FOUND: "9004",
} as const satisfies Record<string, ErrorCode>;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** Extra facts some errors carry, e.g. the failed-login count of 1024. */
export interface ErrorData {
  failedLoginCount?: number;
  maxFailedLogins?: number;
  fields?: { path: string; message: string }[];
  reason?: string;
  /** 3197 (and 3025, 3033, 3067 when a role refused): the permission the caller's roles do not grant. */
  permission?: string;
  /** 3188, 3189, 3192: the moderation rule that refused the message. */
  rule?: { id: string; name: string };
  /**
   * 3057: the status the bulk message has now; 5006: the status the invoice has now; 3232: the scheduled message's.
   */
  status?: string;
  /** 3059: what the bulk message still needs before it can be sent; 2001: the company fields still empty. */
  missing?: string[];
  /** 005: seconds until the caller's next request (or WebSocket frame) is admitted; 3206: until their next message. */
  retryAfterSeconds?: number;
  /**
   * 3140: the app's newest event id now, to continue from once the channels are loaded again (a cursor at it is
   * never expired).
   */
  lastEventId?: string;
  /** 3230: the soonest and the latest a message may be scheduled for now (ISO 8601). */
  earliest?: string;
  latest?: string;
  /** 3140: how long the server keeps events, in seconds. */
  retentionSeconds?: number;
  /** 3018 for an item of a bulk call: the user IDs it names that the app has no user of. */
  userIds?: string[];
  /** 002 from the health check: which dependency answered. */
  database?: "ok" | "down";
  redis?: "ok" | "down" | "none";
}

/** The body of every non-2xx response. */
export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  data?: ErrorData;
}
