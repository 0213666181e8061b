import { API_PREFIX, CHAT_API_PREFIX } from "@parley/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from "fastify";
import { admittedApp } from "../apps";
import { type AuditActor, type AuditScope, closeAuditScope, maskSecrets, openAuditScope } from "./scope";
import type { AuditService } from "./service";

const CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Dashboard routes that change data but are not audited, each with why: signing up, in and out and proving an
 * address are how an account comes to act, not changes it makes, and they have their own records (sessions, codes).
 * A route added under `/api` is audited unless it is named here; the route walk in the tests holds this list to the
 * routes that exist.
 */
export const UNAUDITED_ROUTES: Readonly<Record<string, string>> = {
  "POST /api/auth/signup": "creates the account itself; the account's log starts with it",
  "POST /api/auth/login": "a sign-in, recorded as a session",
  "POST /api/auth/logout": "a sign-out, recorded as the session's end",
  "DELETE /api/auth/sessions": "signing out everywhere, recorded as the sessions' end",
  "DELETE /api/auth/sessions/:sessionId": "ending one session, recorded as the session's end",
  "POST /api/auth/password/reset": "asks for a reset mail; changes nothing until confirmed",
  "POST /api/auth/password/reset/confirm": "made without a session: no actor to name; the account's sessions end",
  "POST /api/auth/email/verification/send": "sends a code",
  "POST /api/auth/email/verification/confirm": "proves an address before the account can act",
  "POST /api/auth/link/login": "a sign-in by link, recorded as a session",
  "POST /api/auth/contactus": "an inquiry to us, not a change to the account",
  "POST /api/marketplace/signup": "creates the account itself",
  "POST /api/notifications/password-reset-required/hide": "a display preference of the notice bar",
};

/**
 * Chat API routes audited when an app's server calls them with an API key: what it does to users, channels, members
 * and moderation. Messages, files, read marks, calls and sign-ins are the chat itself, not administration, and
 * would bury the log; an end user's own calls are not audited either.
 */
const UNAUDITED_CHAT_PATHS = [
  /^\/v1\/channels\/:channelId\/(messages|files|read|typing)(\/|$)/,
  /^\/v1\/(calls|auth|me|events)(\/|$)/,
  /^\/v1\/users\/:userId\/(token|report)$/,
];

export const auditedChatPath = (url: string) => !UNAUDITED_CHAT_PATHS.some((pattern) => pattern.test(url));

/** Which audit a route gets: the dashboard's, the chat API's (for API keys only), or none. */
export function auditKindOf(method: string, url: string): "api" | "chat" | null {
  if (!CHANGING_METHODS.has(method)) return null;
  // The testing endpoints exist only on a test server, where they stand in for an administrator's hand.
  if (url.startsWith(`${API_PREFIX}/testing/`)) return null;
  if (url.startsWith(`${API_PREFIX}/`)) return UNAUDITED_ROUTES[`${method} ${url}`] ? null : "api";
  if (url.startsWith(`${CHAT_API_PREFIX}/`)) return auditedChatPath(url) ? "chat" : null;
  return null;
}

function dashboardActor(request: FastifyRequest): AuditActor | null {
  const account = request.auth?.account;
  if (!account) return null;
  const kind = account.role === "admin" ? "admin" : account.kind === "subaccount" ? "subaccount" : "account";
  return { kind, id: account.id, label: account.email };
}

function requestOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body && typeof request.body === "object" && !Buffer.isBuffer(request.body) ? request.body : null;
  return maskSecrets({ params: request.params ?? {}, ...(body ? { body } : {}) }) as Record<string, unknown>;
}

/** The scope of a dashboard request: whose log, by the app in the path, the company an admin acts on, or the caller. */
function dashboardScope(request: FastifyRequest, action: string): AuditScope {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const appId = action.includes("/apps/:id") ? (params.id ?? null) : (params.appId ?? null);
  return {
    actor: () => dashboardActor(request),
    accountId: () => {
      const auth = request.auth;
      if (params.companyId) return params.companyId;
      if (appId) return (auth && admittedApp(auth, appId)?.accountId) ?? null;
      return auth?.account.id ?? null;
    },
    appId,
    ip: request.ip ?? null,
    action,
    path: request.url.split("?")[0] ?? request.url,
    request: requestOf(request),
    entryId: null,
  };
}

function chatScope(request: FastifyRequest, action: string): AuditScope | null {
  const caller = request.chatCaller;
  if (caller?.kind !== "server") return null;
  return {
    actor: () => ({ kind: "apiKey", id: caller.apiKey.id, label: caller.apiKey.label }),
    accountId: () => caller.app.accountId,
    appId: caller.app.id,
    ip: request.ip ?? null,
    action,
    path: request.url.split("?")[0] ?? request.url,
    request: requestOf(request),
    entryId: null,
  };
}

declare module "fastify" {
  interface FastifyRequest {
    auditScope?: AuditScope;
    /** Set while the request's scope counts as open (see `openAuditScope`). */
    auditScopeOpen?: boolean;
  }
}

function closeScopeOf(request: FastifyRequest): void {
  if (!request.auditScopeOpen) return;
  request.auditScopeOpen = false;
  closeAuditScope();
}

/**
 * Audits every changing route of both APIs: a last `preHandler` of each opens the request's audit scope, in which
 * the audited database handle writes the entry with the changes (see recorder.ts); as the answer goes out its
 * status is added. Hooks run before it (authentication, rate limits) are not part of the change.
 */
export function registerAuditHooks(server: FastifyInstance, audit: () => AuditService) {
  server.addHook("onRoute", (route: RouteOptions) => {
    const methods = [route.method].flat();
    const kinds = methods.map((method) => auditKindOf(method, route.url));
    const kind = kinds.find((k) => k !== null);
    if (!kind) return;
    const action = `${methods.join(",")} ${route.url}`;
    const open = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const scope = kind === "api" ? dashboardScope(request, action) : chatScope(request, action);
      if (!scope) return done();
      request.auditScope = scope;
      request.auditScopeOpen = true;
      openAuditScope(scope, () => done());
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), open] as RouteOptions["preHandler"];
    // The scope closes when the handler has finished, whatever it answers; what it returns is passed on as it is.
    const handler = route.handler;
    route.handler = function audited(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      const close = () => closeScopeOf(request);
      if (result instanceof Promise) void result.then(close, close);
      else close();
      return result;
    } as RouteOptions["handler"];
    // A request whose handler never ran (answered by an earlier hook, or aborted) closes its scope once answered.
    const closeAnswered = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      closeScopeOf(request);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), closeAnswered] as RouteOptions["onResponse"];
  });
  // Before the answer leaves, so a client that has it never sees the entry change afterwards.
  server.addHook("onSend", async (request, reply, payload) => {
    const entryId = request.auditScope?.entryId;
    if (!entryId) return payload;
    try {
      await audit().finish(entryId, reply.statusCode);
    } catch (err) {
      request.log.error({ err }, "could not add the answer's status to the audit entry");
    }
    return payload;
  });
}
