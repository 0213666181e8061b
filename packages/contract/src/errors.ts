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
  "3000": { status: 500, description: "The account could not be fetched." },
  "3001": { status: 403, description: "The app is deactivated." },
  "3002": { status: 403, description: "The apps of this account are deactivated." },
  "3003": { status: 403, description: "The caller may not access this app." },
  "3004": { status: 409, description: "An account may hold at most 10 apps." },
  "3005": { status: 409, description: "An app with this name already exists in the account." },
  "3006": { status: 409, description: "An app holds at most 20 API keys." },
  "3007": { status: 404, description: "Channel not found." },
  "3008": { status: 400, description: "This channel needs an invitation code." },
  "3009": { status: 500, description: "App service fault." },
  "3010": { status: 500, description: "App service fault." },
  "3011": { status: 500, description: "App service fault." },
  "3012": { status: 400, description: "The message is empty." },
  "3013": { status: 400, description: "The message is too long." },
  "3014": { status: 429, description: "The monthly message quota of the plan is used up." },
  "3015": { status: 404, description: "No such API key in this app." },
  "3016": { status: 403, description: "This app does not allow anonymous login." },
  "3017": { status: 403, description: "The chat user is deactivated." },
  "3018": { status: 404, description: "No such chat user in this app." },
  "3019": { status: 409, description: "A chat user with this id already exists." },
  "3020": { status: 403, description: "Only members of the channel may do this." },
  "3021": { status: 403, description: "The channel is frozen: only admin messages are accepted." },
  "3022": { status: 403, description: "The user is muted in this channel." },
  "3023": { status: 403, description: "The user is banned from this channel." },
  "3024": { status: 409, description: "The channel has reached its member limit." },
  "3025": { status: 403, description: "Only the channel owner may do this." },
  "3026": { status: 404, description: "No such message in this channel." },
  "3027": { status: 401, description: "The chat login token is not valid or has expired." },
  "3028": { status: 401, description: "No valid API key or chat session." },
  "3029": { status: 409, description: "A banned user must be unbanned before being added." },
  "3030": { status: 413, description: "The file is larger than 15 MB." },
  "3031": { status: 403, description: "This channel is by invitation only." },
  "3032": { status: 403, description: "The invitation code does not match." },
  "3033": { status: 403, description: "Only the sender may delete this message." },
  "3034": { status: 404, description: "The file does not exist or has expired." },
  "3035": { status: 400, description: "The message was refused by the app's profanity filter (method block)." },
  "3036": { status: 400, description: "The translation service did not accept this key (invalid service key)." },
  "3037": { status: 403, description: "Translation is not enabled for this app, or it has no key." },
  "3038": { status: 502, description: "The translation service failed; try again." },
  "3039": { status: 400, description: "The FCM credential is not valid: a server key or a service-account JSON." },
  "3040": { status: 409, description: "The app has no push credential (FCM or APNs), or push is turned off." },
  "3041": { status: 404, description: "The user has no registered push device." },
  "3042": { status: 404, description: "No such push device for this user." },
  "3043": {
    status: 400,
    description: "The webhook URL resolves to a private, loopback, link-local or reserved address.",
  },
  "3044": { status: 502, description: "The webhook test send failed; the reason is in the message." },
  "3045": { status: 409, description: "The app has no webhook URL yet." },
  "3046": { status: 404, description: "No such webhook delivery in this app." },
  "3047": { status: 400, description: "The webhook URL's host name does not resolve to any address." },
  "3048": { status: 409, description: "A brand with this name is already registered in the app (any letter case)." },
  "3049": {
    status: 400,
    description:
      "The brand image is not a JPG or PNG by its content, or is larger than 300 KB; data.reason says which.",
  },
  "3050": { status: 404, description: "No such brand in this app." },
  "3051": {
    status: 409,
    description: "The brand has a message awaiting sending, so its usage status cannot change.",
  },
  "3052": { status: 404, description: "No such brand cover image in this app; upload it again." },
  "3053": { status: 409, description: "The app has no brand in use, so there is nothing to send a message as." },
  "3054": { status: 409, description: "The campaign's brand is not in use, so the campaign cannot be sent." },
  "3055": {
    status: 400,
    description:
      "The recipient CSV could not be read: empty, not UTF-8, too large or too many rows; data.reason says which.",
  },
  "3056": { status: 404, description: "No such bulk message in this app." },
  "3057": {
    status: 409,
    description: "The bulk message's status does not allow this; data.status is the status it has now.",
  },
  "3058": { status: 400, description: "The scheduled time must be later than now." },
  "3059": {
    status: 400,
    description: "The bulk message is not ready to send; data.missing lists what it still needs.",
  },
  "3060": { status: 409, description: "An app holds at most 20 sub-accounts." },
  "3061": { status: 404, description: "No such sub-account of this app." },
  "3062": {
    status: 409,
    description:
      "This user ID belongs to a user the app created (with its API key or the dashboard); anonymous login cannot take it over.",
  },
  "3063": {
    status: 400,
    description:
      "The service account's token_uri points to a private, loopback, link-local or reserved address, which Parley does not call; data.reason says which host.",
  },
  "3064": {
    status: 409,
    description: "Translation cannot be turned on before a Google Cloud API key is saved for the app.",
  },
  "3065": {
    status: 400,
    description:
      "The recipient CSV's first row is a header other than userId; data.reason is the header found. Use userId or no header.",
  },
  "3066": { status: 409, description: "The message already holds 20 different reactions; add one of those instead." },
  "3067": {
    status: 403,
    description: "Only the sender may edit this message; the app's server edits the app's own (admin) messages.",
  },
  "3068": { status: 400, description: "A reply cannot have replies: answer in the thread of its parent." },
  "3069": { status: 400, description: "A custom message needs a customType, and only a custom message takes one." },
  "3070": { status: 400, description: "An edit must change the text or the metadata." },
  "3080": { status: 409, description: "A channel holds at most 10 pinned messages; unpin one first." },
  "3081": {
    status: 400,
    description:
      "Only public, private and private_invite channels can be distinct; super groups and broadcast channels cannot.",
  },
  "3082": { status: 404, description: "The message is not pinned in this channel." },
  "3083": { status: 404, description: "The caller does not block this user." },
  "3084": { status: 400, description: "A user cannot block themselves." },
  "3085": {
    status: 409,
    description: "A user blocks at most 1,000 other users; unblock one before blocking another.",
  },
  "3086": {
    status: 403,
    description: "The other user blocks the caller, so the caller cannot make a distinct one-to-one channel with them.",
  },
  "3090": { status: 404, description: "No such call, or the caller is not one of its two parties." },
  "3091": {
    status: 409,
    description: "The caller or the callee is already in a ringing or accepted call; a user has one at a time.",
  },
  "3092": { status: 400, description: "A user cannot call themselves." },
  "3093": { status: 403, description: "The callee blocks the caller, so the caller cannot call them." },
  "3094": { status: 403, description: "The callee is deactivated and cannot be called." },
  "3095": {
    status: 409,
    description: "The call's state does not allow this move (see CALL_TRANSITIONS); data.status is its state now.",
  },
  "3096": {
    status: 403,
    description: "Only the callee accepts or declines a call, and only the caller cancels it while it rings.",
  },
  "3097": { status: 413, description: "A call signal's data is larger than 16 KB serialized." },
  "3098": { status: 400, description: "TURN URLs need a shared secret; give turnSecret with them." },
  "3100": {
    status: 400,
    description:
      "The search query is too short: it needs two neighbouring characters, or one Korean, Japanese or Chinese character.",
  },
  "3101": { status: 400, description: "The search query is longer than 100 characters." },
  "3110": {
    status: 400,
    description: "Not reportable: the caller's own message, the caller, or a message the app sent.",
  },
  "3111": { status: 409, description: "This report was already resolved." },
  "3112": {
    status: 400,
    description:
      "This action does not fit the report: deleting needs a reported message; muting and banning need the channel it was reported in; muting needs minutes.",
  },
  "3113": { status: 404, description: "No such report in this app." },
  "3120": {
    status: 429,
    description: "Too many live event tails open for this dashboard session on this server (5); close one first.",
  },
  "3130": { status: 409, description: "An export of the same data is already queued or running; wait for it to end." },
  "3131": { status: 404, description: "No such export in this app." },
  "3132": { status: 410, description: "This download link has expired or the archive was removed; export again." },
  "3133": { status: 403, description: "Only the account that owns the app can export its data." },
  "3134": { status: 500, description: "The export failed after several attempts; start it again." },
  "3140": {
    status: 410,
    description:
      "The event cursor is older than the events the server keeps; load the channels again and continue from the latest event id (data.lastEventId).",
  },
  "3150": {
    status: 400,
    description: "The APNs key is not valid: paste the contents of a .p8 file, an EC P-256 private key in PKCS#8 PEM.",
  },
  "3151": { status: 409, description: "The app has no APNs key; save one before sending a test through APNs." },
  "3160": {
    status: 409,
    description: "This channel ID is taken by a channel that is not the app's; choose another (a new UUID).",
  },
  "3170": { status: 404, description: "No such import in this app." },
  "3171": {
    status: 409,
    description:
      "The import is not in a state that allows this: start a ready one, pause a running one, resume a paused one.",
  },
  "3172": {
    status: 400,
    description:
      "The import's file cannot be read: not the source's format, a zip that is damaged or too large unpacked, or over the size limit.",
  },
  "3173": {
    status: 400,
    description: "The source refused the credentials or could not be reached; check the base URL, app ID and API key.",
  },
  "3174": {
    status: 409,
    description: "The app has an import that is not finished; start, wait for or cancel it first.",
  },
  "3175": { status: 500, description: "The import failed after several attempts; what it wrote stays, import again." },
  "3176": { status: 403, description: "Only the account that owns the app can import data into it." },
  "3180": {
    status: 401,
    description:
      "The app-signed login token is not valid: not a JWS of three parts, an algorithm other than HS256 (none included), a kid that is missing or not one of the app's live signing secrets, or a signature that does not match.",
  },
  "3181": {
    status: 401,
    description:
      "The app-signed login token is expired or not yet valid: exp has passed, or iat or nbf lies in the future, each by more than 60 seconds.",
  },
  "3182": {
    status: 401,
    description:
      "The app-signed login token's claims are not acceptable: sub, aud, iat or exp missing or of the wrong type, sub not the userId of the login, exp − iat longer than 30 days, or a nickname or profileImageUrl claim that is not a valid nickname or http(s) URL.",
  },
  "3183": {
    status: 401,
    description: "The app-signed login token was issued for another app: its aud is not the appId of the login.",
  },
  "3184": {
    status: 401,
    description:
      "The app-signed login token was issued (iat) before the time from which the app or this user's tokens are revoked.",
  },
  "3185": {
    status: 401,
    description:
      "The app has no signing secret for login tokens: create one in the dashboard, or log in with a token from the token API.",
  },
  "3186": { status: 404, description: "No such login-token signing secret in this app." },
  "3187": { status: 400, description: "issuedBefore may not be later than now." },
  "3190": {
    status: 404,
    description:
      "No event of this app has this ID: neither a chat event the server still keeps (a number) nor a webhook delivery (msg_…).",
  },
  "3191": {
    status: 429,
    description: "Too many webhook listeners and live tails open with this API key on this server (5); stop one first.",
  },
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
  WEBHOOK_EVENT_NOT_FOUND: "3190",
  TOO_MANY_API_KEY_STREAMS: "3191",
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
  /** 3057: the status the bulk message has now; 5006: the status the invoice has now. */
  status?: string;
  /** 3059: what the bulk message still needs before it can be sent; 2001: the company fields still empty. */
  missing?: string[];
  /** 005: seconds until the caller's next request (or WebSocket frame) is admitted. */
  retryAfterSeconds?: number;
  /**
   * 3140: the app's newest event id now, to continue from once the channels are loaded again (a cursor at it is
   * never expired).
   */
  lastEventId?: string;
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
