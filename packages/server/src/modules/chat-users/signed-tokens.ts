import { createHmac, timingSafeEqual } from "node:crypto";
import {
  Errors,
  LOGIN_TOKEN_TTL_MAX_SECONDS,
  SIGNED_TOKEN_ALG,
  SIGNED_TOKEN_CLOCK_SKEW_SECONDS,
  zNickname,
  zOptionalHttpUrl,
} from "@parley/contract";
import { AppError } from "../../errors";

/** A JWS compact token as it arrived: its header decoded, its payload and signature not yet trusted. */
export interface SignedToken {
  header: Record<string, unknown>;
  signingInput: string;
  payload: string;
  signature: string;
}

/** What a verified token says about its user. */
export interface SignedTokenClaims {
  userId: string;
  /** `iat`, in milliseconds, to compare with revocation times. */
  issuedAt: number;
  nickname?: string;
  profileImageUrl?: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** HMAC-SHA256 is 32 bytes: 43 base64url characters without padding. */
const SIGNATURE_BYTES = 32;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The token as a JWS when it has that shape (three base64url parts, the first a JSON object), or null: then it is an
 * opaque token from the token API, whose alphabet never holds a dot, and is checked as one.
 */
export function parseSignedToken(token: string): SignedToken | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header = "", payload = "", signature = ""] = parts;
  if (!BASE64URL.test(header)) return null;
  const decoded = decodeJson(header);
  if (!isObject(decoded)) return null;
  return { header: decoded, signingInput: `${header}.${payload}`, payload, signature };
}

/**
 * The key id the header names, once the header is one this server verifies. Only HS256 is accepted, by exact name:
 * `none` would skip the signature, and any other algorithm (RS256 above all) would let a token choose how the secret
 * is used, the confusion that forges tokens with a public key as the HMAC key. A `crit` header asks for extensions
 * this server does not know, so it refuses rather than ignores them.
 */
export function keyIdOf(token: SignedToken): string {
  const { alg, typ, kid, crit } = token.header;
  if (alg !== SIGNED_TOKEN_ALG) throw new AppError(Errors.SIGNED_TOKEN_INVALID);
  if (typ !== undefined && typ !== "JWT") throw new AppError(Errors.SIGNED_TOKEN_INVALID);
  if (crit !== undefined) throw new AppError(Errors.SIGNED_TOKEN_INVALID);
  if (typeof kid !== "string" || kid.length === 0) throw new AppError(Errors.SIGNED_TOKEN_INVALID);
  return kid;
}

/** Whether `secret` (its UTF-8 bytes are the HMAC key, as a JWT library takes a string secret) signed the token. */
export function hasValidSignature(token: SignedToken, secret: string): boolean {
  if (!BASE64URL.test(token.signature) || !BASE64URL.test(token.payload)) return false;
  const given = Buffer.from(token.signature, "base64url");
  if (given.length !== SIGNATURE_BYTES) return false;
  const expected = createHmac("sha256", secret).update(token.signingInput).digest();
  return timingSafeEqual(given, expected);
}

const isSeconds = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The claims of a token whose signature has been verified, checked against the login that carries it: for this app
 * (`aud`), for this user (`sub`), within its lifetime at `now` give or take the clock skew, and no longer lived than
 * an opaque token may be.
 */
export function checkedClaims(token: SignedToken, login: { appId: string; userId: string }, now: Date) {
  const claims = decodeJson(token.payload);
  if (!isObject(claims)) throw new AppError(Errors.SIGNED_TOKEN_CLAIMS_INVALID);
  const { sub, aud, iat, exp, nbf, nickname, profileImageUrl } = claims;
  if (typeof sub !== "string" || typeof aud !== "string" || !isSeconds(iat) || !isSeconds(exp)) {
    throw new AppError(Errors.SIGNED_TOKEN_CLAIMS_INVALID);
  }
  if (nbf !== undefined && !isSeconds(nbf)) throw new AppError(Errors.SIGNED_TOKEN_CLAIMS_INVALID);
  if (aud !== login.appId) throw new AppError(Errors.SIGNED_TOKEN_OTHER_APP);
  if (sub !== login.userId) throw new AppError(Errors.SIGNED_TOKEN_CLAIMS_INVALID);
  if (exp <= iat || exp - iat > LOGIN_TOKEN_TTL_MAX_SECONDS) throw new AppError(Errors.SIGNED_TOKEN_CLAIMS_INVALID);
  const seconds = now.getTime() / 1000;
  const skew = SIGNED_TOKEN_CLOCK_SKEW_SECONDS;
  if (exp + skew <= seconds || iat - skew > seconds || (nbf !== undefined && nbf - skew > seconds)) {
    throw new AppError(Errors.SIGNED_TOKEN_EXPIRED);
  }
  const profile = {
    nickname: nickname === undefined ? undefined : zNickname.safeParse(nickname),
    profileImageUrl: profileImageUrl === undefined ? undefined : zOptionalHttpUrl.safeParse(profileImageUrl),
  };
  if (profile.nickname?.success === false || profile.profileImageUrl?.success === false) {
    throw new AppError(Errors.SIGNED_TOKEN_CLAIMS_INVALID);
  }
  const result: SignedTokenClaims = { userId: sub, issuedAt: iat * 1000 };
  if (profile.nickname?.data !== undefined) result.nickname = profile.nickname.data;
  if (profile.profileImageUrl?.data !== undefined) result.profileImageUrl = profile.profileImageUrl.data;
  return result;
}
