/** Business constants of the product; one source for the server rules, the forms and the copy. */
export const LANGUAGES = ["ko", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ko";

export const CURRENCY_BY_LANGUAGE = { ko: "KRW", en: "USD" } as const;
export type Currency = (typeof CURRENCY_BY_LANGUAGE)[Language];

export const SNACKBAR_MS = 5000;
export const NOTICE_BAR_HEIGHT_PX = 44;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const FREE_TRIAL_DAYS = 30;
export const TRIAL_MONTHLY_MESSAGES = 150_000;
export const MAX_APPS_PER_ACCOUNT = 10;

export const MAX_FAILED_LOGINS = 5;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const UNVERIFIED_ACCOUNT_TTL_DAYS = 7;
export const PASSWORD_MAX_AGE_DAYS = 30;
export const PASSWORD_NOTICE_SNOOZE_DAYS = 30;
/** A session not used for this long stops working. */
export const SESSION_IDLE_TTL_DAYS = 30;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const CONTACT_DESCRIPTION_MAX = 1000;
export const TAG_MAX_LENGTH = 10;
export const TAGS_MAX = 10;
export const INVITE_CODE_MAX = 24;
export const MUTE_MAX_MINUTES = 1440;
export const SUBCHANNEL_MIN_MEMBERS = 500;
export const SUBCHANNEL_MAX_MEMBERS = 3000;
export const REGULAR_CHANNEL_MEMBER_LIMIT = 100;
/**
 * The members an open channel holds at most: a live event's audience. Its messages move no member's unread counts
 * and push no one but the mentioned, so a member costs a send nothing and the limit only guards the fan-out.
 */
export const OPEN_CHANNEL_MEMBER_LIMIT = 100_000;
export const MAX_INVITES_AT_ONCE = 100;
/**
 * Users one chat user may block at most (3085 beyond). Every history page and catch-up the user reads leaves out
 * the senders on their list, so the list stays small enough to read whole each time.
 */
export const BLOCKED_USERS_MAX = 1000;
export const FILE_MAX_BYTES = 15 * 1024 * 1024;
/**
 * The longest name a chat upload keeps, in UTF-16 code units. The name is a path segment of the file's download
 * URL, and the router refuses a segment longer than 100 (find-my-way's `maxParamLength`), so a longer name would
 * be stored but never downloadable.
 */
export const FILE_NAME_MAX = 100;
export const MESSAGE_METADATA_MAX = 5;
/** Requests a second per chat user (chat API) or per account (dashboard API); spec section 9. */
export const RATE_LIMIT_PER_SECOND = 20;
/**
 * Requests a second per app for its server's calls with an API key: an app server creates users and channels for
 * all its users, so it is not held to one phone's budget.
 */
export const RATE_LIMIT_SERVER_PER_SECOND = 200;
export const BRAND_IMAGE_MAX_BYTES = 300 * 1024;
export const BRAND_DESCRIPTION_MAX = 30;
/** A bulk message report shows the reads of this many days from the send. */
export const CAMPAIGN_REPORT_DAYS = 15;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** PostgreSQL's `integer` ceiling: a larger number in a request is refused by validation, not by the database. */
export const INT_MAX = 2_147_483_647;
/** PostgreSQL's `bigint` ceiling, for event ids and other bigint cursors. */
export const BIGINT_MAX = 9_223_372_036_854_775_807n;
