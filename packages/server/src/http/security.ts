import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { CHAT_API_PREFIX } from "@parley/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * What every page and API answer may load: the app's own scripts only; inline styles because the UI library writes
 * its styles at run time; images from anywhere over HTTPS because channel pictures, profile pictures and brand
 * images are the customer's URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A caller's own `x-request-id` when it is a plain token (so it cannot forge log lines), a fresh one otherwise. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

const PRIVATE_QUERY = /token|code|secret|key|password|signature|email/i;

/**
 * The request as log lines show it. Query values that carry credentials (sign-in links, password reset and
 * verification codes, marketplace tokens) or a mail address are masked; headers are not logged at all.
 */
export function serializeRequest(request: FastifyRequest) {
  const [path, query] = request.url.split("?", 2);
  let url = path ?? "";
  if (query) {
    const params = new URLSearchParams(query);
    for (const name of [...params.keys()]) if (PRIVATE_QUERY.test(name)) params.set(name, "[redacted]");
    url += `?${params.toString()}`;
  }
  return { method: request.method, url, remoteAddress: request.ip };
}

/**
 * Security headers on every answer, the request id echoed so a user can quote it to support, and CORS for the chat
 * API, which apps call from their own web pages with a bearer credential (never a cookie, so any origin may).
 */
export function registerSecurityHeaders(server: FastifyInstance, options: { publicUrl: string }): void {
  const https = options.publicUrl.startsWith("https://");
  // Callback hooks rather than async ones: they run on every answer, and a promise each is measurable there.
  server.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith(`${CHAT_API_PREFIX}/`)) return done();
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-expose-headers", "retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset");
    if (request.method !== "OPTIONS") return done();
    // Answered here: the route is not run, so `done` is not called.
    reply
      .header("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE")
      .header("access-control-allow-headers", "authorization, content-type, x-request-id")
      .header("access-control-max-age", "600")
      .status(204)
      .send();
  });
  server.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (!reply.hasHeader("x-frame-options")) reply.header("x-frame-options", "DENY");
    // A page that sets its own policy (the hosted card page) keeps it.
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
    if (https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    done(null, payload);
  });
}
