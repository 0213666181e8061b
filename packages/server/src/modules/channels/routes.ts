import {
  dashboardChat as paths,
  type TDashboardPageQuery,
  zAdminMessageBody,
  zAppChannelParams,
  zAppChannelUserParams,
  zAppIdParams,
  zAppMessageParams,
  zAppReactionParams,
  zAppUserParams,
  zBannedPage,
  zChannelDetailResponse,
  zChannelResponse,
  zChatUserResponse,
  zChatUsersPage,
  zCountResponse,
  zCreateTagBody,
  zDashboardChannelsPage,
  zDashboardChannelsQuery,
  zDashboardCreateChannelRequest,
  zDashboardMessageHistoryQuery,
  zDashboardPageQuery,
  zDashboardUpdateChannelRequest,
  zDeleteMessagesBody,
  zDeleteTagBody,
  zIsMutedResponse,
  zMember,
  zMemberMessagesResponse,
  zMembersPage,
  zMessageResponse,
  zMessagesResponse,
  zMuteBody,
  zOk,
  zPinnedMessagesResponse,
  zRepliesQuery,
  zSubchannelsResponse,
  zTagsResponse,
  zUserIdBody,
  zUserIdsBody,
} from "@parley/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AppService } from "../apps";
import type { AuthService } from "../auth";
import type { BrandChannels } from "../campaigns";
import type { ChatUserService } from "../chat-users";
import type { MessageService } from "../messages";
import type { Actor, ChannelService } from "./service";

export interface DashboardChatDeps {
  auth: AuthService;
  apps: AppService;
  chatUsers: ChatUserService;
  channels: ChannelService;
  messages: MessageService;
  /** Which brand and recipient a campaign's channel belongs to, for the channel list. */
  brandChannels: Pick<BrandChannels, "brandChannelInfo">;
}

const ok = { ok: true as const };
const page = (q: TDashboardPageQuery) => ({ cursor: q.cursor, limit: q.limit, search: q.q });

/**
 * The dashboard's users and channels screens. Every route resolves the app through the one access check and
 * acts as the app's administrator.
 */
export const dashboardChatRoutes: FastifyPluginAsync<DashboardChatDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { apps, chatUsers, channels, messages } = deps;
  app.addHook("preValidation", requireAuth(deps.auth));

  const admin = async (request: FastifyRequest): Promise<Actor & { kind: "admin" }> => {
    const { id } = request.params as { id: string };
    return { kind: "admin", app: await apps.requireAppAccess(authOf(request), id) };
  };

  // Users.
  for (const path of [paths.users, paths.searchUsers]) {
    app.get(
      path,
      { schema: { params: zAppIdParams, querystring: zDashboardPageQuery, response: { 200: zChatUsersPage } } },
      async (request) => chatUsers.listUsers((await admin(request)).app, page(request.query)),
    );
  }
  app.post(
    paths.activate,
    { schema: { params: zAppUserParams, response: { 200: zChatUserResponse } } },
    async (request) => ({
      user: await chatUsers.setActive((await admin(request)).app, request.params.userId, true),
    }),
  );
  app.post(
    paths.deactivate,
    { schema: { params: zAppUserParams, response: { 200: zChatUserResponse } } },
    async (request) => ({
      user: await chatUsers.setActive((await admin(request)).app, request.params.userId, false),
    }),
  );
  app.delete(paths.user, { schema: { params: zAppUserParams, response: { 200: zOk } } }, async (request) => {
    await chatUsers.deleteUser((await admin(request)).app, request.params.userId);
    return ok;
  });

  // Channels.
  for (const path of [paths.channels, paths.searchChannels]) {
    app.get(
      path,
      {
        schema: {
          params: zAppIdParams,
          querystring: zDashboardChannelsQuery,
          response: { 200: zDashboardChannelsPage },
        },
      },
      async (request) => {
        const actor = await admin(request);
        const listed = await channels.listChannels(actor, { ...page(request.query), kind: request.query.kind });
        const brandInfo = await deps.brandChannels.brandChannelInfo(
          actor.app,
          listed.channels.map((channel) => channel.id),
        );
        return {
          channels: listed.channels.map((channel) => ({ ...channel, brand: brandInfo.get(channel.id) ?? null })),
          nextCursor: listed.nextCursor,
        };
      },
    );
  }
  app.post(
    paths.channels,
    { schema: { params: zAppIdParams, body: zDashboardCreateChannelRequest, response: { 200: zChannelResponse } } },
    async (request) => ({ channel: await channels.createChannel(await admin(request), request.body) }),
  );
  app.get(
    paths.channel,
    { schema: { params: zAppChannelParams, response: { 200: zChannelDetailResponse } } },
    async (request) => channels.detail(await admin(request), request.params.channelId),
  );
  app.put(
    paths.channel,
    {
      schema: {
        params: zAppChannelParams,
        body: zDashboardUpdateChannelRequest,
        response: { 200: zChannelDetailResponse },
      },
    },
    async (request) => {
      const actor = await admin(request);
      await channels.updateChannel(actor, request.params.channelId, request.body);
      return channels.detail(actor, request.params.channelId);
    },
  );
  app.delete(paths.channel, { schema: { params: zAppChannelParams, response: { 200: zOk } } }, async (request) => {
    await channels.deleteChannel(await admin(request), request.params.channelId);
    return ok;
  });
  app.put(
    paths.owner,
    { schema: { params: zAppChannelParams, body: zUserIdBody, response: { 200: zChannelResponse } } },
    async (request) => ({
      channel: await channels.changeOwner(await admin(request), request.params.channelId, request.body.userId),
    }),
  );
  app.post(
    paths.freeze,
    { schema: { params: zAppChannelParams, response: { 200: zChannelResponse } } },
    async (request) => ({
      channel: await channels.setFrozen(await admin(request), request.params.channelId, true),
    }),
  );
  app.post(
    paths.unfreeze,
    { schema: { params: zAppChannelParams, response: { 200: zChannelResponse } } },
    async (request) => ({
      channel: await channels.setFrozen(await admin(request), request.params.channelId, false),
    }),
  );

  // Messages.
  app.get(
    paths.messages,
    {
      schema: {
        params: zAppChannelParams,
        querystring: zDashboardMessageHistoryQuery,
        response: { 200: zMessagesResponse },
      },
    },
    async (request) => messages.history(await admin(request), request.params.channelId, request.query),
  );
  app.get(
    paths.subchannels,
    { schema: { params: zAppChannelParams, response: { 200: zSubchannelsResponse } } },
    async (request) => channels.subchannels(await admin(request), request.params.channelId),
  );
  app.post(
    paths.messages,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: { params: zAppChannelParams, body: zAdminMessageBody, response: { 200: zMessageResponse } },
    },
    async (request) => ({
      message: await messages.send(
        await admin(request),
        request.params.channelId,
        { text: request.body.text },
        "admin",
      ),
    }),
  );
  app.post(
    paths.deleteMessages,
    { schema: { params: zAppChannelParams, body: zDeleteMessagesBody, response: { 200: zOk } } },
    async (request) => {
      await messages.deleteMessages(await admin(request), request.params.channelId, request.body.messageIds);
      return ok;
    },
  );

  app.get(
    paths.replies,
    { schema: { params: zAppMessageParams, querystring: zRepliesQuery, response: { 200: zMessagesResponse } } },
    async (request) => {
      const { channelId, messageId } = request.params;
      return messages.replies(await admin(request), channelId, messageId, request.query);
    },
  );
  app.delete(
    paths.reaction,
    { schema: { params: zAppReactionParams, response: { 200: zMessageResponse } } },
    async (request) => {
      const { channelId, messageId, reaction } = request.params;
      return { message: await messages.removeReactionForAll(await admin(request), channelId, messageId, reaction) };
    },
  );
  app.get(
    paths.pins,
    { schema: { params: zAppChannelParams, response: { 200: zPinnedMessagesResponse } } },
    async (request) => messages.pinnedMessages(await admin(request), request.params.channelId),
  );
  app.post(
    paths.pin,
    { schema: { params: zAppMessageParams, response: { 200: zChannelResponse } } },
    async (request) => ({
      channel: await channels.pinMessage(await admin(request), request.params.channelId, request.params.messageId),
    }),
  );
  app.delete(
    paths.pin,
    { schema: { params: zAppMessageParams, response: { 200: zChannelResponse } } },
    async (request) => ({
      channel: await channels.unpinMessage(await admin(request), request.params.channelId, request.params.messageId),
    }),
  );

  // Members and moderation.
  app.post(
    paths.membersAdd,
    { schema: { params: zAppChannelParams, body: zUserIdsBody, response: { 200: zChannelResponse } } },
    async (request) => ({
      channel: await channels.addMembers(await admin(request), request.params.channelId, request.body.userIds),
    }),
  );
  app.post(
    paths.membersRemove,
    { schema: { params: zAppChannelParams, body: zUserIdBody, response: { 200: zOk } } },
    async (request) => {
      await channels.removeMember(await admin(request), request.params.channelId, request.body.userId);
      return ok;
    },
  );
  app.post(
    paths.mute,
    { schema: { params: zAppChannelParams, body: zMuteBody, response: { 200: zMember } } },
    async (request) =>
      channels.mute(await admin(request), request.params.channelId, request.body.userId, request.body.minutes),
  );
  app.post(
    paths.unmute,
    { schema: { params: zAppChannelParams, body: zUserIdBody, response: { 200: zMember } } },
    async (request) => channels.mute(await admin(request), request.params.channelId, request.body.userId, null),
  );
  app.post(
    paths.ban,
    { schema: { params: zAppChannelParams, body: zUserIdBody, response: { 200: zOk } } },
    async (request) => {
      await channels.ban(await admin(request), request.params.channelId, request.body.userId);
      return ok;
    },
  );
  app.post(
    paths.unban,
    { schema: { params: zAppChannelParams, body: zUserIdBody, response: { 200: zOk } } },
    async (request) => {
      await channels.unban(await admin(request), request.params.channelId, request.body.userId);
      return ok;
    },
  );
  for (const path of [paths.members, paths.membersSearch]) {
    app.get(
      path,
      { schema: { params: zAppChannelParams, querystring: zDashboardPageQuery, response: { 200: zMembersPage } } },
      async (request) => channels.listMembers(await admin(request), request.params.channelId, page(request.query)),
    );
  }
  for (const path of [paths.muted, paths.mutedSearch]) {
    app.get(
      path,
      { schema: { params: zAppChannelParams, querystring: zDashboardPageQuery, response: { 200: zMembersPage } } },
      async (request) =>
        channels.listMembers(await admin(request), request.params.channelId, page(request.query), "muted"),
    );
  }
  for (const path of [paths.banned, paths.bannedSearch]) {
    app.get(
      path,
      { schema: { params: zAppChannelParams, querystring: zDashboardPageQuery, response: { 200: zBannedPage } } },
      async (request) => channels.listBanned(await admin(request), request.params.channelId, page(request.query)),
    );
  }
  const counts = [
    [paths.membersCount, "members"],
    [paths.mutedCount, "muted"],
    [paths.bannedCount, "banned"],
  ] as const;
  for (const [path, key] of counts) {
    app.get(path, { schema: { params: zAppChannelParams, response: { 200: zCountResponse } } }, async (request) => ({
      count: await channels.count(await admin(request), request.params.channelId, key),
    }));
  }
  app.get(
    paths.isMuted,
    { schema: { params: zAppChannelUserParams, response: { 200: zIsMutedResponse } } },
    async (request) => {
      const member = await channels.memberInfo(await admin(request), request.params.channelId, request.params.userId);
      return { isMuted: member.mutedUntil !== null, mutedUntil: member.mutedUntil };
    },
  );
  app.get(
    paths.memberInfo,
    { schema: { params: zAppChannelUserParams, response: { 200: zMember } } },
    async (request) => channels.memberInfo(await admin(request), request.params.channelId, request.params.userId),
  );
  app.get(
    paths.memberMessages,
    { schema: { params: zAppChannelUserParams, response: { 200: zMemberMessagesResponse } } },
    async (request) => {
      const actor = await admin(request);
      const user = await chatUsers.requireUser(actor.app.id, request.params.userId);
      return { messages: await messages.messagesOfMember(actor, request.params.channelId, user.id) };
    },
  );

  // Tags.
  app.get(paths.tags, { schema: { params: zAppChannelParams, response: { 200: zTagsResponse } } }, async (request) => ({
    tags: await channels.tagsOf(await admin(request), request.params.channelId),
  }));
  app.post(
    paths.tagsCreate,
    { schema: { params: zAppChannelParams, body: zCreateTagBody, response: { 200: zTagsResponse } } },
    async (request) => {
      const actor = await admin(request);
      await channels.addTag(actor, request.params.channelId, request.body.tag);
      return { tags: await channels.tagsOf(actor, request.params.channelId) };
    },
  );
  app.post(
    paths.tagsDelete,
    { schema: { params: zAppChannelParams, body: zDeleteTagBody, response: { 200: zTagsResponse } } },
    async (request) => {
      const actor = await admin(request);
      await channels.removeTag(actor, request.params.channelId, request.body.id);
      return { tags: await channels.tagsOf(actor, request.params.channelId) };
    },
  );
};
