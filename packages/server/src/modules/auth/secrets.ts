import { createHash, randomBytes } from "node:crypto";
import argon2 from "argon2";

/** OWASP's argon2id recommendation: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/**
 * `hashPassword` that hashes each password once and hands every later call the same hash: for making many accounts
 * with one password (the test factories, the testing endpoint), where argon2's cost is on purpose and spent for
 * nothing. Logging in with the password still works, as a salted hash verifies whichever account holds it.
 */
export function hashingOncePerPassword(): (password: string) => Promise<string> {
  const hashes = new Map<string, Promise<string>>();
  return (password) => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashes.set(password, hash);
    }
    return hash;
  };
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** 256 random bits, URL-safe. Used for session tokens and mailed codes. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as this hash, so a database leak does not hand out sessions. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
