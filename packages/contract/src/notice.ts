import { z } from "zod";
import { zAppIdParams } from "./apps";
import { BRAND_DESCRIPTION_MAX, BRAND_IMAGE_MAX_BYTES } from "./constants";
import { zDashboardPageQuery } from "./dashboard-chat";
import { V, zSingleLineText } from "./validation";

/**
 * The bulk message area (spec section 2, "Message area"), under `/api/apps/{id}/notice/...`. Open only to accounts
 * whose notice-feature flag is on; for others every call answers 1023.
 */

/** Long enough for a company or service name; the spec gives no limit. */
export const BRAND_NAME_MAX = 50;
/** The image types a brand cover may have, told apart by the file's first bytes, never by its name. */
export const BRAND_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export type TBrandImageType = (typeof BRAND_IMAGE_TYPES)[number];
/** Where the server serves brand cover images; the image id follows. Public: brand covers reach end users. */
export const BRAND_COVER_FILES_PATH = "/files/brand-covers";

/**
 * The image type a file's content declares by its signature, or null when it is neither JPG nor PNG. The web form
 * checks the same bytes before uploading; the server decides.
 */
export function brandImageTypeOf(bytes: Uint8Array): TBrandImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/** Counted in characters as a person sees them, so an emoji or a Hangul syllable is one. */
export const zBrandDescription = z
  .string()
  .trim()
  .refine((value) => [...value].length <= BRAND_DESCRIPTION_MAX, V.tooLong)
  .default("");

/** A brand: an app's sender identity for bulk messages (spec section 3, "Brand"). */
export const zBrand = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null when the brand has no cover image. */
  coverImage: z.object({ id: z.string(), url: z.string() }).nullable(),
  /** The usage status: only brands in use can send. */
  inUse: z.boolean(),
  /** The registration date. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBrand = z.infer<typeof zBrand>;

/**
 * Register or modify a brand. `coverImageId` names a cover image uploaded to the same app (`api.notice.brandCoverImages`); null or absent leaves the brand without a cover.
 */
export const zBrandRequest = z.object({
  name: zSingleLineText(BRAND_NAME_MAX),
  description: zBrandDescription,
  coverImageId: z.string().uuid().nullable().default(null),
  inUse: z.boolean().default(true),
});
export type TBrandRequest = z.infer<typeof zBrandRequest>;

export const zBrandParams = zAppIdParams.extend({ brandId: z.string().uuid() });

/** Newest registration first; `q` matches part of the name; `inUse` narrows by usage status. */
export const zBrandListQuery = zDashboardPageQuery.extend({
  inUse: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});
export type TBrandListQuery = z.infer<typeof zBrandListQuery>;

export const zBrandPage = z.object({ brands: z.array(zBrand), nextCursor: z.string().nullable() });
export type TBrandPage = z.infer<typeof zBrandPage>;
export const zBrandResponse = z.object({ brand: zBrand });
export type TBrandResponse = z.infer<typeof zBrandResponse>;

/**
 * An uploaded cover image, before or after a brand uses it. The upload is `multipart/form-data` with one `file`
 * part of at most {@link BRAND_IMAGE_MAX_BYTES} bytes whose content is a JPG or PNG (3049 otherwise).
 */
export const zBrandCoverImage = z.object({
  id: z.string(),
  url: z.string(),
  size: z.number().int(),
  mimeType: z.enum(BRAND_IMAGE_TYPES),
});
export type TBrandCoverImage = z.infer<typeof zBrandCoverImage>;
export const zBrandCoverImageResponse = z.object({ image: zBrandCoverImage });
export type TBrandCoverImageResponse = z.infer<typeof zBrandCoverImageResponse>;
