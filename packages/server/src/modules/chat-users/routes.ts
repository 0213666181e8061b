import {
  dashboardChat as paths,
  zAppIdParams,
  zAppUserParams,
  zChatSession,
  zChatUserResponse,
  zCreateTestUserRequest,
  zTestUsersResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AppService } from "../apps";
import type { AuthService } from "../auth";
import type { ChatUserService } from "./service";

/**
 * The dashboard's "chat as a test user": it makes test users of an app and takes chat sessions for them, then uses
 * the chat API (`/v1`) as that user like any client would. The one app access check admits the owner, the
 * sub-account made for this app and admins; everyone else hears 3003.
 */
export const testUserRoutes: FastifyPluginAsync<{
  auth: AuthService;
  apps: AppService;
  chatUsers: ChatUserService;
}> = async (fastify, { auth, apps, chatUsers }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    paths.testUsers,
    { schema: { params: zAppIdParams, response: { 200: zTestUsersResponse } } },
    async (request) => ({
      users: await chatUsers.listTestUsers(await apps.requireAppAccess(authOf(request), request.params.id)),
    }),
  );

  app.post(
    paths.testUsers,
    { schema: { params: zAppIdParams, body: zCreateTestUserRequest, response: { 200: zChatUserResponse } } },
    async (request) => {
      const target = await apps.requireAppAccess(authOf(request), request.params.id);
      return { user: await chatUsers.createTestUser(target, request.body.nickname) };
    },
  );

  app.post(
    paths.testUserSession,
    // The answer holds a chat session token, which an idempotent replay would keep in clear for a day.
    { schema: { params: zAppUserParams, response: { 200: zChatSession } }, config: { idempotency: false } },
    async (request) => {
      const target = await apps.requireAppAccess(authOf(request), request.params.id);
      // The same refusal a chat login meets (4000 when the account's service is stopped), said here at once
      // rather than by the first chat API call.
      await apps.requireChatAccess(target);
      return chatUsers.startTestUserSession(target, request.params.userId);
    },
  );
};
