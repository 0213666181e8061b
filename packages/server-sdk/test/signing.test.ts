import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { ParleyServer, signLoginToken } from "../src";

const key = { keyId: "lss_01", secret: "pls_c2VjcmV0LXNpZ25pbmcta2V5LWJ5dGVzLWZvci10ZXN0cw" };
const appId = "6f1c1f34-9a7e-4d7e-8d62-0f4f1b7a2c11";
/** The server keys HMAC with the secret's whole string, prefix included, as UTF-8. */
const hmacKey = new TextEncoder().encode(key.secret);
const now = new Date("2026-12-03T10:00:00Z");
const at = Math.floor(now.getTime() / 1000);

describe("signLoginToken", () => {
  it("signs an HS256 JWT naming the secret's ID, which verifies with the whole secret string as the key", async () => {
    const token = signLoginToken(key, appId, "kim", { now });
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT", kid: "lss_01" });
    const { payload } = await jwtVerify(token, hmacKey, {
      algorithms: ["HS256"],
      audience: appId,
      subject: "kim",
      currentDate: now,
    });
    expect(payload).toEqual({ sub: "kim", aud: appId, iat: at, exp: at + 7 * 24 * 60 * 60 });
  });

  it("carries the lifetime asked for and the profile of a user made on first login", async () => {
    const token = signLoginToken(key, appId, "lee", {
      now,
      expiresInSeconds: 600,
      nickname: "이 수진",
      profileImageUrl: "https://cdn.example.com/lee.png",
    });
    const { payload } = await jwtVerify(token, hmacKey, { currentDate: now });
    expect(payload).toMatchObject({
      exp: at + 600,
      nickname: "이 수진",
      profileImageUrl: "https://cdn.example.com/lee.png",
    });
  });

  it("does not verify with another secret", async () => {
    const token = signLoginToken(key, appId, "kim", { now });
    await expect(jwtVerify(token, new TextEncoder().encode(`${key.secret}x`), { currentDate: now })).rejects.toThrow(
      /signature/,
    );
  });

  it("refuses a lifetime longer than 30 days, or none", () => {
    expect(() => signLoginToken(key, appId, "kim", { expiresInSeconds: 30 * 24 * 60 * 60 + 1 })).toThrow(RangeError);
    expect(() => signLoginToken(key, appId, "kim", { expiresInSeconds: 0 })).toThrow(RangeError);
    expect(signLoginToken(key, appId, "kim", { expiresInSeconds: 30 * 24 * 60 * 60 })).toMatch(
      /^[\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });
});

describe("tokens.sign", () => {
  it("signs with the client's app ID and key", async () => {
    const parley = new ParleyServer({ baseUrl: "https://chat.example.com", apiKey: "psk_x", appId, signing: key });
    const { payload } = await jwtVerify(parley.tokens.sign("kim"), hmacKey, { audience: appId, subject: "kim" });
    expect(payload.exp).toBe(Number(payload.iat) + 7 * 24 * 60 * 60);
  });

  it("needs the app ID and the signing key in the options", () => {
    const parley = new ParleyServer({ baseUrl: "https://chat.example.com", apiKey: "psk_x" });
    expect(() => parley.tokens.sign("kim")).toThrow(/appId and signing/);
  });
});
