import {
  chatApi,
  chatOperation,
  zChatWebhookSettingsResponse,
  zUpdateChatWebhookSettingsRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, serverOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { WebhookService } from "./service";

/** `GET` and `PUT /v1/webhooks/settings`: the app's server reads and changes its webhook settings with an API key. */
export const webhookSettingsChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  webhooks: WebhookService;
}> = async (fastify, deps) => {
  const { webhooks } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.get(
    chatApi.webhookSettings,
    {
      schema: {
        ...chatOperation("getWebhookSettings", "Read the app's webhook address, events and switch"),
        response: { 200: zChatWebhookSettingsResponse },
      },
    },
    async (request) => ({ settings: await webhooks.getAppSettings(serverOnly(request)) }),
  );
  r.put(
    chatApi.webhookSettings,
    {
      schema: {
        ...chatOperation("updateWebhookSettings", "Change the app's webhook address, events or switch"),
        body: zUpdateChatWebhookSettingsRequest,
        response: { 200: zChatWebhookSettingsResponse },
      },
    },
    async (request) => ({ settings: await webhooks.updateAppSettings(serverOnly(request), request.body) }),
  );
};
