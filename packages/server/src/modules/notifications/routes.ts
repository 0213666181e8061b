import { api, zNotificationsResponse, zOk } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { NotificationService } from "./service";

export const notificationRoutes: FastifyPluginAsync<{ auth: AuthService; notifications: NotificationService }> = async (
  fastify,
  { auth, notifications },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(api.notifications.list, { schema: { response: { 200: zNotificationsResponse } } }, async (request) => ({
    notifications: await notifications.list(authOf(request).account),
  }));

  app.post(api.notifications.hidePasswordNotice, { schema: { response: { 200: zOk } } }, async (request) => {
    await notifications.hidePasswordNotice(authOf(request).account.id);
    return { ok: true as const };
  });
};
