import { Errors } from "@parley/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { Authenticated, AuthService } from "../modules/auth";

declare module "fastify" {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * A hook that admits only requests with a valid session; everything else answers 1001. Run before validation, so
 * a caller without a session learns nothing about a route's schema. A request already admitted (by the app check
 * that runs first for `/apps/:id/...`) is not looked up again.
 */
export function requireAuth(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth) return;
    const token = bearerToken(request);
    const found = token ? await auth.authenticate(token) : null;
    if (!found) throw new AppError(Errors.NOT_LOGGED_IN);
    request.auth = found;
  };
}

/** The session when one is presented, without requiring it. */
export async function optionalAuth(auth: AuthService, request: FastifyRequest): Promise<Authenticated | null> {
  const token = bearerToken(request);
  return token ? auth.authenticate(token) : null;
}

export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError(Errors.NOT_LOGGED_IN);
  return request.auth;
}
