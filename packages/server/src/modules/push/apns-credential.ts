import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { Errors, type TApnsKey, type TApnsKeyRequest } from "@parley/contract";
import { AppError } from "../../errors";
import type { StoredApnsCredential } from "./schema";

/** `ssh-keygen -l` style: `SHA256:` and the unpadded base64 SHA-256 of the public key's SPKI DER. */
function fingerprintOf(key: KeyObject): string {
  const der = createPublicKey(key).export({ type: "spki", format: "der" });
  return `SHA256:${createHash("sha256").update(der).digest("base64").replace(/=+$/, "")}`;
}

/**
 * Checks an APNs key as far as can be done without calling Apple, and returns what is stored. Apple's `.p8` files
 * are PKCS#8 PEM; the key must load as an EC key on P-256, the only curve ES256 signs with, or it answers 3150.
 * The key ID, team ID and bundle ID are the contract's to check; Apple alone knows whether they belong together.
 */
export function parseApnsCredential(input: TApnsKeyRequest): StoredApnsCredential {
  // A PEM only: `createPrivateKey` would also take DER or a JWK, which no `.p8` file holds.
  if (!input.privateKey.includes("-----BEGIN PRIVATE KEY-----")) throw new AppError(Errors.APNS_KEY_INVALID);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: input.privateKey, format: "pem" });
  } catch {
    throw new AppError(Errors.APNS_KEY_INVALID);
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    throw new AppError(Errors.APNS_KEY_INVALID);
  }
  return {
    privateKey: key.export({ type: "pkcs8", format: "pem" }).toString(),
    keyId: input.keyId,
    teamId: input.teamId,
    bundleId: input.bundleId,
    environment: input.environment,
    fingerprint: fingerprintOf(key),
  };
}

/** The key as the dashboard sees it: enough to recognise it, nothing that would let anyone use it. */
export function toApnsKey(credential: StoredApnsCredential, createdAt: Date): TApnsKey {
  return {
    keyId: credential.keyId,
    teamId: credential.teamId,
    bundleId: credential.bundleId,
    environment: credential.environment,
    fingerprint: credential.fingerprint,
    createdAt: createdAt.toISOString(),
  };
}
