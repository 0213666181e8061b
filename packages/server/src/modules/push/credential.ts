import { createPrivateKey } from "node:crypto";
import { Errors, type TFcmKey, type TFcmKeyRequest } from "@parley/contract";
import { AppError } from "../../errors";
import type { StoredFcmCredential } from "./schema";

/** What a service-account file must hold for the JWT-bearer grant; Google's files hold more, which is ignored. */
interface ServiceAccountFile {
  type?: unknown;
  project_id?: unknown;
  client_email?: unknown;
  private_key?: unknown;
  token_uri?: unknown;
}

const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Checks an FCM credential as far as can be done without calling Google, and returns what is stored. A legacy
 * key goes into an HTTP header, so only visible ASCII is accepted; a service account's private key must load as
 * an RSA key, since RS256 is what Google's token endpoint verifies. Anything else answers 3039.
 */
export function parseFcmCredential(input: TFcmKeyRequest): StoredFcmCredential {
  if (input.kind === "legacy") {
    if (!/^[\x21-\x7e]+$/.test(input.serverKey)) throw new AppError(Errors.FCM_CREDENTIAL_INVALID);
    return { kind: "legacy", secret: input.serverKey, clientEmail: null, projectId: null, tokenUri: null };
  }
  let file: ServiceAccountFile;
  try {
    file = JSON.parse(input.serviceAccountJson) as ServiceAccountFile;
  } catch {
    throw new AppError(Errors.FCM_CREDENTIAL_INVALID);
  }
  if (
    typeof file !== "object" ||
    file === null ||
    file.type !== "service_account" ||
    !nonEmpty(file.project_id) ||
    !nonEmpty(file.client_email) ||
    !file.client_email.includes("@") ||
    !nonEmpty(file.private_key) ||
    !nonEmpty(file.token_uri) ||
    !isHttpUrl(file.token_uri)
  ) {
    throw new AppError(Errors.FCM_CREDENTIAL_INVALID);
  }
  try {
    if (createPrivateKey(file.private_key).asymmetricKeyType !== "rsa")
      throw new AppError(Errors.FCM_CREDENTIAL_INVALID);
  } catch {
    throw new AppError(Errors.FCM_CREDENTIAL_INVALID);
  }
  return {
    kind: "serviceAccount",
    secret: file.private_key,
    clientEmail: file.client_email.trim(),
    projectId: file.project_id.trim(),
    tokenUri: file.token_uri.trim(),
  };
}

/** The credential as the dashboard sees it: enough to recognise it, nothing that would let anyone use it. */
export function toFcmKey(credential: StoredFcmCredential, createdAt: Date): TFcmKey {
  return {
    kind: credential.kind,
    hint: credential.kind === "legacy" ? `…${credential.secret.slice(-4)}` : (credential.clientEmail ?? ""),
    projectId: credential.projectId,
    createdAt: createdAt.toISOString(),
  };
}
