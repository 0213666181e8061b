import { Errors } from "@parley/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { AppRow, AppService } from "../modules/apps";
import { bearerToken } from "./authenticate";
import { callerOf } from "./chat-principal";

/**
 * The app and key of a chat API request made with an API key (`resolveChatCaller` ran first); a user's session token
 * answers 1023. `isKeyLive` asks again later whether the key still admits anyone, for a stream that outlives the
 * request that checked it.
 */
export function apiKeyCallerOf(
  request: FastifyRequest,
  apps: AppService,
): { app: AppRow; keyId: string; isKeyLive: () => Promise<boolean> } {
  const caller = callerOf(request);
  const token = bearerToken(request);
  if (caller.kind !== "server" || !token) throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  return {
    app: caller.app,
    keyId: caller.apiKey.id,
    isKeyLive: async () => (await apps.authenticateApiKeyOf(token)) !== null,
  };
}
