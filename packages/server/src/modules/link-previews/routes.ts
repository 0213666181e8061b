import { api, zLinkPreviewsEnabled } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAuth } from "../../http/authenticate";
import { registerEnabledRoutes } from "../../http/enabled-routes";
import type { AuthService } from "../auth";
import type { LinkPreviewService } from "./service";

/** The dashboard's switch for link previews. */
export const linkPreviewRoutes: FastifyPluginAsync<{ auth: AuthService; linkPreviews: LinkPreviewService }> = async (
  fastify,
  { auth, linkPreviews },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  registerEnabledRoutes(app, {
    path: api.apps.linkPreviewsEnabled,
    schema: zLinkPreviewsEnabled,
    read: (auth, appId) => linkPreviews.getEnabled(auth, appId),
    write: (auth, appId, enabled) => linkPreviews.setEnabled(auth, appId, enabled),
  });
};
