import {
  API_PREFIX,
  api,
  zAdminNoticeParams,
  zAdminNoticeRequest,
  zAdminNoticeResponse,
  zAdminNoticesResponse,
  zNotificationParams,
  zNotificationsResponse,
  zOk,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { requireAdmin } from "../admin";
import type { AuthService } from "../auth";
import type { NotificationService } from "./service";

export const notificationRoutes: FastifyPluginAsync<{ auth: AuthService; notifications: NotificationService }> = async (
  fastify,
  { auth, notifications },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  // The console's routes answer 1023 to anyone but an administrator, before what they sent is looked at.
  app.addHook("preValidation", async (request) => {
    if ((request.routeOptions.url ?? "").startsWith(`${API_PREFIX}/admin/`)) requireAdmin(authOf(request));
  });

  app.get(api.notifications.list, { schema: { response: { 200: zNotificationsResponse } } }, async (request) => ({
    notifications: await notifications.list(authOf(request).account),
  }));

  app.post(api.notifications.hidePasswordNotice, { schema: { response: { 200: zOk } } }, async (request) => {
    await notifications.hidePasswordNotice(authOf(request).account.id);
    return { ok: true as const };
  });

  app.post(
    api.notifications.dismiss,
    { schema: { params: zNotificationParams, response: { 200: zOk } } },
    async (request) => {
      await notifications.dismiss(authOf(request).account, request.params.noticeId);
      return { ok: true as const };
    },
  );

  // The admin console's notices (type "Other"); every one answers 1023 to a caller without the admin role.
  app.get(api.admin.notices, { schema: { response: { 200: zAdminNoticesResponse } } }, async (request) => ({
    notices: await notifications.listAdminNotices(authOf(request)),
  }));
  app.post(
    api.admin.notices,
    { schema: { body: zAdminNoticeRequest, response: { 200: zAdminNoticeResponse } } },
    async (request) => ({ notice: await notifications.postAdminNotice(authOf(request), request.body) }),
  );
  app.delete(api.admin.notice, { schema: { params: zAdminNoticeParams, response: { 200: zOk } } }, async (request) => {
    await notifications.withdrawAdminNotice(authOf(request), request.params.noticeId);
    return { ok: true as const };
  });
};
