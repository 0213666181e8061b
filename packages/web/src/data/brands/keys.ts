/** The list's usage-status filter; "all" sends no `inUse`. */
export const BRAND_USAGE_FILTERS = ["all", "inUse", "notInUse"] as const;
export type BrandUsageFilter = (typeof BRAND_USAGE_FILTERS)[number];

/** Cache keys of an app's brands; the brands screen and the campaign wizard read and clear the same entries. */
export const brandKeys = {
  all: ["brands"] as const,
  app: (appId: string) => [...brandKeys.all, appId] as const,
  lists: (appId: string) => [...brandKeys.app(appId), "list"] as const,
  list: (appId: string, search: string, usage: BrandUsageFilter) => [...brandKeys.lists(appId), search, usage] as const,
  detail: (appId: string, brandId: string) => [...brandKeys.app(appId), "detail", brandId] as const,
  /** Mutation key of cover uploads, so the form can wait for one the cover field started. */
  coverUpload: (appId: string) => [...brandKeys.app(appId), "cover-upload"] as const,
};
