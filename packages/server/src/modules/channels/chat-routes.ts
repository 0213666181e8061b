import {
  chatApi,
  chatOperation,
  type TBulkChannelResult,
  type TBulkMemberResult,
  zAddMembersRequest,
  zBulkChannelItem,
  zBulkChannelsResponse,
  zBulkCreateChannelsRequest,
  zBulkMembersRequest,
  zBulkMembersResponse,
  zChangeOwnerRequest,
  zChannelListQuery,
  zChannelMemberParams,
  zChannelParams,
  zChannelResponse,
  zChannelsPage,
  zCreateChannelRequest,
  zJoinChannelRequest,
  zMarkDeliveredRequest,
  zMarkDeliveredResponse,
  zMember,
  zMembersPage,
  zMessageParams,
  zMuteRequest,
  zOk,
  zPageQuery,
  zSubchannelsResponse,
  zUnreadResponse,
  zUpdateChannelRequest,
  zUserId,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { checkItems, itemError } from "../../http/bulk";
import { actorOf, resolveChatCaller, serverOnly, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { BulkChannelOutcome, BulkMemberOutcome } from "./bulk";
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
  r.post(
    chatApi.channelsBulk,
    {
      schema: {
        ...chatOperation("createChannels", "Create up to 100 channels at once, with their members"),
        description:
          "Each item of `channels` is a channel as `createChannel` takes it (without `distinct`), with `channelId`, a UUID you choose, and `ownerUserId`, one of the app's users, who becomes its owner and a member. One transaction; the answer has one result per item, in order, with `status` created, exists (the app has a channel of this ID already, left as it is, so the same call sent again makes nothing twice) or failed. An item fails with the code its own call would answer: 300 or 301 when it is not valid or repeats an earlier item's `channelId`, 3018 with `data.userIds` when it names users the app does not have, 3024 when its members exceed its limit, 3160 when its ID belongs to another app's channel. The other items are applied.",
        body: zBulkCreateChannelsRequest,
        response: { 200: zBulkChannelsResponse },
      },
    },
    async (request) => {
      const app = serverOnly(request);
      const checked = checkItems(zBulkChannelItem, request.body.channels, (item) => item.channelId, "channelId");
      const valid = checked.flatMap((item) => ("value" in item ? [item] : []));
      const done = new Map((await channels.createChannels(app, valid)).map((outcome) => [outcome.index, outcome]));
      return {
        results: checked.map((item): TBulkChannelResult => {
          if ("error" in item) return { index: item.index, status: "failed", error: itemError(item.error) };
          const outcome = done.get(item.index) as BulkChannelOutcome;
          return outcome.status === "failed" ? { ...outcome, error: itemError(outcome.error) } : outcome;
        }),
      };
    },
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
  r.post(
    chatApi.delivered,
    {
      schema: {
        ...chatOperation("markDelivered", "Tell the channel which of its messages reached the member's client"),
        description:
          "Delivery receipts: the member's client has received the channel's messages up to `seq`. The mark never moves back, nor past the channel's last message; a read mark implies it. When it moves the channel's members hear `channel.delivered` (at most once per member every 2 s, the newest mark last). 3240 in an open channel, which keeps no receipts.",
        params: zChannelParams,
        body: zMarkDeliveredRequest,
        response: { 200: zMarkDeliveredResponse },
      },
    },
    async (request) => ({
      lastDeliveredSeq: await channels.markDelivered(userOnly(request), request.params.channelId, request.body.seq),
    }),
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
  r.post(
    chatApi.membersBulk,
    {
      schema: {
        ...chatOperation("changeMembers", "Add and remove up to 100 members of a channel at once"),
        description:
          "`add` and `remove` list user IDs, 100 in all. The removals are applied first, then the adds, in one transaction; the answer holds the channel and one result per user ID, the adds first, with `status` added, already_member, removed, not_member or failed. A user ID fails with 300 when it is not valid or named earlier in the call, 3018 when the app has no such user, 3029 when the user is banned from the channel, and 3024 once the channel is full; the others are applied.",
        params: zChannelParams,
        body: zBulkMembersRequest,
        response: { 200: zBulkMembersResponse },
      },
    },
    async (request) => {
      const app = serverOnly(request);
      const { add, remove } = request.body;
      // One list for the check, so a user named twice, in either list, is refused where named again.
      const checked = checkItems(zUserId, [...add, ...remove], (userId) => userId, "userId");
      const split = checked.map((item, at) => ({
        ...item,
        action: at < add.length ? ("add" as const) : ("remove" as const),
        index: at < add.length ? at : at - add.length,
      }));
      const valid = (action: "add" | "remove") =>
        split.flatMap((item) => (item.action === action && "value" in item ? [item] : []));
      const { channel, outcomes } = await channels.changeMembers(
        app,
        request.params.channelId,
        valid("add"),
        valid("remove"),
      );
      const done = new Map(outcomes.map((outcome) => [`${outcome.action}:${outcome.index}`, outcome]));
      return {
        channel,
        results: split.map((item): TBulkMemberResult => {
          if ("error" in item) {
            const userId = typeof item.raw === "string" ? item.raw : "";
            return { index: item.index, action: item.action, userId, status: "failed", error: itemError(item.error) };
          }
          const { error, ...outcome } = done.get(`${item.action}:${item.index}`) as BulkMemberOutcome;
          return error ? { ...outcome, error: itemError(error) } : outcome;
        }),
      };
    },
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
    chatApi.freeze,
    {
      schema: {
        ...chatOperation("freezeChannel", "Freeze a channel: its members read but no longer send"),
        params: zChannelParams,
        response: { 200: zChannelResponse },
      },
    },
    async (request) => ({
      channel: await channels.setFrozen({ kind: "server", app: serverOnly(request) }, request.params.channelId, true),
    }),
  );
  r.post(
    chatApi.unfreeze,
    {
      schema: {
        ...chatOperation("unfreezeChannel", "Unfreeze a channel: its members send again"),
        params: zChannelParams,
        response: { 200: zChannelResponse },
      },
    },
    async (request) => ({
      channel: await channels.setFrozen({ kind: "server", app: serverOnly(request) }, request.params.channelId, false),
    }),
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
