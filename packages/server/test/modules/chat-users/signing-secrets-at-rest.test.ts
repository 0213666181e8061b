import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/config";
import { loginSigningSecrets } from "../../../src/db/schema";
import { createSecretBox, SECRETS_KEY_FILE } from "../../../src/integrations/secret-box";
import { v1 } from "../../chat-client";
import { createChatApp, createLoginSigningSecret } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A login token as an app's server signs it: HS256 with the secret's kid. */
function sign(secret: { kid: string; value: string }, appId: string, userId: string) {
  const iat = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ sub: userId, aud: appId, iat, exp: iat + 3600 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: secret.kid })
    .sign(new TextEncoder().encode(secret.value));
}

const login = (appId: string, userId: string, token: string) =>
  v1(t.server).post("/auth/login", { appId, userId, token });

async function storedSecret(kid: string): Promise<string> {
  const [row] = await t.ctx.database.db.select().from(loginSigningSecrets).where(eq(loginSigningSecrets.id, kid));
  if (!row) throw new Error(`no secret ${kid}`);
  return row.secret;
}

describe("login signing secrets at rest", () => {
  it("stores the secret sealed, with none of its bytes in the column, and a token signed with it logs in", async () => {
    const app = await createChatApp(t);
    const secret = await createLoginSigningSecret(t, app.appId);
    const stored = await storedSecret(secret.kid);
    expect(stored).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(stored).not.toContain(secret.value);
    expect(Buffer.from(stored.split(":")[3] ?? "", "base64").includes(Buffer.from(secret.value))).toBe(false);
    expect((await login(app.appId, "kim", await sign(secret, app.appId, "kim"))).status).toBe(200);
  });

  it("creates the key file once in DATA_DIR, readable by the server's user alone", async () => {
    const file = path.join(t.dataDir, SECRETS_KEY_FILE);
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(Buffer.from((await fs.readFile(file, "utf8")).trim(), "base64")).toHaveLength(32);
  });

  it("keeps a secret stored in plain text before working, and seals it at the next start", async () => {
    const app = await createChatApp(t);
    const secret = await createLoginSigningSecret(t, app.appId);
    await t.ctx.database.db
      .update(loginSigningSecrets)
      .set({ secret: secret.value })
      .where(eq(loginSigningSecrets.id, secret.kid));
    expect((await login(app.appId, "lee", await sign(secret, app.appId, "lee"))).status).toBe(200);
    expect(await t.services.chatUsers.signing.sealStoredSecrets()).toBe(1);
    expect(await storedSecret(secret.kid)).toMatch(/^enc:v1:/);
    expect((await login(app.appId, "park", await sign(secret, app.appId, "park"))).status).toBe(200);
    expect(await t.services.chatUsers.signing.sealStoredSecrets()).toBe(0);
  });

  it("refuses at start-up a secret sealed under another key, naming SECRETS_KEY", async () => {
    const app = await createChatApp(t);
    const secret = await createLoginSigningSecret(t, app.appId);
    const otherKey = createSecretBox(randomBytes(32));
    await t.ctx.database.db
      .update(loginSigningSecrets)
      .set({ secret: otherKey.seal(secret.value) })
      .where(eq(loginSigningSecrets.id, secret.kid));
    const refused = await t.services.chatUsers.signing.sealStoredSecrets().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String((refused as Error).message)).toMatch(/SECRETS_KEY/);
    await t.ctx.database.db.delete(loginSigningSecrets).where(eq(loginSigningSecrets.id, secret.kid));
  });
});

describe("the secrets key", () => {
  it("opens what the previous key sealed while SECRETS_KEY_PREVIOUS is set, and reseals it under the new one", () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const sealed = createSecretBox(oldKey).seal("psgn_value");
    const rotated = createSecretBox(newKey, oldKey);
    expect(rotated.open(sealed)).toBe("psgn_value");
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal("psgn_value"))).toBe(true);
    expect(() => createSecretBox(newKey).open(sealed)).toThrow(ConfigError);
  });

  it("refuses a SECRETS_KEY that is not the base64 of 32 bytes with a configuration error naming it", () => {
    for (const value of ["short", randomBytes(16).toString("base64"), "not base64 at all!"]) {
      expect(() => loadConfig({ SECRETS_KEY: value })).toThrow(/SECRETS_KEY/);
    }
    expect(loadConfig({ SECRETS_KEY: randomBytes(32).toString("base64") }).secretsKey).toBeDefined();
  });
});
