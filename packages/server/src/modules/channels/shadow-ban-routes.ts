import {
  chatApi,
  chatOperation,
  dashboardShadowBans,
  zAppChannelUserParams,
  zAppUserParams,
  zChannelMemberParams,
  zChannelParams,
  zChannelShadowBanRequest,
  zShadowBanBody,
  zShadowBanState,
  zUserIdParams,
} from "@parley/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { resolveChatCaller, serverOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { AuthService } from "../auth";
import type { ChatUserService } from "../chat-users";
import type { ChannelService } from "./service";

type ShadowBanDeps = { apps: AppService; chatUsers: ChatUserService; channels: ChannelService };

const USER_DESCRIPTION =
  "Every message the user sends from then on, in every channel, is stored and shown to them as any other, and to no one else: not in other members' history, search, unread counts or channel lists, not in events, push or translations. Webhooks carry it with `shadowed: true` on the message. The user is told nothing. Messages sent before keep what they were.";
const MEMBER_DESCRIPTION =
  "As a user's shadow ban in the app, for the member's messages in this channel only, for as long as they are a member. 3018 for a user the app does not have, 3020 for one who is not a member.";

/** The app's server shadow-bans users in the app and members in a channel, under `/v1`: users never see these. */
export const shadowBanChatRoutes: FastifyPluginAsync<ShadowBanDeps> = async (fastify, deps) => {
  const { chatUsers, channels } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.get(
    chatApi.userShadowBan,
    {
      schema: {
        ...chatOperation("getUserShadowBan", "Read whether a user is shadow-banned in the app"),
        params: zUserIdParams,
        response: { 200: zShadowBanState },
      },
    },
    async (request) => chatUsers.shadowBans.get(serverOnly(request), request.params.userId),
  );
  r.put(
    chatApi.userShadowBan,
    {
      schema: {
        ...chatOperation("shadowBanUser", "Shadow-ban a user in the app"),
        description: USER_DESCRIPTION,
        params: zUserIdParams,
        response: { 200: zShadowBanState },
      },
    },
    async (request) => chatUsers.shadowBans.set(serverOnly(request), request.params.userId, true),
  );
  r.delete(
    chatApi.userShadowBan,
    {
      schema: {
        ...chatOperation("liftUserShadowBan", "Lift a user's shadow ban in the app"),
        params: zUserIdParams,
        response: { 200: zShadowBanState },
      },
    },
    async (request) => chatUsers.shadowBans.set(serverOnly(request), request.params.userId, false),
  );
  r.post(
    chatApi.channelShadowBans,
    {
      schema: {
        ...chatOperation("shadowBanMember", "Shadow-ban a member in a channel"),
        description: MEMBER_DESCRIPTION,
        params: zChannelParams,
        body: zChannelShadowBanRequest,
        response: { 200: zShadowBanState },
      },
    },
    async (request) =>
      channels.setMemberShadowBan(serverOnly(request), request.params.channelId, request.body.userId, true),
  );
  r.get(
    chatApi.channelShadowBan,
    {
      schema: {
        ...chatOperation("getMemberShadowBan", "Read whether a member is shadow-banned in a channel"),
        params: zChannelMemberParams,
        response: { 200: zShadowBanState },
      },
    },
    async (request) => channels.memberShadowBan(serverOnly(request), request.params.channelId, request.params.userId),
  );
  r.delete(
    chatApi.channelShadowBan,
    {
      schema: {
        ...chatOperation("liftMemberShadowBan", "Lift a member's shadow ban in a channel"),
        params: zChannelMemberParams,
        response: { 200: zShadowBanState },
      },
    },
    async (request) =>
      channels.setMemberShadowBan(serverOnly(request), request.params.channelId, request.params.userId, false),
  );
};

/** The dashboard's shadow-ban toggles on a user's page and on a channel's member, as the app's administrator. */
export const dashboardShadowBanRoutes: FastifyPluginAsync<ShadowBanDeps & { auth: AuthService }> = async (
  fastify,
  deps,
) => {
  const { apps, chatUsers, channels } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preValidation", requireAuth(deps.auth));
  const appOf = (request: FastifyRequest) =>
    apps.requireAppAccess(authOf(request), (request.params as { id: string }).id);

  r.get(
    dashboardShadowBans.user,
    { schema: { params: zAppUserParams, response: { 200: zShadowBanState } } },
    async (request) => chatUsers.shadowBans.get(await appOf(request), request.params.userId),
  );
  r.put(
    dashboardShadowBans.user,
    { schema: { params: zAppUserParams, body: zShadowBanBody, response: { 200: zShadowBanState } } },
    async (request) => chatUsers.shadowBans.set(await appOf(request), request.params.userId, request.body.shadowBanned),
  );
  r.get(
    dashboardShadowBans.member,
    { schema: { params: zAppChannelUserParams, response: { 200: zShadowBanState } } },
    async (request) => channels.memberShadowBan(await appOf(request), request.params.channelId, request.params.userId),
  );
  r.put(
    dashboardShadowBans.member,
    { schema: { params: zAppChannelUserParams, body: zShadowBanBody, response: { 200: zShadowBanState } } },
    async (request) =>
      channels.setMemberShadowBan(
        await appOf(request),
        request.params.channelId,
        request.params.userId,
        request.body.shadowBanned,
      ),
  );
};
