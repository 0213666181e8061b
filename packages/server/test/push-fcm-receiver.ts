import { generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestApp } from "./harness";
import { until } from "./poll";

/** One notification FCM accepted or refused, as the receiver read it from the request. */
export interface ReceivedPush {
  api: "legacy" | "v1";
  token: string;
  title: string;
  body: string;
  sound: string | undefined;
  icon: string | undefined;
  badge: string | number | undefined;
  data: Record<string, string>;
  /** The whole JSON body, for checks of the exact shape. */
  raw: Record<string, unknown>;
}

export const LEGACY_SERVER_KEY = "AAAA-test-legacy-server-key-0123456789abcdef";
const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const PROJECT_ID = "parley-push-test";
const CLIENT_EMAIL = "push-sender@parley-push-test.iam.gserviceaccount.com";

type RsaKeyPair = { privateKey: KeyObject; publicKey: KeyObject };
const newRsaKeyPair = (): RsaKeyPair => generateKeyPairSync("rsa", { modulusLength: 2048 });

/**
 * The key pair of the service accounts receivers hand out, made once per test process: an RSA key takes a tenth to
 * half a second to make, and the push tests make dozens of accounts.
 */
let receiverKeys: RsaKeyPair | undefined;

/**
 * A service account of the test's own: the receiver checks JWTs with the public half, as Google would. Its key is
 * new unless given, so a receiver that was not told of it refuses its JWTs.
 */
export function testServiceAccount(tokenUri: string, keys: RsaKeyPair = newRsaKeyPair()) {
  const { privateKey, publicKey } = keys;
  const json = JSON.stringify({
    type: "service_account",
    project_id: PROJECT_ID,
    private_key_id: "0123456789abcdef",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: CLIENT_EMAIL,
    client_id: "100000000000000000000",
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: tokenUri,
  });
  return { json, publicKey, projectId: PROJECT_ID, clientEmail: CLIENT_EMAIL };
}

function readJwt(assertion: string, publicKey: KeyObject) {
  const [header, claims, signature] = assertion.split(".");
  if (!header || !claims || !signature) return null;
  const signed = verify(
    "RSA-SHA256",
    Buffer.from(`${header}.${claims}`),
    publicKey,
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return null;
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string },
    claims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>,
  };
}

/**
 * A local stand-in for FCM speaking both HTTP APIs. Legacy `POST /fcm/send` wants `Authorization: key=<server
 * key>` and answers `{ success, failure, results }`. HTTP v1 `POST /token` takes a JWT-bearer grant whose RS256
 * signature it verifies with the service account's public key, and `POST /v1/projects/{id}/messages:send` wants
 * the token it issued. Tokens in `deadTokens` are answered as FCM answers for an uninstalled app, those in
 * `malformedTokens` as v1 answers a string that is no registration token.
 */
export async function startFcmReceiver() {
  const pushes: ReceivedPush[] = [];
  const tokenGrants: Record<string, unknown>[] = [];
  const refused: { path: string; status: number; reason: string }[] = [];
  const deadTokens = new Set<string>();
  /** Tokens v1 answers as "not a valid FCM registration token" (400 INVALID_ARGUMENT on `message.token`). */
  const malformedTokens = new Set<string>();
  const publicKeys: KeyObject[] = [];
  const issued = new Set<string>();
  let grants = 0;
  let url = "";

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, path: string, status: number, reason: string, body: unknown) => {
    refused.push({ path, status, reason });
    answer(res, status, body);
  };

  function grant(raw: string, path: string, res: http.ServerResponse) {
    const form = new URLSearchParams(raw);
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      return refuse(res, path, 400, "grant_type", { error: "unsupported_grant_type" });
    }
    const assertion = form.get("assertion") ?? "";
    const jwt = publicKeys.map((key) => readJwt(assertion, key)).find(Boolean);
    if (!jwt)
      return refuse(res, path, 400, "signature", {
        error: "invalid_grant",
        error_description: "Invalid JWT Signature.",
      });
    const { claims } = jwt;
    const iat = Number(claims.iat);
    const now = Math.floor(Date.now() / 1000);
    if (
      jwt.header.alg !== "RS256" ||
      claims.iss !== CLIENT_EMAIL ||
      claims.scope !== FCM_SCOPE ||
      claims.aud !== `${url}/token` ||
      Number(claims.exp) !== iat + 3600 ||
      Math.abs(iat - now) > 300
    ) {
      return refuse(res, path, 400, "claims", { error: "invalid_grant", error_description: "Invalid JWT claims." });
    }
    tokenGrants.push(claims);
    grants += 1;
    const accessToken = `ya29.test-${grants}`;
    issued.add(accessToken);
    answer(res, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
  }

  function legacy(raw: string, authorization: string | undefined, path: string, res: http.ServerResponse) {
    if (authorization !== `key=${LEGACY_SERVER_KEY}`) {
      refused.push({ path, status: 401, reason: "server key" });
      res.writeHead(401, { "content-type": "text/html" });
      res.end("<HTML><TITLE>The request was missing an Authentication Key</TITLE></HTML>");
      return;
    }
    const body = JSON.parse(raw) as {
      to: string;
      notification: Record<string, string>;
      data: Record<string, string>;
    };
    pushes.push({
      api: "legacy",
      token: body.to,
      title: body.notification.title ?? "",
      body: body.notification.body ?? "",
      sound: body.notification.sound,
      icon: body.notification.icon,
      badge: body.notification.badge,
      data: body.data,
      raw: body,
    });
    const dead = deadTokens.has(body.to);
    answer(res, 200, {
      multicast_id: 108,
      success: dead ? 0 : 1,
      failure: dead ? 1 : 0,
      canonical_ids: 0,
      results: [dead ? { error: "NotRegistered" } : { message_id: `0:${pushes.length}%legacy` }],
    });
  }

  function v1(raw: string, authorization: string | undefined, path: string, res: http.ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
    if (!bearer || !issued.has(bearer)) {
      return refuse(res, path, 401, "bearer", {
        error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
      });
    }
    if (path !== `/v1/projects/${PROJECT_ID}/messages:send`) {
      return refuse(res, path, 404, "project", { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    }
    const { message } = JSON.parse(raw) as {
      message: {
        token: string;
        notification: { title: string; body: string };
        android: { notification: { sound?: string; icon?: string } };
        apns: { payload: { aps: { sound?: string; badge?: number } } };
        data: Record<string, string>;
      };
    };
    pushes.push({
      api: "v1",
      token: message.token,
      title: message.notification.title,
      body: message.notification.body,
      sound: message.android.notification.sound,
      icon: message.android.notification.icon,
      badge: message.apns.payload.aps.badge,
      data: message.data,
      raw: message,
    });
    if (deadTokens.has(message.token)) {
      return answer(res, 404, {
        error: {
          code: 404,
          message: "Requested entity was not found.",
          status: "NOT_FOUND",
          details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "UNREGISTERED" }],
        },
      });
    }
    if (malformedTokens.has(message.token)) {
      return answer(res, 400, {
        error: {
          code: 400,
          message: "The registration token is not a valid FCM registration token",
          status: "INVALID_ARGUMENT",
          details: [
            { "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "INVALID_ARGUMENT" },
            {
              "@type": "type.googleapis.com/google.rpc.BadRequest",
              fieldViolations: [{ field: "message.token", description: "Invalid registration token" }],
            },
          ],
        },
      });
    }
    answer(res, 200, { name: `projects/${PROJECT_ID}/messages/${pushes.length}` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = new URL(req.url ?? "/", "http://receiver").pathname;
      if (req.method !== "POST") return refuse(res, path, 405, "method", {});
      if (path === "/token") return grant(raw, path, res);
      if (path === "/fcm/send") return legacy(raw, req.headers.authorization, path, res);
      if (path.startsWith("/v1/")) return v1(raw, req.headers.authorization, path, res);
      refuse(res, path, 404, "path", {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    pushes,
    tokenGrants,
    refused,
    deadTokens,
    malformedTokens,
    /** A service account whose JWTs this receiver accepts. */
    serviceAccount(tokenUri = `${url}/token`) {
      receiverKeys ??= newRsaKeyPair();
      const account = testServiceAccount(tokenUri, receiverKeys);
      if (!publicKeys.includes(account.publicKey)) publicKeys.push(account.publicKey);
      return account;
    },
    /** What one device was sent, optionally only for one chat event type. */
    pushesTo: (token: string, eventType?: string) =>
      pushes.filter((p) => p.token === token && (!eventType || p.data.eventType === eventType)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FcmReceiver = Awaited<ReturnType<typeof startFcmReceiver>>;

/**
 * Waits until every push job of an app has run to its end. The outbox hands events on after the API has answered;
 * its rows go only once their jobs are queued, so an empty outbox and no unfinished job means nothing is left.
 */
export function pushJobsSettled(t: Pick<TestApp, "ctx">, appId: string): Promise<void> {
  return until(async () => {
    const [outbox] = await t.ctx.database.query<{ n: number }>(
      "select count(*)::int as n from event_outbox where app_id = $1",
      [appId],
    );
    if (outbox?.n !== 0) return false;
    const [unfinished] = await t.ctx.database.query<{ n: number }>(
      "select count(*)::int as n from jobs where name = 'push.event' and data->>'appId' = $1 and state <> 'completed'",
      [appId],
    );
    return unfinished?.n === 0;
  }, `the push jobs of app ${appId}`);
}
