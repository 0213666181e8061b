import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  BRAND_COVER_FILES_PATH,
  BRAND_IMAGE_MAX_BYTES,
  brandImageTypeOf,
  Errors,
  type TBrand,
  type TBrandCoverImage,
  type TBrandListQuery,
  type TBrandPage,
  type TBrandRequest,
} from "@parley/contract";
import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { FileStorage } from "../../integrations/storage";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import { type BrandCoverImageRow, type BrandRow, brandCoverImages, brands } from "./schema";

/**
 * Says whether a brand has a campaign waiting to be sent ("send await", spec section 4). Such a brand keeps its
 * usage status: switching it off would strand the scheduled send.
 */
export type AwaitingSendCheck = (brandId: string) => Promise<boolean>;

/** The whole notice area is refused (1023) unless the caller's account has the notice-feature flag on. */
export function requireNoticeFeature(auth: Authenticated): void {
  if (!auth.account.noticeFeatureEnabled) throw new AppError(Errors.ACCOUNT_KIND_FORBIDDEN);
}

export function createBrandService(ctx: Context, deps: { apps: AppService; storage: FileStorage }) {
  const { db } = ctx.database;

  const coverUrl = (imageId: string) => `${ctx.config.publicUrl}${BRAND_COVER_FILES_PATH}/${imageId}`;

  const toBrand = (row: BrandRow): TBrand => ({
    id: row.id,
    name: row.name,
    description: row.description,
    coverImage: row.coverImageId ? { id: row.coverImageId, url: coverUrl(row.coverImageId) } : null,
    inUse: row.inUse,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const toCoverImage = (row: BrandCoverImageRow): TBrandCoverImage => ({
    id: row.id,
    url: coverUrl(row.id),
    size: row.size,
    mimeType: row.mimeType,
  });

  async function requireApp(auth: Authenticated, appId: string): Promise<AppRow> {
    requireNoticeFeature(auth);
    return deps.apps.requireAppAccess(auth, appId);
  }

  async function requireBrand(appId: string, brandId: string): Promise<BrandRow> {
    const [row] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.id, brandId), eq(brands.appId, appId)))
      .limit(1);
    if (!row) throw new AppError(Errors.BRAND_NOT_FOUND);
    return row;
  }

  /** A cover must be an upload of the same app, so one app cannot show another app's images as its own. */
  async function requireCoverImage(appId: string, imageId: string | null): Promise<string | null> {
    if (imageId === null) return null;
    const [row] = await db
      .select({ id: brandCoverImages.id })
      .from(brandCoverImages)
      .where(and(eq(brandCoverImages.id, imageId), eq(brandCoverImages.appId, appId)))
      .limit(1);
    if (!row) throw new AppError(Errors.BRAND_COVER_NOT_FOUND);
    return row.id;
  }

  async function hasMessageAwaitingSend(brandId: string): Promise<boolean> {
    for (const check of service.awaitingSendChecks) if (await check(brandId)) return true;
    return false;
  }

  const service = {
    /**
     * The checks behind "a brand with a message awaiting sending cannot change its usage status". Campaigns do
     * not exist yet, so the list starts empty and no brand has such a message; the campaign module adds its check.
     */
    awaitingSendChecks: [] as AwaitingSendCheck[],

    async listBrands(auth: Authenticated, appId: string, query: TBrandListQuery): Promise<TBrandPage> {
      const app = await requireApp(auth, appId);
      const conditions: (SQL | undefined)[] = [eq(brands.appId, app.id)];
      if (query.q) conditions.push(ilike(brands.name, likePattern(query.q)));
      if (query.inUse !== undefined) conditions.push(eq(brands.inUse, query.inUse));
      conditions.push(pastCursor(decodeCursor(query.cursor), brands.createdAt, brands.id, "desc"));
      const rows = await db
        .select()
        .from(brands)
        .where(and(...conditions))
        .orderBy(desc(brands.createdAt), desc(brands.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      return { brands: page.items.map(toBrand), nextCursor: page.nextCursor };
    },

    async getBrand(auth: Authenticated, appId: string, brandId: string): Promise<TBrand> {
      const app = await requireApp(auth, appId);
      return toBrand(await requireBrand(app.id, brandId));
    },

    async createBrand(auth: Authenticated, appId: string, input: TBrandRequest): Promise<TBrand> {
      const app = await requireApp(auth, appId);
      const coverImageId = await requireCoverImage(app.id, input.coverImageId);
      const now = ctx.clock.now();
      try {
        const [row] = await db
          .insert(brands)
          .values({
            appId: app.id,
            name: input.name,
            description: input.description,
            coverImageId,
            inUse: input.inUse,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return toBrand(row as BrandRow);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.BRAND_NAME_TAKEN);
        throw err;
      }
    },

    async updateBrand(auth: Authenticated, appId: string, brandId: string, input: TBrandRequest): Promise<TBrand> {
      const app = await requireApp(auth, appId);
      const brand = await requireBrand(app.id, brandId);
      const coverImageId = await requireCoverImage(app.id, input.coverImageId);
      if (input.inUse !== brand.inUse && (await hasMessageAwaitingSend(brand.id)))
        throw new AppError(Errors.BRAND_SEND_PENDING);
      try {
        const [row] = await db
          .update(brands)
          .set({
            name: input.name,
            description: input.description,
            coverImageId,
            inUse: input.inUse,
            updatedAt: ctx.clock.now(),
          })
          .where(eq(brands.id, brand.id))
          .returning();
        return toBrand(row as BrandRow);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.BRAND_NAME_TAKEN);
        throw err;
      }
    },

    /**
     * Stores a cover image. The type comes from the file's first bytes: a name or a declared type is whatever the
     * sender chose, and a browser shown a "PNG" that is really HTML or SVG could run it.
     */
    async uploadCoverImage(
      auth: Authenticated,
      appId: string,
      readUpload: () => Promise<{ bytes: Buffer; truncated: boolean }>,
    ): Promise<TBrandCoverImage> {
      // Access first: a caller who may not use the app never gets as far as sending the file.
      const app = await requireApp(auth, appId);
      const upload = await readUpload();
      if (upload.truncated || upload.bytes.length > BRAND_IMAGE_MAX_BYTES) {
        throw new AppError(Errors.BRAND_IMAGE_INVALID, { reason: "size" });
      }
      const mimeType = brandImageTypeOf(upload.bytes);
      if (!mimeType) throw new AppError(Errors.BRAND_IMAGE_INVALID, { reason: "type" });
      const id = randomUUID();
      const storageKey = `brand-covers/${app.id}/${id}`;
      const size = await deps.storage.put(storageKey, Readable.from([upload.bytes]));
      const [row] = await db
        .insert(brandCoverImages)
        .values({ id, appId: app.id, size, mimeType, storageKey, createdAt: ctx.clock.now() })
        .returning();
      return toCoverImage(row as BrandCoverImageRow);
    },

    /** A cover image for the public URL; the id (122 random bits) is the capability. */
    async openCoverImage(imageId: string) {
      const [row] = await db.select().from(brandCoverImages).where(eq(brandCoverImages.id, imageId)).limit(1);
      const stream = row ? await deps.storage.get(row.storageKey) : null;
      if (!row || !stream) throw new AppError(Errors.FILE_NOT_FOUND);
      return { stream, mimeType: row.mimeType, size: row.size };
    },
  };
  return service;
}

export type BrandService = ReturnType<typeof createBrandService>;
