import { api, zContactRequest, zOk } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContactService } from "./service";

/** The public site's contact form. No session needed: visitors write before they have an account. */
export const contactRoutes: FastifyPluginAsync<{ contact: ContactService }> = async (fastify, { contact }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(api.auth.contactUs, { schema: { body: zContactRequest, response: { 200: zOk } } }, async (request) => {
    await contact.submitInquiry(request.body);
    return { ok: true as const };
  });
};
