import {
  bulkItemUserId,
  chatApi,
  chatOperation,
  type TBulkUserResult,
  zAnonymousLoginRequest,
  zBlockedUserResponse,
  zBlockedUsersPage,
  zBlockedUsersQuery,
  zBulkUpsertUsersRequest,
  zBulkUserItem,
  zBulkUsersResponse,
  zChatLoginRequest,
  zChatSession,
  zChatUserResponse,
  zChatUsersPage,
  zCreateChatUserRequest,
  zIssueTokenRequest,
  zIssueTokenResponse,
  zOk,
  zPageQuery,
  zUpdateChatUserRequest,
  zUserIdParams,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Presence } from "../../chat/presence";
import { checkItems, itemError } from "../../http/bulk";
import { callerOf, resolveChatCaller, serverOnly, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import { toChatUser } from "./mapping";
import type { ChatUserService } from "./service";

const ok = { ok: true as const };

/** The chat API's login, session and user routes, under `/v1`. Shapes come from the contract. */
export const chatUserChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  presence: Pick<Presence, "online">;
}> = async (fastify, deps) => {
  const { chatUsers } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Login routes take no credential.
  app.post(
    chatApi.login,
    {
      schema: {
        ...chatOperation("loginUser", "Log in an end user with a login token from your server"),
        body: zChatLoginRequest,
        response: { 200: zChatSession },
      },
    },
    async (request) => {
      await deps.apps.requireChatAccessById(request.body.appId);
      return chatUsers.login(request.body);
    },
  );
  app.post(
    chatApi.anonymousLogin,
    {
      schema: {
        ...chatOperation(
          "loginAnonymously",
          "Log in anonymously with a user ID and nickname, when the app allows it; a user the app created is refused (3062)",
        ),
        body: zAnonymousLoginRequest,
        response: { 200: zChatSession },
      },
    },
    async (request) => {
      await deps.apps.requireChatAccessById(request.body.appId);
      return chatUsers.anonymousLogin(request.body);
    },
  );

  await app.register(async (authed) => {
    const r = authed.withTypeProvider<ZodTypeProvider>();
    r.addHook("preHandler", resolveChatCaller(deps));

    r.post(
      chatApi.logout,
      { schema: { ...chatOperation("logout", "End the current chat session"), response: { 200: zOk } } },
      async (request) => {
        const caller = callerOf(request);
        if (caller.kind === "user") await chatUsers.logout(caller);
        return ok;
      },
    );

    r.get(
      chatApi.me,
      { schema: { ...chatOperation("getMe", "The logged-in user"), response: { 200: zChatUserResponse } } },
      async (request) => {
        const actor = userOnly(request);
        return { user: await chatUsers.getUser(actor.app, actor.user.userId) };
      },
    );
    r.patch(
      chatApi.me,
      {
        schema: {
          ...chatOperation("updateMe", "Change the logged-in user's nickname or profile image"),
          body: zUpdateChatUserRequest.omit({ metadata: true }),
          response: { 200: zChatUserResponse },
        },
      },
      async (request) => {
        const actor = userOnly(request);
        return { user: await chatUsers.updateUser(actor.app, actor.user.userId, request.body) };
      },
    );

    // The caller's blocked users.
    r.post(
      chatApi.block,
      {
        schema: {
          ...chatOperation("blockUser", "Block a user of the app"),
          description:
            "The blocked user's messages no longer reach the caller: history, real-time events, pushes and unread counts leave them out, and the blocked user cannot make a distinct one-to-one channel with the caller (3086). Blocking again answers the same block. 3084 for oneself, 3018 for a user not of this app, 3085 past 1,000 blocked users.",
          params: zUserIdParams,
          response: { 200: zBlockedUserResponse },
        },
      },
      async (request) => ({ user: await chatUsers.blocks.block(userOnly(request), request.params.userId) }),
    );
    r.delete(
      chatApi.block,
      {
        schema: {
          ...chatOperation("unblockUser", "Unblock a user"),
          description:
            "The user's messages reach the caller again, those sent meanwhile included in history. 3083 when the caller does not block them.",
          params: zUserIdParams,
          response: { 200: zOk },
        },
      },
      async (request) => {
        await chatUsers.blocks.unblock(userOnly(request), request.params.userId);
        return ok;
      },
    );
    r.get(
      chatApi.blocks,
      {
        schema: {
          ...chatOperation("listBlockedUsers", "List the users the caller blocks"),
          description: "Most recently blocked first, by cursor.",
          querystring: zBlockedUsersQuery,
          response: { 200: zBlockedUsersPage },
        },
      },
      async (request) => chatUsers.blocks.list(userOnly(request), request.query),
    );

    // Users: server to server.
    r.post(
      chatApi.users,
      {
        schema: {
          ...chatOperation("createUser", "Create a user"),
          body: zCreateChatUserRequest,
          response: { 200: zChatUserResponse },
        },
      },
      async (request) => ({ user: await chatUsers.createUser(serverOnly(request), request.body) }),
    );
    r.post(
      chatApi.usersBulk,
      {
        schema: {
          ...chatOperation("upsertUsers", "Create or update up to 100 users at once"),
          description:
            "Each item of `users` is a user as `createUser` takes it (`userId`, `nickname`, `profileImageUrl`, `metadata`). A user the app does not have is created; one it has is changed to what the item gives (a field left out keeps its value), or left unchanged. One transaction; the answer has one result per item, in order, with `status` created, updated, unchanged or failed. An item that is not valid fails with the code its own call would answer (300, 301), and an item naming a user an earlier item named fails with 300; the other items are applied. Sending the same call again changes nothing.",
          body: zBulkUpsertUsersRequest,
          response: { 200: zBulkUsersResponse },
        },
      },
      async (request) => {
        const app = serverOnly(request);
        const checked = checkItems(zBulkUserItem, request.body.users, (user) => user.userId, "userId");
        const valid = checked.flatMap((item) => ("value" in item ? [item] : []));
        const done = new Map((await chatUsers.upsertUsers(app, valid)).map((result) => [result.index, result]));
        return {
          results: checked.map((item): TBulkUserResult => {
            if ("error" in item) {
              const userId = bulkItemUserId(item.raw);
              return { index: item.index, userId, status: "failed", error: itemError(item.error) };
            }
            return done.get(item.index) as TBulkUserResult;
          }),
        };
      },
    );
    r.get(
      chatApi.users,
      {
        schema: {
          ...chatOperation("listUsers", "List the app's users"),
          querystring: zPageQuery,
          response: { 200: zChatUsersPage },
        },
      },
      async (request) => chatUsers.listUsers(serverOnly(request), request.query),
    );
    r.get(
      chatApi.user,
      {
        schema: {
          ...chatOperation("getUser", "Get a user"),
          params: zUserIdParams,
          response: { 200: zChatUserResponse },
        },
      },
      async (request) => {
        const { app } = callerOf(request);
        const row = await chatUsers.requireUser(app.id, request.params.userId);
        const online = await deps.presence.online(app.id, [row.id]);
        return { user: { ...toChatUser(row), isOnline: online.has(row.id) } };
      },
    );
    r.patch(
      chatApi.user,
      {
        schema: {
          ...chatOperation("updateUser", "Update a user"),
          params: zUserIdParams,
          body: zUpdateChatUserRequest,
          response: { 200: zChatUserResponse },
        },
      },
      async (request) => ({
        user: await chatUsers.updateUser(serverOnly(request), request.params.userId, request.body),
      }),
    );
    r.delete(
      chatApi.user,
      {
        schema: {
          ...chatOperation("deleteUser", "Delete a user and their memberships"),
          params: zUserIdParams,
          response: { 200: zOk },
        },
      },
      async (request) => {
        await chatUsers.deleteUser(serverOnly(request), request.params.userId);
        return ok;
      },
    );
    r.post(
      chatApi.userActivate,
      {
        schema: {
          ...chatOperation("activateUser", "Reactivate a user"),
          params: zUserIdParams,
          response: { 200: zChatUserResponse },
        },
      },
      async (request) => ({ user: await chatUsers.setActive(serverOnly(request), request.params.userId, true) }),
    );
    r.post(
      chatApi.userDeactivate,
      {
        schema: {
          ...chatOperation("deactivateUser", "Deactivate a user: they can no longer log in or send"),
          params: zUserIdParams,
          response: { 200: zChatUserResponse },
        },
      },
      async (request) => ({ user: await chatUsers.setActive(serverOnly(request), request.params.userId, false) }),
    );
    r.post(
      chatApi.userToken,
      {
        schema: {
          ...chatOperation("issueLoginToken", "Issue a login token for a user, reusable until it expires"),
          params: zUserIdParams,
          body: zIssueTokenRequest,
          response: { 200: zIssueTokenResponse },
        },
        // The answer is a login token, which an idempotent replay would keep in clear for a day.
        config: { idempotency: false },
      },
      async (request) =>
        chatUsers.issueLoginToken(serverOnly(request), request.params.userId, request.body.expiresInSeconds),
    );
  });
};
