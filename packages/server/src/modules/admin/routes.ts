import {
  API_PREFIX,
  api,
  zAppIdParams,
  zCompanyAppParams,
  zCompanyDetail,
  zCompanyInvoiceParams,
  zCompanyListQuery,
  zCompanyPage,
  zCompanyParams,
  zCreateSubAccountRequest,
  zExtendTrialRequest,
  zFirstPasswordRequest,
  zLinkLoginRequest,
  zLinkLoginResponse,
  zMarketplaceSignupRequest,
  zMarketplaceSignupResponse,
  zNoticeFeatureRequest,
  zSessionState,
  zSubAccountList,
  zSubAccountParams,
  zSubAccountResponse,
} from "@parley/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import { type AdminService, requireAdmin } from "./admin";
import type { Marketplace } from "./marketplace";
import { requireOwner, type SignInLinks } from "./sign-in-links";

const userAgentOf = (request: FastifyRequest) => request.headers["user-agent"]?.slice(0, 300) ?? "";

/** Sign-in links and marketplace signup: open routes, each proven by its own token. */
export const signInRoutes: FastifyPluginAsync<{ links: SignInLinks; marketplace: Marketplace }> = async (
  fastify,
  { links, marketplace },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    api.auth.linkLogin,
    { schema: { body: zLinkLoginRequest, response: { 200: zLinkLoginResponse } } },
    async (request) => links.linkLogin(request.body, userAgentOf(request)),
  );
  app.post(
    api.marketplace.signup,
    { schema: { body: zMarketplaceSignupRequest, response: { 200: zMarketplaceSignupResponse } } },
    async (request) => marketplace.signup(request.body),
  );
};

/** Sub-accounts of an app, a first password, and the admin console: signed-in routes. */
export const accountKindRoutes: FastifyPluginAsync<{
  auth: AuthService;
  links: SignInLinks;
  admin: AdminService;
}> = async (fastify, { auth, links, admin }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  // Who may call is decided before the input is read: admins for the console, owners for sub-accounts.
  app.addHook("preValidation", async (request) => {
    const route = request.routeOptions.url ?? "";
    if (route.startsWith(`${API_PREFIX}/admin/`)) requireAdmin(authOf(request));
    if (route.includes("/sub-accounts")) requireOwner(authOf(request));
  });

  app.post(
    api.auth.firstPassword,
    // A password in the body and a session token in the answer: neither may be kept for replay.
    { schema: { body: zFirstPasswordRequest, response: { 200: zSessionState } }, config: { idempotency: false } },
    async (request) => {
      const token = (request.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      return links.setFirstPassword(authOf(request), request.body, token);
    },
  );

  app.get(
    api.apps.subAccounts,
    { schema: { params: zAppIdParams, response: { 200: zSubAccountList } } },
    async (request) => ({ subAccounts: await links.listSubAccounts(authOf(request), request.params.id) }),
  );
  app.post(
    api.apps.subAccounts,
    { schema: { params: zAppIdParams, body: zCreateSubAccountRequest, response: { 200: zSubAccountResponse } } },
    async (request) => ({
      subAccount: await links.createSubAccount(authOf(request), request.params.id, request.body.email),
    }),
  );
  app.post(
    api.apps.subAccountResend,
    { schema: { params: zSubAccountParams, response: { 200: zSubAccountResponse } } },
    async (request) => ({
      subAccount: await links.resendInvitation(authOf(request), request.params.id, request.params.subAccountId),
    }),
  );
  app.delete(api.apps.subAccount, { schema: { params: zSubAccountParams } }, async (request) => {
    await links.revokeSubAccount(authOf(request), request.params.id, request.params.subAccountId);
    return {};
  });

  app.get(
    api.admin.companies,
    { schema: { querystring: zCompanyListQuery, response: { 200: zCompanyPage } } },
    async (request) => admin.listCompanies(authOf(request), request.query),
  );
  app.get(
    api.admin.company,
    { schema: { params: zCompanyParams, response: { 200: zCompanyDetail } } },
    async (request) => admin.company(authOf(request), request.params.companyId),
  );
  app.put(
    api.admin.noticeFeature,
    { schema: { params: zCompanyParams, body: zNoticeFeatureRequest, response: { 200: zCompanyDetail } } },
    async (request) => admin.setNoticeFeature(authOf(request), request.params.companyId, request.body.enabled),
  );
  app.post(
    api.admin.extendTrial,
    { schema: { params: zCompanyParams, body: zExtendTrialRequest, response: { 200: zCompanyDetail } } },
    async (request) => admin.extendTrial(authOf(request), request.params.companyId, request.body.days),
  );
  app.post(
    api.admin.refundInvoice,
    { schema: { params: zCompanyInvoiceParams, response: { 200: zCompanyDetail } } },
    async (request) => admin.refundInvoice(authOf(request), request.params.companyId, request.params.invoiceId),
  );
  for (const [path, deactivated] of [
    [api.admin.deactivateApps, true],
    [api.admin.reactivateApps, false],
  ] as const) {
    app.post(path, { schema: { params: zCompanyParams, response: { 200: zCompanyDetail } } }, async (request) =>
      admin.setAppsDeactivated(authOf(request), request.params.companyId, deactivated),
    );
  }
  for (const [path, deactivated] of [
    [api.admin.deactivateApp, true],
    [api.admin.reactivateApp, false],
  ] as const) {
    app.post(path, { schema: { params: zCompanyAppParams, response: { 200: zCompanyDetail } } }, async (request) =>
      admin.setAppDeactivated(authOf(request), request.params.companyId, request.params.appId, deactivated),
    );
  }
  const simple = [
    [api.admin.unlock, admin.unlock],
    [api.admin.stopService, admin.stopService],
    [api.admin.restoreService, admin.restoreService],
  ] as const;
  for (const [path, action] of simple) {
    app.post(path, { schema: { params: zCompanyParams, response: { 200: zCompanyDetail } } }, async (request) =>
      action(authOf(request), request.params.companyId),
    );
  }
};
