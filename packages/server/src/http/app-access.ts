import { API_PREFIX, Errors } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";
import type { AppService } from "../modules/apps";
import type { AuthService } from "../modules/auth";
import { requireNoticeFeature } from "../modules/campaigns";
import { authOf, requireAuth } from "./authenticate";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one authorization check of every `/apps/:id/...` route, before its input is validated: a caller who may not
 * use the app hears 3003 whatever they sent (and, in the bulk message area, 1023 without the notice feature), and
 * nothing about the route's schema.
 */
export function registerAppAccess(api: FastifyInstance, deps: { auth: AuthService; apps: AppService }): void {
  const authenticate = requireAuth(deps.auth);
  api.addHook("preValidation", async (request) => {
    const route = request.routeOptions.url ?? "";
    if (!route.startsWith(`${API_PREFIX}/apps/:id`)) return;
    await authenticate(request);
    const auth = authOf(request);
    if (route.startsWith(`${API_PREFIX}/apps/:id/notice/`)) requireNoticeFeature(auth);
    const { id } = request.params as { id?: string };
    if (!id || !UUID.test(id)) throw new AppError(Errors.APP_ACCESS_DENIED);
    // The app's own summary stays readable while it is deactivated: it is where the dashboard learns why.
    const summary = route === `${API_PREFIX}/apps/:id` && request.method === "GET";
    await deps.apps.requireAppAccess(auth, id, { evenDeactivated: summary });
  });
}
