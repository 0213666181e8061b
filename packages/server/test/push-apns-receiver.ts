import { generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";

/** One request the receiver read, whether Apple would have taken it or not. */
export interface ReceivedApnsPush {
  token: string;
  headers: Record<string, string>;
  /** The whole JSON body: `aps` and the app's own keys. */
  payload: { aps: Record<string, unknown> } & Record<string, unknown>;
  /** The provider token's claims, when its signature held. */
  claims: { iss: string; iat: number } | null;
  /** What the receiver answered. */
  status: number;
  reason: string | null;
}

/** A `.p8` key of the test's own, in the shape the dashboard saves it. */
export interface TestApnsKey {
  privateKey: string;
  keyId: string;
  teamId: string;
  bundleId: string;
  publicKey: KeyObject;
}

export const TEST_BUNDLE_ID = "com.parley.test";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let keyCount = 0;
/** An EC P-256 key as Apple hands it out: PKCS#8 PEM, with a ten-character key ID and team ID. */
export function testApnsKey(bundleId = TEST_BUNDLE_ID): TestApnsKey {
  keyCount += 1;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    keyId: `KEY${String(keyCount).padStart(7, "0")}`,
    teamId: "TEAM123456",
    bundleId,
    publicKey,
  };
}

/** Checks an ES256 provider token as Apple does: the key named by `kid`, the signature as r‖s, `iss` the team. */
function readProviderToken(authorization: string | undefined, keys: Map<string, TestApnsKey>) {
  const jwt = /^bearer (.+)$/.exec(authorization ?? "")?.[1];
  const [header, claims, signature] = jwt?.split(".") ?? [];
  if (!header || !claims || !signature) return null;
  const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string; kid?: string };
  const key = keys.get(head.kid ?? "");
  if (head.alg !== "ES256" || !key) return null;
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: key.publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return null;
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { iss: string; iat: number };
  if (body.iss !== key.teamId || Object.keys(body).sort().join() !== "iat,iss") return null;
  // Apple refuses a token issued more than an hour ago.
  if (Math.abs(Date.now() / 1000 - body.iat) > 3600) return null;
  return { claims: body, key };
}

/**
 * A local stand-in for APNs over HTTP/2 in the clear (h2c). It answers as Apple does: 200 with `apns-id` for a
 * well-formed request whose ES256 provider token verifies with a key it was given, 403 `InvalidProviderToken`
 * otherwise, 400 for a wrong topic, push type, priority or expiration. `answer(token, ...)` scripts what a token's
 * next requests get instead (410 `Unregistered`, 429, 500…), one answer per request.
 */
export async function startApnsReceiver() {
  const pushes: ReceivedApnsPush[] = [];
  const keys = new Map<string, TestApnsKey>();
  const scripted = new Map<string, { status: number; reason: string }[]>();
  const sessions = new Set<http2.ServerHttp2Session>();
  let sessionCount = 0;

  const server = http2.createServer();
  server.on("session", (session) => {
    sessionCount += 1;
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const path = String(headers[":path"] ?? "");
      const token = /^\/3\/device\/([0-9a-f]+)$/.exec(path)?.[1] ?? "";
      const plain: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) if (!name.startsWith(":")) plain[name] = String(value);
      const jwt = readProviderToken(plain.authorization, keys);
      const expiration = Number(plain["apns-expiration"]);
      const apnsId = plain["apns-id"] ?? "";
      let status = 200;
      let reason: string | null = null;
      const refuse = (code: number, why: string) => {
        status = code;
        reason = why;
      };
      if (headers[":method"] !== "POST" || !token) refuse(404, "BadPath");
      else if (!jwt) refuse(403, "InvalidProviderToken");
      else if (plain["apns-topic"] !== jwt.key.bundleId) refuse(400, "DeviceTokenNotForTopic");
      else if (plain["apns-push-type"] !== "alert") refuse(400, "InvalidPushType");
      else if (plain["apns-priority"] !== "10") refuse(400, "BadPriority");
      else if (!(expiration > Date.now() / 1000)) refuse(400, "BadExpirationDate");
      else if (!UUID.test(apnsId)) refuse(400, "BadMessageId");
      else {
        const next = scripted.get(token)?.shift();
        if (next) refuse(next.status, next.reason);
      }
      pushes.push({
        token,
        headers: plain,
        payload: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
        claims: jwt?.claims ?? null,
        status,
        reason,
      });
      stream.respond({ ":status": status, "apns-id": apnsId, "content-type": "application/json" });
      stream.end(reason === null ? undefined : JSON.stringify({ reason }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    pushes,
    /** HTTP/2 connections opened to the receiver so far. */
    sessionCount: () => sessionCount,
    /** Makes the receiver accept provider tokens signed with this key. */
    trust(key: TestApnsKey) {
      keys.set(key.keyId, key);
      return key;
    },
    /** What the token's next requests are answered, in order, before the receiver goes back to 200. */
    answer(token: string, ...answers: { status: number; reason: string }[]) {
      scripted.set(token, [...(scripted.get(token) ?? []), ...answers]);
    },
    pushesTo: (token: string, eventType?: string) =>
      pushes.filter((p) => p.token === token && (!eventType || p.payload.eventType === eventType)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}

export type ApnsReceiver = Awaited<ReturnType<typeof startApnsReceiver>>;
