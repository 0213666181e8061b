import {
  chatApi,
  chatOperation,
  FILE_MAX_BYTES,
  zAddMembersRequest,
  zAnonymousLoginRequest,
  zChangeOwnerRequest,
  zChannelListQuery,
  zChannelMemberParams,
  zChannelParams,
  zChannelResponse,
  zChannelsPage,
  zChatLoginRequest,
  zChatSession,
  zChatUserResponse,
  zChatUsersPage,
  zCreateChannelRequest,
  zCreateChatUserRequest,
  zEventsQuery,
  zEventsResponse,
  zIssueTokenRequest,
  zIssueTokenResponse,
  zJoinChannelRequest,
  zMarkReadRequest,
  zMember,
  zMembersPage,
  zMessageHistoryQuery,
  zMessageParams,
  zMessageResponse,
  zMessagesResponse,
  zMuteRequest,
  zOk,
  zPageQuery,
  zSendMessageRequest,
  zUpdateChannelRequest,
  zUpdateChatUserRequest,
  zUserIdParams,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LARGE_BODY_LIMIT_BYTES } from "../http/limits";
import { receiveUpload } from "../http/multipart";
import type { AppService } from "../modules/apps/service";
import type { ChannelService } from "../modules/channels/service";
import type { ChatUserService } from "../modules/chat-users/service";
import type { FileService } from "../modules/files/service";
import type { MessageService } from "../modules/messages/service";
import { actorOf, callerOf, resolveChatCaller, serverOnly, userOnly } from "./principal";

export interface ChatRouteDeps {
  apps: AppService;
  chatUsers: ChatUserService;
  channels: ChannelService;
  messages: MessageService;
  files: FileService;
}

const ok = { ok: true as const };

/** The public chat API under `/v1`. Shapes come from the contract; the OpenAPI document is generated from them. */
export const chatRoutes: FastifyPluginAsync<ChatRouteDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { chatUsers, channels, messages, files } = deps;

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
      async (request) => ({ user: await chatUsers.getUser(callerOf(request).app, request.params.userId) }),
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
      },
      async (request) =>
        chatUsers.issueLoginToken(serverOnly(request), request.params.userId, request.body.expiresInSeconds),
    );

    // Channels.
    r.post(
      chatApi.channels,
      {
        schema: {
          ...chatOperation("createChannel", "Create a channel"),
          body: zCreateChannelRequest,
          response: { 200: zChannelResponse },
        },
      },
      async (request) => ({ channel: await channels.createChannel(actorOf(request), request.body) }),
    );
    r.get(
      chatApi.channels,
      {
        schema: {
          ...chatOperation("listChannels", "List the caller's channels and the public ones"),
          querystring: zChannelListQuery,
          response: { 200: zChannelsPage },
        },
      },
      async (request) => channels.listChannels(actorOf(request), request.query),
    );
    r.get(
      chatApi.channel,
      {
        schema: {
          ...chatOperation("getChannel", "Get a channel"),
          params: zChannelParams,
          response: { 200: zChannelResponse },
        },
      },
      async (request) => ({ channel: await channels.getChannel(actorOf(request), request.params.channelId) }),
    );
    r.patch(
      chatApi.channel,
      {
        schema: {
          ...chatOperation("updateChannel", "Update a channel"),
          params: zChannelParams,
          body: zUpdateChannelRequest,
          response: { 200: zChannelResponse },
        },
      },
      async (request) => ({
        channel: await channels.updateChannel(actorOf(request), request.params.channelId, request.body),
      }),
    );
    r.delete(
      chatApi.channel,
      {
        schema: {
          ...chatOperation("deleteChannel", "Delete a channel"),
          params: zChannelParams,
          response: { 200: zOk },
        },
      },
      async (request) => {
        await channels.deleteChannel(actorOf(request), request.params.channelId);
        return ok;
      },
    );
    r.post(
      chatApi.join,
      {
        schema: {
          ...chatOperation("joinChannel", "Join a channel, with its invitation code where needed"),
          params: zChannelParams,
          body: zJoinChannelRequest,
          response: { 200: zChannelResponse },
        },
      },
      async (request) => ({
        channel: await channels.join(userOnly(request), request.params.channelId, request.body.inviteCode),
      }),
    );
    r.post(
      chatApi.leave,
      {
        schema: { ...chatOperation("leaveChannel", "Leave a channel"), params: zChannelParams, response: { 200: zOk } },
      },
      async (request) => {
        await channels.leave(userOnly(request), request.params.channelId);
        return ok;
      },
    );

    // Members and moderation.
    r.get(
      chatApi.members,
      {
        schema: {
          ...chatOperation("listMembers", "List a channel's members"),
          params: zChannelParams,
          querystring: zPageQuery,
          response: { 200: zMembersPage },
        },
      },
      async (request) => channels.listMembers(actorOf(request), request.params.channelId, request.query),
    );
    r.post(
      chatApi.members,
      {
        schema: {
          ...chatOperation("addMembers", "Add users to a channel"),
          params: zChannelParams,
          body: zAddMembersRequest,
          response: { 200: zChannelResponse },
        },
      },
      async (request) => ({
        channel: await channels.addMembers(actorOf(request), request.params.channelId, request.body.userIds),
      }),
    );
    r.delete(
      chatApi.member,
      {
        schema: {
          ...chatOperation("removeMember", "Remove a member from a channel"),
          params: zChannelMemberParams,
          response: { 200: zOk },
        },
      },
      async (request) => {
        await channels.removeMember(actorOf(request), request.params.channelId, request.params.userId);
        return ok;
      },
    );
    r.post(
      chatApi.mute,
      {
        schema: {
          ...chatOperation("muteMember", "Mute a member for some minutes"),
          params: zChannelMemberParams,
          body: zMuteRequest,
          response: { 200: zMember },
        },
      },
      async (request) =>
        channels.mute(actorOf(request), request.params.channelId, request.params.userId, request.body.minutes),
    );
    r.post(
      chatApi.unmute,
      {
        schema: {
          ...chatOperation("unmuteMember", "Unmute a member"),
          params: zChannelMemberParams,
          response: { 200: zMember },
        },
      },
      async (request) => channels.mute(actorOf(request), request.params.channelId, request.params.userId, null),
    );
    r.post(
      chatApi.ban,
      {
        schema: {
          ...chatOperation("banMember", "Ban a user from a channel"),
          params: zChannelMemberParams,
          response: { 200: zOk },
        },
      },
      async (request) => {
        await channels.ban(actorOf(request), request.params.channelId, request.params.userId);
        return ok;
      },
    );
    r.post(
      chatApi.unban,
      {
        schema: { ...chatOperation("unbanMember", "Lift a ban"), params: zChannelMemberParams, response: { 200: zOk } },
      },
      async (request) => {
        await channels.unban(actorOf(request), request.params.channelId, request.params.userId);
        return ok;
      },
    );
    r.put(
      chatApi.owner,
      {
        schema: {
          ...chatOperation("changeOwner", "Make another member the channel's owner"),
          params: zChannelParams,
          body: zChangeOwnerRequest,
          response: { 200: zChannelResponse },
        },
      },
      async (request) => ({
        channel: await channels.changeOwner(actorOf(request), request.params.channelId, request.body.userId),
      }),
    );

    // Messages.
    r.post(
      chatApi.messages,
      {
        bodyLimit: LARGE_BODY_LIMIT_BYTES,
        schema: {
          ...chatOperation("sendMessage", "Send a text message"),
          params: zChannelParams,
          body: zSendMessageRequest,
          response: { 200: zMessageResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        // An app's server speaks as the app: its messages are admin messages, with no sender.
        const type = actor.kind === "user" ? "text" : "admin";
        return { message: await messages.send(actor, request.params.channelId, request.body, type) };
      },
    );
    r.get(
      chatApi.messages,
      {
        schema: {
          ...chatOperation("listMessages", "List a channel's messages by cursor"),
          params: zChannelParams,
          querystring: zMessageHistoryQuery,
          response: { 200: zMessagesResponse },
        },
      },
      async (request) => messages.history(actorOf(request), request.params.channelId, request.query),
    );
    r.post(
      chatApi.files,
      {
        schema: {
          ...chatOperation("sendFile", "Send a file message (multipart, up to 15 MB)"),
          description:
            "Sends a file message: multipart/form-data with an optional `caption` field first, then one `file` part of at most 15 MB.",
          params: zChannelParams,
          consumes: ["multipart/form-data"],
          response: { 200: zMessageResponse },
        },
      },
      async (request) => {
        const upload = await receiveUpload(request, FILE_MAX_BYTES);
        return { message: await files.sendFile(actorOf(request), request.params.channelId, upload) };
      },
    );
    r.delete(
      chatApi.message,
      {
        schema: {
          ...chatOperation("deleteMessage", "Delete a message"),
          params: zMessageParams,
          response: { 200: zOk },
        },
      },
      async (request) => {
        await messages.deleteMessage(actorOf(request), request.params.channelId, request.params.messageId);
        return ok;
      },
    );
    r.post(
      chatApi.read,
      {
        schema: {
          ...chatOperation("markRead", "Mark the channel read up to a message"),
          params: zChannelParams,
          body: zMarkReadRequest,
          response: { 200: z.object({ lastReadSeq: z.number().int() }) },
        },
      },
      async (request) => ({
        lastReadSeq: await messages.markRead(userOnly(request), request.params.channelId, request.body.seq),
      }),
    );
    r.get(
      chatApi.events,
      {
        schema: {
          ...chatOperation("listEvents", "Events after a given id, to catch up after a reconnect"),
          querystring: zEventsQuery,
          response: { 200: zEventsResponse },
        },
      },
      async (request) => messages.eventsSince(userOnly(request), request.query.after, request.query.limit),
    );
  });
};
