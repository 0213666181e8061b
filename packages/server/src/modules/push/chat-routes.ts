import {
  chatApi,
  chatOperation,
  zChannelMemberParams,
  zChannelPushPreferenceResponse,
  zOk,
  zPushDeviceParams,
  zPushDeviceResponse,
  zPushDevicesResponse,
  zPushPreferencesResponse,
  zRegisterPushTokenRequest,
  zSetChannelPushPreferenceRequest,
  zUpdatePushPreferencesRequest,
  zUserIdParams,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf, resolveChatCaller, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { PushService } from "./service";

/**
 * `/v1/me/push-tokens`: an end user's devices for push notifications (an API key answers 1023); and the push
 * preferences of a user and of a member per channel, which the user or the app's server reads and sets.
 */
export const pushChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  push: PushService;
}> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", resolveChatCaller(deps));

  app.post(
    chatApi.pushTokens,
    {
      schema: {
        ...chatOperation("registerPushToken", "Register the device's push token (FCM or APNs)"),
        description:
          'Registers the device\'s push token for the signed-in user: an FCM registration token, or with `provider: "apns"` the hex device token iOS gives the app, for push straight through Apple. Registering a token again is harmless, and moves it to whoever is signed in now; a user keeps the 20 newest devices.',
        body: zRegisterPushTokenRequest,
        response: { 200: zPushDeviceResponse },
      },
    },
    async (request) => ({ device: await deps.push.devices.register(userOnly(request), request.body) }),
  );
  app.get(
    chatApi.pushTokens,
    {
      schema: {
        ...chatOperation("listPushTokens", "List the signed-in user's devices"),
        description: "The signed-in user's devices, newest first.",
        response: { 200: zPushDevicesResponse },
      },
    },
    async (request) => ({ devices: await deps.push.devices.list(userOnly(request)) }),
  );
  app.delete(
    chatApi.pushToken,
    {
      schema: {
        ...chatOperation("deletePushToken", "Stop push notifications to one device"),
        description: "Stops push to one device, e.g. on sign-out. 3042 when it is not one of the user's devices.",
        params: zPushDeviceParams,
        response: { 200: zOk },
      },
    },
    async (request) => {
      await deps.push.devices.unregister(userOnly(request), request.params.deviceId);
      return { ok: true as const };
    },
  );

  app.get(
    chatApi.userPushPreferences,
    {
      schema: {
        ...chatOperation("getPushPreferences", "Read a user's push preferences"),
        description:
          "Which pushes reach the user: `level` (all, mentions, none), quiet hours every day in their IANA time zone, and a snooze. The user themselves (3242 for another user) or the app's server.",
        params: zUserIdParams,
        response: { 200: zPushPreferencesResponse },
      },
    },
    async (request) => ({
      preferences: await deps.push.preferences.get(actorOf(request), request.params.userId),
    }),
  );
  app.patch(
    chatApi.userPushPreferences,
    {
      schema: {
        ...chatOperation("updatePushPreferences", "Change a user's push preferences"),
        description:
          "Changes the fields given; null clears quiet hours or the snooze. They apply to FCM and APNs pushes alike from the next event on. 3241 for a time zone the server does not know, 3242 for another user's session.",
        params: zUserIdParams,
        body: zUpdatePushPreferencesRequest,
        response: { 200: zPushPreferencesResponse },
      },
    },
    async (request) => ({
      preferences: await deps.push.preferences.update(actorOf(request), request.params.userId, request.body),
    }),
  );
  app.get(
    chatApi.memberPushPreference,
    {
      schema: {
        ...chatOperation("getChannelPushPreference", "Read a member's push mode for a channel"),
        description:
          "`default` (the user's own level), `mentions` (only messages that mention them) or `mute`. The member themselves (3242 for another user) or the app's server; 3020 when the user is not a member.",
        params: zChannelMemberParams,
        response: { 200: zChannelPushPreferenceResponse },
      },
    },
    async (request) => ({
      preference: await deps.push.preferences.getChannel(
        actorOf(request),
        request.params.channelId,
        request.params.userId,
      ),
    }),
  );
  app.put(
    chatApi.memberPushPreference,
    {
      schema: {
        ...chatOperation("setChannelPushPreference", "Set a member's push mode for a channel"),
        description:
          "Mutes the channel's pushes for the member, keeps only mentions, or goes back to `default`. A muted channel pushes nothing to them, mentions included. The member themselves (3242 for another user) or the app's server.",
        params: zChannelMemberParams,
        body: zSetChannelPushPreferenceRequest,
        response: { 200: zChannelPushPreferenceResponse },
      },
    },
    async (request) => ({
      preference: await deps.push.preferences.setChannel(
        actorOf(request),
        request.params.channelId,
        request.params.userId,
        request.body.mode,
      ),
    }),
  );
};
