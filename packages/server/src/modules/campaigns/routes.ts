import fastifyMultipart from "@fastify/multipart";
import {
  api,
  BRAND_COVER_FILES_PATH,
  BRAND_IMAGE_MAX_BYTES,
  CAMPAIGN_CSV_MAX_BYTES,
  Errors,
  zAppIdParams,
  zBrandCoverImageResponse,
  zBrandListQuery,
  zBrandPage,
  zBrandParams,
  zBrandRequest,
  zBrandResponse,
  zCampaignConfirmRequest,
  zCampaignListQuery,
  zCampaignPage,
  zCampaignParams,
  zCampaignReport,
  zCampaignRequest,
  zCampaignResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { authOf } from "../../http/authenticate";
import { receiveUpload, uploadBytes } from "../../http/multipart";
import { safeFileName } from "../../integrations/storage";
import type { BrandService } from "./brands";
import type { CampaignService } from "./campaigns";

/** The recipient file's name is only shown back in the dashboard; this keeps a client's long name in bounds. */
const RECIPIENT_FILE_NAME_MAX = 255;

/** `/api/apps/{id}/notice/...`: the bulk message area of the dashboard. */
export const noticeRoutes: FastifyPluginAsync<{
  brands: BrandService;
  campaigns: CampaignService;
}> = async (fastify, { brands, campaigns }) => {
  // Every route is under `/apps/:id/notice/`: the shared app check (app.ts) admits the caller and requires the
  // notice feature before validation, so an account without it learns nothing about the area, not even its schemas.
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  app.get(
    api.notice.brands,
    { schema: { params: zAppIdParams, querystring: zBrandListQuery, response: { 200: zBrandPage } } },
    async (request) => brands.listBrands(authOf(request), request.params.id, request.query),
  );

  app.post(
    api.notice.brands,
    { schema: { params: zAppIdParams, body: zBrandRequest, response: { 200: zBrandResponse } } },
    async (request) => ({ brand: await brands.createBrand(authOf(request), request.params.id, request.body) }),
  );

  app.get(
    api.notice.brand,
    { schema: { params: zBrandParams, response: { 200: zBrandResponse } } },
    async (request) => ({
      brand: await brands.getBrand(authOf(request), request.params.id, request.params.brandId),
    }),
  );

  app.put(
    api.notice.brand,
    { schema: { params: zBrandParams, body: zBrandRequest, response: { 200: zBrandResponse } } },
    async (request) => ({
      brand: await brands.updateBrand(authOf(request), request.params.id, request.params.brandId, request.body),
    }),
  );

  app.post(
    api.notice.brandCoverImages,
    {
      schema: {
        params: zAppIdParams,
        consumes: ["multipart/form-data"],
        response: { 200: zBrandCoverImageResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(Errors.INVALID_REQUEST);
      return {
        image: await brands.uploadCoverImage(authOf(request), request.params.id, async () => {
          // Busboy stops reading at the limit and marks the part truncated, so an oversized file is never held whole.
          const upload = await receiveUpload(request, BRAND_IMAGE_MAX_BYTES);
          return { bytes: await uploadBytes(upload), truncated: upload.truncated };
        }),
      };
    },
  );

  app.get(
    api.notice.campaigns,
    { schema: { params: zAppIdParams, querystring: zCampaignListQuery, response: { 200: zCampaignPage } } },
    async (request) => campaigns.list(authOf(request), request.params.id, request.query),
  );

  app.post(
    api.notice.campaigns,
    { schema: { params: zAppIdParams, body: zCampaignRequest, response: { 200: zCampaignResponse } } },
    async (request) => ({ campaign: await campaigns.create(authOf(request), request.params.id, request.body) }),
  );

  app.get(
    api.notice.campaign,
    { schema: { params: zCampaignParams, response: { 200: zCampaignResponse } } },
    async (request) => ({
      campaign: await campaigns.get(authOf(request), request.params.id, request.params.campaignId),
    }),
  );

  app.put(
    api.notice.campaign,
    { schema: { params: zCampaignParams, body: zCampaignRequest, response: { 200: zCampaignResponse } } },
    async (request) => ({
      campaign: await campaigns.update(authOf(request), request.params.id, request.params.campaignId, request.body),
    }),
  );

  app.delete(api.notice.campaign, { schema: { params: zCampaignParams } }, async (request) => {
    await campaigns.discard(authOf(request), request.params.id, request.params.campaignId);
    return {};
  });

  app.post(
    api.notice.campaignRecipients,
    {
      schema: { params: zCampaignParams, consumes: ["multipart/form-data"], response: { 200: zCampaignResponse } },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(Errors.INVALID_REQUEST);
      // The campaign is checked before the file is read, so a refused upload is not received whole.
      await campaigns.get(authOf(request), request.params.id, request.params.campaignId);
      const upload = await receiveUpload(request, CAMPAIGN_CSV_MAX_BYTES);
      const bytes = await uploadBytes(upload);
      if (upload.truncated) throw new AppError(Errors.RECIPIENT_CSV_INVALID, { reason: "size" });
      return {
        campaign: await campaigns.uploadRecipients(authOf(request), request.params.id, request.params.campaignId, {
          fileName: safeFileName(upload.fileName, RECIPIENT_FILE_NAME_MAX),
          bytes,
        }),
      };
    },
  );

  app.get(api.notice.campaignExcluded, { schema: { params: zCampaignParams } }, async (request, reply) => {
    const csv = await campaigns.excludedCsv(authOf(request), request.params.id, request.params.campaignId);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="excluded-${request.params.campaignId}.csv"`)
      .send(csv);
  });

  app.post(
    api.notice.campaignConfirm,
    { schema: { params: zCampaignParams, body: zCampaignConfirmRequest, response: { 200: zCampaignResponse } } },
    async (request) => ({
      campaign: await campaigns.confirm(authOf(request), request.params.id, request.params.campaignId),
    }),
  );

  const actions = [
    [api.notice.campaignCancel, campaigns.cancel],
    [api.notice.campaignRetry, campaigns.retry],
    [api.notice.campaignDeleteMessages, campaigns.deleteMessages],
    [api.notice.campaignResend, campaigns.resend],
  ] as const;
  for (const [path, action] of actions) {
    app.post(path, { schema: { params: zCampaignParams, response: { 200: zCampaignResponse } } }, async (request) => ({
      campaign: await action(authOf(request), request.params.id, request.params.campaignId),
    }));
  }

  app.get(
    api.notice.campaignReport,
    { schema: { params: zCampaignParams, response: { 200: zCampaignReport } } },
    async (request) => campaigns.report(authOf(request), request.params.id, request.params.campaignId),
  );
};

/** `GET /files/brand-covers/:imageId`: public, since brand covers are shown to the app's end users. */
export const brandCoverFileRoutes: FastifyPluginAsync<{ brands: BrandService }> = async (fastify, { brands }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${BRAND_COVER_FILES_PATH}/:imageId`,
      { schema: { params: z.object({ imageId: z.string().uuid() }) } },
      async (request, reply) => {
        const image = await brands.openCoverImage(request.params.imageId);
        // The type was decided from the content at upload; nosniff keeps browsers from guessing otherwise.
        return reply
          .header("content-type", image.mimeType)
          .header("content-length", String(image.size))
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(image.stream);
      },
    );
};
