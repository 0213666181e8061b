import {
  billingApi,
  Errors,
  PLAN_OFFERS,
  plansApi,
  zCardResponse,
  zCardSessionParams,
  zCardSessionResponse,
  zCardSessionResult,
  zCurrentPlanResponse,
  zInvoiceParams,
  zInvoicesResponse,
  zOk,
  zPaidCancelInfo,
  zPaidStartInfo,
  zPayInvoiceResponse,
  zPlanChangeRequest,
  zPlansResponse,
} from "@parley/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import { invoiceCsv, invoicePdf } from "./documents";
import type { BillingService } from "./service";

function download(reply: FastifyReply, type: string, fileName: string, body: string | Buffer) {
  return reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(body);
}

/** `plans/...` and `billing/...`: account-level, for ordinary accounts (others answer 1023). */
export const billingRoutes: FastifyPluginAsync<{ auth: AuthService; billing: BillingService }> = async (
  fastify,
  { auth, billing },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));
  // Before the body is read: a marketplace account or a sub-account hears 1023 whatever it sent.
  app.addHook("preValidation", async (request) => {
    if (authOf(request).account.kind !== "ordinary") throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
  });

  app.get(plansApi.all, { schema: { response: { 200: zPlansResponse } } }, async () => ({ plans: PLAN_OFFERS }));

  app.get(plansApi.current, { schema: { response: { 200: zCurrentPlanResponse } } }, async (request) => ({
    current: await billing.current(authOf(request)),
  }));

  app.get(plansApi.paidStartInfo, { schema: { response: { 200: zPaidStartInfo } } }, async (request) =>
    billing.startInfo(authOf(request)),
  );

  app.put(
    plansApi.change,
    { schema: { body: zPlanChangeRequest, response: { 200: zCurrentPlanResponse } } },
    async (request) => ({ current: await billing.change(authOf(request), request.body) }),
  );

  app.post(plansApi.cancelPaid, { schema: { response: { 200: zCurrentPlanResponse } } }, async (request) => ({
    current: await billing.cancel(authOf(request)),
  }));

  app.get(plansApi.paidCancelInfo, { schema: { response: { 200: zPaidCancelInfo } } }, async (request) =>
    billing.cancelInfo(authOf(request)),
  );

  app.get(billingApi.card, { schema: { response: { 200: zCardResponse } } }, async (request) =>
    billing.getCard(authOf(request)),
  );

  app.delete(billingApi.card, { schema: { response: { 200: zOk } } }, async (request) => {
    await billing.removeCard(authOf(request));
    return { ok: true as const };
  });

  app.post(billingApi.cardSession, { schema: { response: { 200: zCardSessionResponse } } }, async (request) =>
    billing.startCardSession(authOf(request)),
  );

  app.get(
    billingApi.cardSessionResult,
    { schema: { params: zCardSessionParams, response: { 200: zCardSessionResult } } },
    async (request) => billing.cardSessionResult(authOf(request), request.params.sessionId),
  );

  app.get(billingApi.invoices, { schema: { response: { 200: zInvoicesResponse } } }, async (request) => ({
    invoices: await billing.listInvoices(authOf(request)),
  }));

  app.post(
    billingApi.invoicePay,
    { schema: { params: zInvoiceParams, response: { 200: zPayInvoiceResponse } } },
    async (request) => ({ invoice: await billing.payInvoice(authOf(request), request.params.invoiceId) }),
  );

  app.get(billingApi.invoicePdf, { schema: { params: zInvoiceParams } }, async (request, reply) => {
    const { invoice, account } = await billing.invoice(authOf(request), request.params.invoiceId);
    return download(
      reply,
      "application/pdf",
      `parley-invoice-${invoice.period}.pdf`,
      await invoicePdf(invoice, account),
    );
  });

  app.get(billingApi.invoiceCsv, { schema: { params: zInvoiceParams } }, async (request, reply) => {
    const { invoice } = await billing.invoice(authOf(request), request.params.invoiceId);
    return download(reply, "text/csv; charset=utf-8", `parley-invoice-${invoice.period}.csv`, invoiceCsv(invoice));
  });
};
