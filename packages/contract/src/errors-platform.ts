/**
 * The catalogue's 3000s: apps, their chat users and channels, messages and the chat platform's features. Spread into
 * `errorCatalogue` (errors.ts), which is what every caller reads.
 */
export const platformErrorCatalogue = {
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
} as const satisfies Record<string, { status: number; description: string }>;
