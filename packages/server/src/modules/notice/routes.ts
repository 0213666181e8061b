import fastifyMultipart from "@fastify/multipart";
import {
  api,
  BRAND_COVER_FILES_PATH,
  BRAND_IMAGE_MAX_BYTES,
  zAppIdParams,
  zBrandCoverImageResponse,
  zBrandListQuery,
  zBrandPage,
  zBrandParams,
  zBrandRequest,
  zBrandResponse,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth/service";
import { type BrandService, requireNoticeFeature } from "./brands";

/** `/api/apps/{id}/notice/...`: the bulk message area of the dashboard. */
export const noticeRoutes: FastifyPluginAsync<{ auth: AuthService; brands: BrandService }> = async (
  fastify,
  { auth, brands },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before validation, so an account without the feature learns nothing about the area, not even its schemas.
  const authenticate = requireAuth(auth);
  app.addHook("preValidation", async (request) => {
    await authenticate(request);
    requireNoticeFeature(authOf(request));
  });
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
    { schema: { params: zAppIdParams, response: { 200: zBrandCoverImageResponse } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError("300");
      return {
        image: await brands.uploadCoverImage(authOf(request), request.params.id, async () => {
          // Busboy stops reading at the limit and marks the part truncated, so an oversized file is never held whole.
          const part = await request.file({ limits: { fileSize: BRAND_IMAGE_MAX_BYTES, files: 1 } });
          if (!part) throw new AppError("301");
          const bytes = await part.toBuffer();
          return { bytes, truncated: part.file.truncated };
        }),
      };
    },
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
