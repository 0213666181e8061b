import {
  chatApi,
  chatOperation,
  zOk,
  zPushDeviceParams,
  zPushDeviceResponse,
  zPushDevicesResponse,
  zRegisterPushTokenRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { PushService } from "./service";

/** `/v1/me/push-tokens`: an end user's devices for push notifications. An API key answers 1023. */
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
};
