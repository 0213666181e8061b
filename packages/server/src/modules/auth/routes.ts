import {
  api,
  Errors,
  zActiveSessionsResponse,
  zEmailVerificationConfirmRequest,
  zEmailVerificationConfirmResponse,
  zEmailVerificationSendRequest,
  zEmailVerifiedQuery,
  zEmailVerifiedResponse,
  zLoginRequest,
  zLoginResponse,
  zOk,
  zPasswordResetConfirmRequest,
  zPasswordResetRequest,
  zSessionParams,
  zSessionState,
  zSessionsEndedResponse,
  zSignupRequest,
  zSignupResponse,
} from "@parley/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { authOf, bearerToken, optionalAuth, requireAuth } from "../../http/authenticate";
import { type AuthService, toSessionState } from "./service";

export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (fastify, { auth }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Signing up or in while holding a live session is refused (1002), so two sessions never mix in one browser. */
  const refuseIfSignedIn = async (request: FastifyRequest) => {
    if (await optionalAuth(auth, request)) throw new AppError(Errors.ALREADY_LOGGED_IN);
  };

  app.post(
    api.auth.signup,
    { schema: { body: zSignupRequest, response: { 200: zSignupResponse } }, preHandler: refuseIfSignedIn },
    async (request) => auth.signup(request.body),
  );

  app.post(
    api.auth.login,
    { schema: { body: zLoginRequest, response: { 200: zLoginResponse } }, preHandler: refuseIfSignedIn },
    async (request) => auth.login(request.body, request.headers["user-agent"]?.slice(0, 300) ?? ""),
  );

  app.get(
    api.auth.currentSession,
    { schema: { response: { 200: zSessionState } }, preValidation: requireAuth(auth) },
    async (request) => toSessionState(authOf(request).account, bearerToken(request) ?? ""),
  );

  app.get(
    api.auth.sessions,
    { schema: { response: { 200: zActiveSessionsResponse } }, preValidation: requireAuth(auth) },
    async (request) => ({ sessions: await auth.listSessions(authOf(request)) }),
  );

  app.delete(
    api.auth.sessions,
    { schema: { response: { 200: zSessionsEndedResponse } }, preValidation: requireAuth(auth) },
    async (request) => ({ ended: await auth.endAllSessions(authOf(request)) }),
  );

  app.delete(
    api.auth.session,
    { schema: { params: zSessionParams, response: { 200: zOk } }, preValidation: requireAuth(auth) },
    async (request) => {
      await auth.endSession(authOf(request), request.params.sessionId);
      return { ok: true as const };
    },
  );

  app.post(
    api.auth.logout,
    { schema: { response: { 200: zOk } }, preValidation: requireAuth(auth) },
    async (request) => {
      await auth.logout(authOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    api.auth.passwordReset,
    { schema: { body: zPasswordResetRequest, response: { 200: zOk } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    api.auth.passwordResetConfirm,
    { schema: { body: zPasswordResetConfirmRequest, response: { 200: zOk } } },
    async (request) => {
      await auth.confirmPasswordReset(request.body);
      return { ok: true as const };
    },
  );

  app.get(
    api.auth.emailVerified,
    { schema: { querystring: zEmailVerifiedQuery, response: { 200: zEmailVerifiedResponse } } },
    async (request) => ({ email: request.query.email, verified: await auth.isEmailVerified(request.query.email) }),
  );

  app.post(
    api.auth.emailVerificationSend,
    { schema: { body: zEmailVerificationSendRequest, response: { 200: zOk } } },
    async (request) => {
      await auth.sendVerification(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    api.auth.emailVerificationConfirm,
    { schema: { body: zEmailVerificationConfirmRequest, response: { 200: zEmailVerificationConfirmResponse } } },
    async (request) => {
      // A browser that is signed in already keeps its session; the verification alone is done for it.
      const isSignedIn = (await optionalAuth(auth, request)) !== null;
      const signIn = isSignedIn ? null : { userAgent: request.headers["user-agent"]?.slice(0, 300) ?? "" };
      const session = await auth.confirmVerification(request.body.email, request.body.code, signIn);
      return { ok: true as const, session };
    },
  );
};
