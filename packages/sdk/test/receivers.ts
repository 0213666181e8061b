import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the outside services a message reaches through the server (FCM, Google's Translation API),
 * speaking their real HTTP protocols, so a test sees what the server sent out. They are the SDK tests' own: these
 * tests know the server only as a program on the network.
 */

async function listen(handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, Buffer.concat(chunks).toString("utf8"), res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

/** One notification FCM accepted, as the receiver read it from the request. */
export interface ReceivedPush {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

export const LEGACY_SERVER_KEY = "AAAA-sdk-test-legacy-server-key-0123456789";

/** FCM's legacy HTTP API: `POST /fcm/send` with `Authorization: key=<server key>`, answered as FCM answers. */
export async function startFcmReceiver() {
  const pushes: ReceivedPush[] = [];
  const server = await listen((req, raw, res) => {
    const path = new URL(req.url ?? "/", "http://receiver").pathname;
    if (req.method !== "POST" || path !== "/fcm/send") return answer(res, 404, {});
    if (req.headers.authorization !== `key=${LEGACY_SERVER_KEY}`) {
      res.writeHead(401, { "content-type": "text/html" });
      res.end("<HTML><TITLE>The request was missing an Authentication Key</TITLE></HTML>");
      return;
    }
    const body = JSON.parse(raw) as { to: string; notification: Record<string, string>; data: Record<string, string> };
    pushes.push({
      token: body.to,
      title: body.notification.title ?? "",
      body: body.notification.body ?? "",
      data: body.data,
    });
    answer(res, 200, {
      multicast_id: 108,
      success: 1,
      failure: 0,
      canonical_ids: 0,
      results: [{ message_id: `0:${pushes.length}%legacy` }],
    });
  });
  return {
    ...server,
    pushes,
    /** What one device was sent, optionally only for one chat event type. */
    pushesTo: (token: string, eventType?: string) =>
      pushes.filter((p) => p.token === token && (!eventType || p.data.eventType === eventType)),
  };
}

export type FcmReceiver = Awaited<ReturnType<typeof startFcmReceiver>>;

/** One request the translation receiver answered, as Google would have seen it. */
export interface ReceivedCall {
  method: string;
  path: string;
  key: string | null;
}

export const KEYS = { valid: "AIzaSySDKvalid0000000000000000000000-abcd" };

const googleError = (code: number, message: string, reason: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }], status },
});

/**
 * Google Cloud Translation v2 (`/language/translate/v2` and `/languages`): the key in the `key` query parameter,
 * errors in Google's `{ error: { code, message, errors } }` shape. Only `KEYS.valid` is accepted.
 */
export async function startTranslateReceiver() {
  const calls: ReceivedCall[] = [];
  /** When set, every request is answered with this status and a Google-shaped 5xx body. */
  let failWith: number | null = null;
  const server = await listen((req, raw, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    calls.push({ method: req.method ?? "", path: url.pathname, key: url.searchParams.get("key") });
    if (failWith !== null) {
      return answer(res, failWith, googleError(failWith, "Internal error encountered.", "backendError", "INTERNAL"));
    }
    if (url.searchParams.get("key") !== KEYS.valid) {
      const message = "API key not valid. Please pass a valid API key.";
      return answer(res, 400, googleError(400, message, "keyInvalid", "INVALID_ARGUMENT"));
    }
    if (req.method === "GET" && url.pathname === "/language/translate/v2/languages") {
      return answer(res, 200, { data: { languages: ["en", "ko"].map((language) => ({ language })) } });
    }
    if (req.method === "POST" && url.pathname === "/language/translate/v2") {
      const { q, target } = JSON.parse(raw || "{}") as { q?: unknown; target?: unknown };
      if (!Array.isArray(q) || typeof target !== "string") {
        return answer(res, 400, googleError(400, "Required Text", "required", "INVALID_ARGUMENT"));
      }
      return answer(res, 200, {
        data: {
          translations: q.map((text) => ({
            translatedText: `[${target}] ${String(text)}`,
            detectedSourceLanguage: "en",
          })),
        },
      });
    }
    answer(res, 404, googleError(404, "Not Found", "notFound", "NOT_FOUND"));
  });
  return {
    ...server,
    calls,
    /** Only the translation requests, not the key checks. */
    translateCalls: () => calls.filter((c) => c.path === "/language/translate/v2"),
    /** Back to a healthy Google that knows nothing of earlier tests. */
    reset() {
      calls.length = 0;
      failWith = null;
    },
    failWith(status: number | null) {
      failWith = status;
    },
  };
}

export type TranslateReceiver = Awaited<ReturnType<typeof startTranslateReceiver>>;
