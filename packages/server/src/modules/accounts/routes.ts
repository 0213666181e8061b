import {
  api,
  Errors,
  zAccountResponse,
  zChangePasswordRequest,
  zChangePasswordResponse,
  zUpdateAccountRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { AccountService } from "./service";

export const accountRoutes: FastifyPluginAsync<{ auth: AuthService; accounts: AccountService }> = async (
  fastify,
  { auth, accounts },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  // Account settings belong to the company's owner: hidden from sub-accounts and marketplace accounts, and
  // refused to them here.
  app.addHook("preValidation", async (request) => {
    if (authOf(request).account.kind !== "ordinary") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  });

  app.get(api.account.self, { schema: { response: { 200: zAccountResponse } } }, async (request) => ({
    account: await accounts.getAccount(authOf(request).account.id),
  }));

  app.put(
    api.account.self,
    { schema: { body: zUpdateAccountRequest, response: { 200: zAccountResponse } } },
    async (request) => ({ account: await accounts.updateAccount(authOf(request).account.id, request.body) }),
  );

  app.put(
    api.account.password,
    // The body holds passwords: a replay key would keep a fast hash of them beside their argon2 hashes.
    {
      schema: { body: zChangePasswordRequest, response: { 200: zChangePasswordResponse } },
      config: { idempotency: false },
    },
    async (request) => {
      const changedAt = await auth.changePassword(
        authOf(request),
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { passwordChangedAt: changedAt.toISOString() };
    },
  );
};
