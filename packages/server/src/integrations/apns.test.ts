import { generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  APNS_TOKEN_LIFETIME_MS,
  type ApnsCredential,
  type ApnsNotification,
  apnsPayload,
  createApnsClient,
} from "./apns";
import { OutboundError, type OutboundGuard, type OutboundRequest } from "./outbound";

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const credential: ApnsCredential = {
  privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  keyId: "ABC123DEFG",
  teamId: "TEAM123456",
  bundleId: "com.example.chat",
  environment: "sandbox",
};
const notification: ApnsNotification = {
  token: "a1".repeat(32),
  title: "Lunch",
  body: "kim: noodles?",
  sound: "default",
  badge: 3,
  data: { channelId: "c1", messageId: "m1" },
  threadId: "c1",
  collapseId: "m1",
};

/** A guard that answers every HTTP/2 request with the next of `answers` (200 when none is left) and keeps them. */
function stubGuard(answers: ({ status: number; reason?: string } | OutboundError)[] = []) {
  const requests: Omit<OutboundRequest, "keepAlive">[] = [];
  const guard: OutboundGuard = {
    check: async () => ({ ok: true, addresses: [] }),
    request: async () => {
      throw new Error("APNs speaks HTTP/2 only");
    },
    http2Request: async (request) => {
      requests.push(request);
      const next = answers.shift() ?? { status: 200 };
      if (next instanceof OutboundError) throw next;
      const body = next.reason ? JSON.stringify({ reason: next.reason }) : "";
      return {
        status: next.status,
        headers: { "apns-id": request.headers?.["apns-id"] as string },
        body,
        bytes: Buffer.from(body),
      };
    },
    close: () => {},
  };
  return { guard, requests };
}

const bearerOf = (request: Omit<OutboundRequest, "keepAlive"> | undefined) =>
  String(request?.headers?.authorization).replace(/^bearer /, "");

function decode(jwt: string) {
  const [header = "", claims = "", signature = ""] = jwt.split(".");
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")),
    claims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")),
    isSigned: verify(
      "sha256",
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    ),
  };
}

describe("APNs client", () => {
  it("signs an ES256 provider token with the key ID and team ID that the key's public half verifies", async () => {
    const { guard, requests } = stubGuard();
    const now = 1_800_000_000_000;
    const client = createApnsClient({
      baseUrls: { sandbox: "https://sandbox.test", production: "" },
      outbound: guard,
      now: () => now,
    });
    expect(await client.send(credential, notification)).toMatchObject({ status: "sent", httpStatus: 200 });
    expect(decode(bearerOf(requests[0]))).toEqual({
      header: { alg: "ES256", kid: "ABC123DEFG" },
      claims: { iss: "TEAM123456", iat: now / 1000 },
      isSigned: true,
    });
    expect(requests[0]).toMatchObject({
      url: `https://sandbox.test/3/device/${notification.token}`,
      method: "POST",
      headers: {
        "apns-topic": "com.example.chat",
        "apns-push-type": "alert",
        "apns-priority": "10",
        "apns-expiration": String(now / 1000 + 24 * 3600),
        "apns-collapse-id": "m1",
      },
    });
  });

  it("reuses the provider token for 50 minutes and signs a new one after, before Apple's hour runs out", async () => {
    const { guard, requests } = stubGuard();
    let now = 1_800_000_000_000;
    const client = createApnsClient({
      baseUrls: { sandbox: "https://s.test", production: "" },
      outbound: guard,
      now: () => now,
    });
    await client.send(credential, notification);
    now += APNS_TOKEN_LIFETIME_MS - 1;
    await client.send(credential, notification);
    now += 1;
    await client.send(credential, notification);
    const [first, second, third] = requests.map(bearerOf);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    expect(decode(third ?? "").claims.iat - decode(first ?? "").claims.iat).toBe(50 * 60);
  });

  it("signs anew after ExpiredProviderToken only once the token is 20 minutes old, as Apple asks", async () => {
    const { guard, requests } = stubGuard([
      { status: 403, reason: "ExpiredProviderToken" },
      { status: 200 },
      { status: 403, reason: "ExpiredProviderToken" },
      { status: 200 },
    ]);
    let now = 1_800_000_000_000;
    const client = createApnsClient({
      baseUrls: { sandbox: "https://s.test", production: "" },
      outbound: guard,
      now: () => now,
    });
    expect(await client.send(credential, notification)).toMatchObject({
      status: "failed",
      httpStatus: 403,
      reason: "ExpiredProviderToken",
    });
    await client.send(credential, notification);
    now += 20 * 60_000;
    await client.send(credential, notification);
    await client.send(credential, notification);
    const [first, second, third, fourth] = requests.map(bearerOf);
    expect([second, third]).toEqual([first, first]);
    expect(fourth).not.toBe(first);
  });

  it.each([
    [410, "Unregistered", "invalid_token"],
    [400, "BadDeviceToken", "invalid_token"],
    [400, "DeviceTokenNotForTopic", "invalid_token"],
    [429, "TooManyRequests", "retry"],
    [500, "InternalServerError", "retry"],
    [503, "ServiceUnavailable", "retry"],
    [403, "InvalidProviderToken", "failed"],
    [400, "BadTopic", "failed"],
    [413, "PayloadTooLarge", "failed"],
  ])("answers %i %s as %s", async (status, reason, outcome) => {
    const { guard } = stubGuard([{ status, reason }]);
    const client = createApnsClient({ baseUrls: { sandbox: "https://s.test", production: "" }, outbound: guard });
    expect(await client.send(credential, notification)).toMatchObject({
      status: outcome,
      httpStatus: status,
      reason,
      response: reason,
    });
  });

  it("retries when APNs cannot be reached, and not when the guard refuses its address", async () => {
    const { guard } = stubGuard([
      new OutboundError("network", "connection refused"),
      new OutboundError("refused", "127.0.0.1 is a private or local address"),
    ]);
    const client = createApnsClient({ baseUrls: { sandbox: "https://s.test", production: "" }, outbound: guard });
    expect(await client.send(credential, notification)).toMatchObject({
      status: "retry",
      httpStatus: null,
      reason: "could not connect to APNs",
    });
    expect(await client.send(credential, notification)).toMatchObject({
      status: "failed",
      reason: "cannot call APNs: 127.0.0.1 is a private or local address",
    });
  });

  it("builds aps with the alert, badge, sound and thread, the app's keys beside it, and fits Apple's 4 KB", () => {
    expect(JSON.parse(apnsPayload(notification))).toEqual({
      aps: { alert: { title: "Lunch", body: "kim: noodles?" }, badge: 3, sound: "default", "thread-id": "c1" },
      channelId: "c1",
      messageId: "m1",
    });
    const silent = { ...notification, sound: "", badge: null, threadId: null };
    expect(JSON.parse(apnsPayload(silent)).aps).toEqual({ alert: { title: "Lunch", body: "kim: noodles?" } });
    const long = apnsPayload({ ...notification, body: "😀".repeat(3000) });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(4096);
    expect(JSON.parse(long).aps.alert.body).toMatch(/^😀+…$/u);
  });
});
