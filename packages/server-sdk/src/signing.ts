import { createHmac } from "node:crypto";
import { LOGIN_TOKEN_TTL_DEFAULT_SECONDS, LOGIN_TOKEN_TTL_MAX_SECONDS } from "@parley/contract/client";

/** The app's login-token signing secret, as the dashboard shows it once: its ID (the token's `kid`) and value. */
export interface SigningKey {
  /** The secret's ID, which the token's header names as `kid` so the server knows which secret to check with. */
  keyId: string;
  /** The secret, `pls_…`. */
  secret: string;
}

/** What a locally signed login token says besides whom and which app it is for. */
export interface SignLoginTokenOptions {
  /** How long the token may be used to log in: default 7 days, at most 30 days. */
  expiresInSeconds?: number;
  /** The nickname of a user made on their first login with this token. */
  nickname?: string;
  /** The profile image of a user made on their first login with this token. */
  profileImageUrl?: string;
  /** The signing time; the current time unless given. */
  now?: Date;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/**
 * A login token signed on the app's own server, with no call to Parley: a JWT (JWS compact, HS256) whose header
 * names the secret (`kid`) and whose claims are the user (`sub`), the app (`aud`), when it was signed (`iat`) and
 * until when it may be used (`exp`), and, for a user made on first login, `nickname` and `profileImageUrl`. The
 * secret's whole string, prefix included, is the HMAC key. The end user logs in with it as with a token the API
 * issues (`POST /v1/auth/login` with the app ID, the user ID and the token).
 */
export function signLoginToken(
  key: SigningKey,
  appId: string,
  userId: string,
  options: SignLoginTokenOptions = {},
): string {
  const lifetime = options.expiresInSeconds ?? LOGIN_TOKEN_TTL_DEFAULT_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > LOGIN_TOKEN_TTL_MAX_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${LOGIN_TOKEN_TTL_MAX_SECONDS}`);
  }
  if (!key.keyId || !key.secret) throw new TypeError("the signing key needs keyId and secret");
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const header = { alg: "HS256", typ: "JWT", kid: key.keyId };
  const claims = {
    sub: userId,
    aud: appId,
    iat,
    exp: iat + lifetime,
    ...(options.nickname === undefined ? {} : { nickname: options.nickname }),
    ...(options.profileImageUrl === undefined ? {} : { profileImageUrl: options.profileImageUrl }),
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createHmac("sha256", Buffer.from(key.secret, "utf8")).update(signingInput).digest("base64url");
  return `${signingInput}.${signature}`;
}
