import {
  chatApi,
  chatOperation,
  zAddMembersRequest,
  zChangeOwnerRequest,
  zChannelListQuery,
  zChannelMemberParams,
  zChannelParams,
  zChannelResponse,
  zChannelsPage,
  zCreateChannelRequest,
  zJoinChannelRequest,
  zMember,
  zMembersPage,
  zMessageParams,
  zMuteRequest,
  zOk,
  zPageQuery,
  zSubchannelsResponse,
  zUnreadResponse,
  zUpdateChannelRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf, resolveChatCaller, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { ChannelService } from "./service";

const ok = { ok: true as const };

/** The chat API's channel, member and moderation routes, under `/v1`. */
export const channelChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  channels: ChannelService;
}> = async (fastify, deps) => {
  const { channels } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

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
  r.get(
    chatApi.subchannels,
    {
      schema: {
        ...chatOperation("listSubchannels", "List a super group's subchannels and the caller's own"),
        description:
          "A super group with subchannels on splits its members into subchannels: a member's messages reach their own subchannel, the app's and admins' the whole channel. `mine` is the caller's subchannel (null when subchannels are off, or for an API key).",
        params: zChannelParams,
        response: { 200: zSubchannelsResponse },
      },
    },
    async (request) => channels.subchannels(actorOf(request), request.params.channelId),
  );

  r.post(
    chatApi.pin,
    {
      schema: {
        ...chatOperation("pinMessage", "Pin a message to the channel"),
        description:
          "The channel's owner or the app pins a message of the channel, at most 10 (3080). Pinning one already pinned changes nothing. Members hear `message.pinned`.",
        params: zMessageParams,
        response: { 200: zChannelResponse },
      },
    },
    async (request) => ({
      channel: await channels.pinMessage(actorOf(request), request.params.channelId, request.params.messageId),
    }),
  );
  r.delete(
    chatApi.pin,
    {
      schema: {
        ...chatOperation("unpinMessage", "Unpin a message"),
        description: "The channel's owner or the app unpins a pinned message (3082 when it is not pinned).",
        params: zMessageParams,
        response: { 200: zChannelResponse },
      },
    },
    async (request) => ({
      channel: await channels.unpinMessage(actorOf(request), request.params.channelId, request.params.messageId),
    }),
  );
  r.get(
    chatApi.unread,
    {
      schema: {
        ...chatOperation("getUnreadCounts", "The caller's unread totals"),
        description:
          "Unread messages and mentions over all the caller's channels, and how many channels have something unread. Each channel of `GET /v1/channels?scope=mine` carries its own.",
        response: { 200: zUnreadResponse },
      },
    },
    async (request) => channels.unread(userOnly(request)),
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
};
