import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config";

/**
 * Secrets the server must read back (the apps' login-token signing secrets) are kept in the database sealed with
 * AES-256-GCM under a server key, so a copy of the database or a backup alone does not give them away. A sealed
 * value is `enc:v1:<key id>:<base64 of iv, tag and ciphertext>`; the key id (the first 8 hex digits of the key's
 * SHA-256) says which key sealed it, so a wrong key is named at start-up instead of failing each login. A value
 * without the prefix was stored before sealing existed and is read as it is until it is sealed again.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain value; throws when it was sealed under a key this server does not have, or was altered. */
  open(stored: string): string;
  /** Whether the value is sealed under the current key, so nothing is left to do for it. */
  isCurrent(stored: string): boolean;
  /** The prefix of every value sealed under the current key. */
  currentPrefix: string;
}

const PREFIX = "enc:v1:";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Created in DATA_DIR when SECRETS_KEY is unset, so a first start needs no setting. */
export const SECRETS_KEY_FILE = "secrets.key";

const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

export function createSecretBox(key: Buffer, previous: Buffer | null = null): SecretBox {
  const currentId = keyIdOf(key);
  const keys = new Map<string, Buffer>([[currentId, key]]);
  if (previous) keys.set(keyIdOf(previous), previous);
  const currentPrefix = `${PREFIX}${currentId}:`;
  return {
    currentPrefix,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${currentPrefix}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [keyId = "", body = ""] = stored.slice(PREFIX.length).split(":", 2);
      const sealingKey = keys.get(keyId);
      if (!sealingKey) {
        throw new ConfigError(
          `A stored secret was sealed with key ${keyId}, which is neither SECRETS_KEY (${currentId}) nor SECRETS_KEY_PREVIOUS: set the key it was sealed with, as SECRETS_KEY or SECRETS_KEY_PREVIOUS`,
        );
      }
      const bytes = Buffer.from(body, "base64");
      const decipher = createDecipheriv("aes-256-gcm", sealingKey, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
    isCurrent: (stored) => stored.startsWith(currentPrefix),
  };
}

/** The base64 of 32 bytes, as `openssl rand -base64 32` prints it; null for anything else. */
export function decodeSecretsKey(value: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const key = Buffer.from(value, "base64");
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The server's box: SECRETS_KEY (and SECRETS_KEY_PREVIOUS while values sealed under it remain), or else the key in
 * `DATA_DIR/secrets.key`, created once with permissions 0600. Every process of one installation must use the same
 * key: a second server on its own DATA_DIR needs SECRETS_KEY set, or it could not open what the first sealed.
 */
export function openSecretBox(options: {
  dataDir: string;
  secretsKey: string | undefined;
  secretsKeyPrevious: string | undefined;
}): SecretBox {
  const previous = options.secretsKeyPrevious ? decodeSecretsKey(options.secretsKeyPrevious) : null;
  if (options.secretsKey) {
    const key = decodeSecretsKey(options.secretsKey);
    if (!key) throw new ConfigError("Invalid configuration:\n  SECRETS_KEY: must be the base64 of 32 bytes");
    return createSecretBox(key, previous);
  }
  const file = path.join(options.dataDir, SECRETS_KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const key = decodeSecretsKey(fs.readFileSync(file, "utf8").trim());
  if (!key) throw new ConfigError(`${file} does not hold the base64 of 32 bytes; restore it or set SECRETS_KEY`);
  return createSecretBox(key, previous);
}
