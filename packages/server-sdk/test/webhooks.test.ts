import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "../src";

/** Secrets as the server makes them: `whsec_` and base64 of random bytes. */
const secret = `whsec_${Buffer.from("a-webhook-secret-of-24-b").toString("base64")}`;
const previous = `whsec_${Buffer.from("the-secret-before-rotate").toString("base64")}`;
const body = JSON.stringify({
  type: "message.created",
  timestamp: "2026-12-03T10:00:00.000Z",
  data: {
    appId: "app",
    event: { id: "1", type: "message.created", channelId: "c", createdAt: "2026-12-03T10:00:00.000Z" },
  },
});
const now = new Date("2026-12-03T10:00:00Z");
const id = "msg_01JDZ3Q5V6K9Y8X7W6V5T4S3R2";

/** The headers the Standard Webhooks reference library signs a delivery with. */
function signed(withSecret: string, at = now, payload = body) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(withSecret).sign(id, at, payload),
  };
}

describe("verifyWebhook", () => {
  it("returns the event of a delivery the reference library signed, from Node's headers or fetch's", () => {
    expect(verifyWebhook(secret, signed(secret), body, { now })).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, new Headers(signed(secret)), Buffer.from(body), { now }).type).toBe("message.created");
  });

  it("accepts a delivery signed with the new and the previous secret, by either", () => {
    const headers = signed(secret);
    headers["webhook-signature"] = `${signed(previous)["webhook-signature"]} ${headers["webhook-signature"]}`;
    expect(verifyWebhook(secret, headers, body, { now }).type).toBe("message.created");
    expect(verifyWebhook(previous, headers, body, { now }).type).toBe("message.created");
  });

  it("refuses a changed body, another secret, a missing header and a signature of another scheme", () => {
    const headers = signed(secret);
    expect(() => verifyWebhook(secret, headers, body.replace("message", "massage"), { now })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(previous, headers, body, { now })).toThrow(/no signature/);
    const { "webhook-id": _, ...withoutId } = headers;
    expect(() => verifyWebhook(secret, withoutId, body, { now })).toThrow(/webhook-id/);
    const v2 = { ...headers, "webhook-signature": headers["webhook-signature"].replace("v1,", "v2,") };
    expect(() => verifyWebhook(secret, v2, body, { now })).toThrow(/no signature/);
  });

  it("refuses a delivery signed more than the tolerance before or after now, and takes one within it", () => {
    const late = new Date(now.getTime() + 301_000);
    expect(() => verifyWebhook(secret, signed(secret), body, { now: late })).toThrow(/more than 300 s/);
    const early = new Date(now.getTime() - 301_000);
    expect(() => verifyWebhook(secret, signed(secret), body, { now: early })).toThrow(/more than 300 s/);
    expect(verifyWebhook(secret, signed(secret), body, { now: late, toleranceSeconds: 600 }).type).toBe(
      "message.created",
    );
  });
});
