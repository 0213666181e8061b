/**
 * The body limit of every JSON route: ample for every request the contract defines, small enough that a hostile
 * body is refused (006) before it is read whole.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Routes whose bodies may legitimately be larger: message text (up to 4× the text limit is read so that an
 * over-long message answers 3013 rather than 006), the profanity word lists and FCM service-account files.
 */
export const LARGE_BODY_LIMIT_BYTES = 256 * 1024;

/** Fields that hold secrets wherever they appear in a logged object. */
export const SECRET_LOG_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
  "*.sessionToken",
  "*.secret",
  "*.apiKey",
  "*.serverKey",
  "*.serviceAccountJson",
  "*.signingSecret",
];
