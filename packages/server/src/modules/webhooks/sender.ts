import http from "node:http";
import https from "node:https";
import type { BlockList, LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { checkWebhookUrl } from "./address-guard";
import { signatureHeader } from "./signing";

export interface SendRequest {
  url: string;
  deliveryId: string;
  body: string;
  /** The secrets to sign with, current first. */
  secrets: string[];
  allowed: BlockList;
  timeoutMs: number;
  excerptMax: number;
}

export interface SendResult {
  ok: boolean;
  /** Null when no answer came. */
  httpStatus: number | null;
  durationMs: number;
  responseExcerpt: string;
  error: string | null;
}

const USER_AGENT = "Parley-Webhooks/1";

/**
 * One delivery attempt: checks the URL's addresses, then POSTs the signed body to the address it checked. Never
 * rejects: every failure (refused address, refused connection, time-out, non-2xx) comes back as a result to log.
 * Redirects are not followed, as the new location would escape the address check; a 3xx is a failure.
 */
export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): SendResult => ({
    ok: false,
    httpStatus: null,
    durationMs: elapsed(),
    responseExcerpt: "",
    error,
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failed("the webhook URL is not valid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return failed("the webhook URL is not http or https");

  const checked = await checkWebhookUrl(url, request.allowed);
  if (!checked.ok) return failed(checked.reason);
  const { address, family } = checked.address;
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

  // The receiver checks the timestamp against its own clock, so this is the real time, not the app's clock.
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(request.body),
    "user-agent": USER_AGENT,
    "webhook-id": request.deliveryId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(request.secrets, request.deliveryId, timestamp, request.body),
  };
  const transport = url.protocol === "https:" ? https : http;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let answeredStatus: number | null = null;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = transport.request(url, { method: "POST", headers, lookup: pinnedLookup, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      answeredStatus = status;
      const chunks: Buffer[] = [];
      let size = 0;
      // A UTF-8 character is at most 4 bytes; reading more than this cannot lengthen the excerpt.
      const byteCap = request.excerptMax * 4;
      const done = () => {
        const excerpt = Buffer.concat(chunks).toString("utf8").slice(0, request.excerptMax);
        finish({
          ok: status >= 200 && status < 300,
          httpStatus: status,
          durationMs: elapsed(),
          responseExcerpt: excerpt,
          error: null,
        });
        res.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        if (size < byteCap) chunks.push(chunk.subarray(0, byteCap - size));
        size += chunk.length;
        if (size >= byteCap) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    const timer = setTimeout(() => {
      const error =
        answeredStatus === null
          ? `no answer within ${request.timeoutMs} ms`
          : `the answer did not finish within ${request.timeoutMs} ms`;
      finish({ ...failed(error), httpStatus: answeredStatus });
      req.destroy();
    }, request.timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => finish(failed(describeError(err))));
    req.end(request.body);
  });
}

function describeError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset by the receiver";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "receiver unreachable";
    default:
      return err.code ? `${err.code}: ${err.message}` : err.message;
  }
}
