import { performance } from "node:perf_hooks";
import { OutboundError, type OutboundGuard } from "../../integrations/outbound";
import { remoteExcerpt } from "../../integrations/remote-text";
import { signatureHeader } from "./signing";

export interface SendRequest {
  url: string;
  deliveryId: string;
  body: string;
  /** The secrets to sign with, current first. */
  secrets: string[];
  outbound: OutboundGuard;
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
  /** The answer's `Retry-After` header, as sent. */
  retryAfter: string | null;
}

const USER_AGENT = "Parley-Webhooks/1";

/**
 * One delivery attempt: POSTs the signed body through the outbound guard, which checks the URL's addresses and
 * connects only to them, and follows no redirect (a 3xx is a failure). Never rejects: every failure (refused
 * address, refused connection, time-out, non-2xx) comes back as a result to log.
 */
export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The receiver checks the timestamp against its own clock, so this is the real time, not the app's clock.
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const answer = await request.outbound.request({
      url: request.url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(request.body),
        "user-agent": USER_AGENT,
        "webhook-id": request.deliveryId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(request.secrets, request.deliveryId, timestamp, request.body),
      },
      body: request.body,
      timeoutMs: request.timeoutMs,
      // A UTF-8 character is at most 4 bytes; reading more than this cannot lengthen the excerpt.
      maxBodyBytes: request.excerptMax * 4,
    });
    const retryAfter = answer.headers["retry-after"];
    return {
      ok: answer.status >= 200 && answer.status < 300,
      httpStatus: answer.status,
      durationMs: elapsed(),
      responseExcerpt: remoteExcerpt(answer.body, request.excerptMax),
      error: null,
      retryAfter: typeof retryAfter === "string" ? retryAfter : null,
    };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    return {
      ok: false,
      httpStatus: err.httpStatus,
      durationMs: elapsed(),
      responseExcerpt: "",
      error: err.kind === "invalidUrl" ? err.reason.replace(/^the URL/, "the webhook URL") : err.reason,
      retryAfter: null,
    };
  }
}
