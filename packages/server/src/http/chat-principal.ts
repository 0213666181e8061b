import { Errors } from "@parley/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { AppRow, AppService } from "../modules/apps";
import type { Actor } from "../modules/channels";
import type { ChatPrincipal, ChatUserService } from "../modules/chat-users";
import { bearerToken } from "./authenticate";

/** A server calls with one of its app's API keys, named here for the audit log. */
export type ChatCaller =
  | { kind: "server"; app: AppRow; apiKey: { id: string; label: string } }
  | ({ kind: "user" } & ChatPrincipal);

declare module "fastify" {
  interface FastifyRequest {
    chatCaller: ChatCaller | null;
  }
}

/**
 * Resolves the chat API credential: an app's API key (`psk_…`, server to server) or an end user's session
 * token (`pcs_…`). Anything else answers 3028; a valid credential of an app whose account's service is stopped
 * answers 4000.
 */
export function resolveChatCaller(deps: { apps: AppService; chatUsers: ChatUserService }) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (token) {
      const server = await deps.apps.authenticateApiKeyOf(token);
      if (server) {
        await deps.apps.requireChatAccess(server.app);
        request.chatCaller = { kind: "server", app: server.app, apiKey: server.key };
        return;
      }
      const principal = await deps.chatUsers.authenticateSession(token);
      if (principal) {
        await deps.apps.requireChatAccess(principal.app);
        request.chatCaller = { kind: "user", ...principal };
        return;
      }
    }
    throw new AppError(Errors.CHAT_AUTH_REQUIRED);
  };
}

export function callerOf(request: FastifyRequest): ChatCaller {
  if (!request.chatCaller) throw new AppError(Errors.CHAT_AUTH_REQUIRED);
  return request.chatCaller;
}

export function actorOf(request: FastifyRequest): Actor {
  const caller = callerOf(request);
  return caller.kind === "server"
    ? { kind: "server", app: caller.app }
    : { kind: "user", app: caller.app, user: caller.user };
}

/** Only an app's own servers may call this route: an end user's session answers 1023. */
export function serverOnly(request: FastifyRequest): AppRow {
  const caller = callerOf(request);
  if (caller.kind !== "server") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  return caller.app;
}

/** Only an end user may call this route (it acts as them): an API key answers 1023. */
export function userOnly(request: FastifyRequest): Actor & { kind: "user" } {
  const caller = callerOf(request);
  if (caller.kind !== "user") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  return { kind: "user", app: caller.app, user: caller.user };
}
