/**
 * Login tokens an app signs itself: a JWT (JWS compact, HS256) with the user ID and an expiry, signed with a secret
 * the dashboard shows once, so that a user's login needs no call from the app's server to Parley. Also the
 * revocation of login tokens "issued before T", per app and per user, which both kinds of login token obey.
 */
import { z } from "zod";
import { zAppIdParams } from "./apps";

/** Prefix of a signing secret; the rest is base64url of {@link SIGNING_SECRET_BYTES} random bytes. */
export const SIGNING_SECRET_PREFIX = "pls_";
export const SIGNING_SECRET_BYTES = 32;
/** The only algorithm a signed login token may name in its header. */
export const SIGNED_TOKEN_ALG = "HS256";
/** How far a token's exp, iat and nbf may be off the server's clock, for clocks that drift. */
export const SIGNED_TOKEN_CLOCK_SKEW_SECONDS = 60;
/** How long the previous secret keeps verifying after a rotation unless the rotation says otherwise. */
export const SIGNING_SECRET_OVERLAP_DEFAULT_SECONDS = 24 * 60 * 60;
export const SIGNING_SECRET_OVERLAP_MAX_SECONDS = 7 * 24 * 60 * 60;

/** A signing secret as the dashboard lists it: never the secret itself. */
export const zSigningSecret = z.object({
  /** The `kid` a token's header names. */
  id: z.string(),
  createdAt: z.string(),
  /** When a rotated-out secret stops verifying; null for the current one. */
  expiresAt: z.string().nullable(),
});
export type TSigningSecret = z.infer<typeof zSigningSecret>;
export const zSigningSecretsResponse = z.object({ secrets: z.array(zSigningSecret) });
export type TSigningSecretsResponse = z.infer<typeof zSigningSecretsResponse>;

/**
 * Creates the app's first signing secret, or rotates: a new current secret, the previous one verifying for
 * `overlapSeconds` more (0 ends it at once). A secret rotated out earlier and still verifying stops at once.
 */
export const zCreateSigningSecretRequest = z.object({
  overlapSeconds: z
    .number()
    .int()
    .min(0)
    .max(SIGNING_SECRET_OVERLAP_MAX_SECONDS)
    .default(SIGNING_SECRET_OVERLAP_DEFAULT_SECONDS),
});
export type TCreateSigningSecretRequest = z.input<typeof zCreateSigningSecretRequest>;
/** The new secret in full: shown this once, never again. */
export const zCreateSigningSecretResponse = z.object({
  secret: zSigningSecret,
  value: z.string(),
  secrets: z.array(zSigningSecret),
});
export type TCreateSigningSecretResponse = z.infer<typeof zCreateSigningSecretResponse>;
export const zSigningSecretParams = zAppIdParams.extend({ secretId: z.string().min(1).max(64) });

/** Refuses login tokens issued before `issuedBefore` (now when left out) and ends the sessions started before it. */
export const zRevokeTokensRequest = z.object({ issuedBefore: z.iso.datetime({ offset: true }).optional() });
export type TRevokeTokensRequest = z.infer<typeof zRevokeTokensRequest>;
/** The instant stored: tokens issued before it are refused from now on. */
export const zRevokeTokensResponse = z.object({ issuedBefore: z.string() });
export type TRevokeTokensResponse = z.infer<typeof zRevokeTokensResponse>;
