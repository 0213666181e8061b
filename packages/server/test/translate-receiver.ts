import http from "node:http";
import type { AddressInfo } from "node:net";
import { until } from "./poll";

/** One request the receiver answered, as Google would have seen it. */
export interface ReceivedCall {
  method: string;
  path: string;
  key: string | null;
  body: { q?: unknown; target?: unknown; format?: unknown } | null;
}

/** Where Google's Cloud Translation v2 answers, and the receiver with it. */
const API_PATH = "/language/translate/v2";

/** The languages the receiver translates to; any other target gets Google's "Invalid Value". */
const SUPPORTED = new Set(["en", "ko", "ja", "fr", "zh-CN", "zh-TW"]);

function googleError(code: number, message: string, reason: string, status: string) {
  return { error: { code, message, errors: [{ message, domain: "global", reason }], status } };
}

/**
 * A local stand-in for Google Cloud Translation v2 (`/language/translate/v2` and `/languages`), answering as
 * Google does: the key in the `key` query parameter, errors in Google's `{ error: { code, message, errors } }`
 * shape. `KEYS.valid` works; `KEYS.disabledApi` is a key of a project without the API (403);
 * `KEYS.overQuota` is over its quota (403 rateLimitExceeded); any other key is "not valid" (400).
 */
export const KEYS = {
  valid: "AIzaSyTESTvalid0000000000000000000-abcd",
  disabledApi: "AIzaSyTESTnoapi000000000000000000000-wxyz",
  overQuota: "AIzaSyTESTquota000000000000000000000-qqqq",
  invalid: "AIzaSyTESTbogus000000000000000000000-zzzz",
};

export async function startTranslateReceiver() {
  const calls: ReceivedCall[] = [];
  /** When set, every request is answered with this status and a Google-shaped 5xx body. */
  let failWith: number | null = null;
  /** When set, every request gets this answer as is: what a server that is not Google would send. */
  let raw: { status: number; body: string; headers?: Record<string, string> } | null = null;
  /** When set, requests get no answer at all until the receiver closes. */
  let silent = false;
  /** Requests held until `release()`, so a test can line up concurrent calls. */
  let holding = false;
  const held: (() => void)[] = [];
  let translations = 0;
  /** Keys Google stopped accepting after they were saved (deleted or restricted in the Cloud console). */
  const revoked = new Set<string>();

  const server = http.createServer((req, res) => {
    // Only the API's calls are recorded: the port was free when the receiver took it, but another process's client
    // may still be calling whoever held it before, and such a call is no call of the server's.
    if (!new URL(req.url ?? "/", "http://receiver").pathname.startsWith(API_PATH)) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: ReceivedCall["body"] = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      calls.push({ method: req.method ?? "", path: url.pathname, key: url.searchParams.get("key"), body });
      if (silent) return;
      const answer = () => respond(req, res, url, body);
      if (holding) held.push(answer);
      else answer();
    });
  });

  function send(res: http.ServerResponse, status: number, payload: unknown) {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(payload));
  }

  function respond(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: ReceivedCall["body"]) {
    if (raw !== null) {
      res.writeHead(raw.status, { "content-type": "text/html", ...raw.headers });
      return res.end(raw.body);
    }
    if (failWith !== null) {
      return send(res, failWith, googleError(failWith, "Internal error encountered.", "backendError", "INTERNAL"));
    }
    const key = url.searchParams.get("key");
    if (key === KEYS.disabledApi) {
      const message =
        "Cloud Translation API has not been used in project 123456789 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/translate.googleapis.com/overview?project=123456789 then retry.";
      return send(res, 403, googleError(403, message, "accessNotConfigured", "PERMISSION_DENIED"));
    }
    if (key === KEYS.overQuota) {
      return send(res, 403, googleError(403, "User Rate Limit Exceeded", "rateLimitExceeded", "PERMISSION_DENIED"));
    }
    if (key !== KEYS.valid || revoked.has(key)) {
      const message = "API key not valid. Please pass a valid API key.";
      return send(res, 400, googleError(400, message, "keyInvalid", "INVALID_ARGUMENT"));
    }
    if (req.method === "GET" && url.pathname === `${API_PATH}/languages`) {
      return send(res, 200, { data: { languages: [...SUPPORTED].map((language) => ({ language })) } });
    }
    if (req.method === "POST" && url.pathname === API_PATH) {
      const q = body?.q;
      const target = body?.target;
      if (!Array.isArray(q) || typeof target !== "string" || !req.headers["content-type"]?.includes("json")) {
        return send(res, 400, googleError(400, "Required Text", "required", "INVALID_ARGUMENT"));
      }
      if (!SUPPORTED.has(target))
        return send(res, 400, googleError(400, "Invalid Value", "invalid", "INVALID_ARGUMENT"));
      translations += 1;
      const n = translations;
      return send(res, 200, {
        data: {
          translations: q.map((text) => ({
            translatedText: receiver.translate(String(text), target, n),
            detectedSourceLanguage: "en",
          })),
        },
      });
    }
    return send(res, 404, googleError(404, "Not Found", "notFound", "NOT_FOUND"));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const receiver = {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Only the translation requests, not the key checks. */
    translateCalls: () => calls.filter((c) => c.path === API_PATH),
    /** What a translation reads; `n` counts the translations answered so far, from 1. */
    translate: (text: string, target: string, _n: number) => `[${target}] ${text}`,
    revoke(key: string) {
      revoked.add(key);
    },
    /** Back to a healthy Google that knows nothing of earlier tests. */
    reset() {
      calls.length = 0;
      failWith = null;
      raw = null;
      silent = false;
      holding = false;
      revoked.clear();
      translations = 0;
      receiver.translate = (text, target) => `[${target}] ${text}`;
    },
    failWith(status: number | null) {
      failWith = status;
    },
    answerRaw(answer: { status: number; body: string; headers?: Record<string, string> }) {
      raw = answer;
    },
    goSilent() {
      silent = true;
    },
    hold() {
      holding = true;
    },
    /** Waits until `count` requests are held, then answers them all. */
    async release(count: number) {
      await until(
        () => held.length >= count,
        () => `${count} requests to arrive; ${held.length} arrived`,
        5_000,
        10,
      );
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

export type TranslateReceiver = Awaited<ReturnType<typeof startTranslateReceiver>>;
