import { type TCompanyListQuery, type TCompanySortKey, zCompanyListQuery } from "@parley/contract";

type SortOrder = TCompanyListQuery["order"];

const defaults = zCompanyListQuery.parse({});

/**
 * The order a column starts in when it is first chosen: names and kinds read A to Z, counts and dates biggest
 * and newest first, which is what an admin looking for the busiest or newest customers wants.
 */
export function firstOrderOf(sort: TCompanySortKey): SortOrder {
  return sort === "apps" || sort === "messagesThisMonth" || sort === "createdAt" ? "desc" : "asc";
}

/**
 * The list's query read from the address (`?q&sort&order&page&pageSize`), so a search, an order and a page can
 * be bookmarked and survive a reload. A value the contract refuses falls back to its default on its own, so one
 * bad parameter does not throw away the others.
 */
export function readCompanyListQuery(params: URLSearchParams): TCompanyListQuery {
  const field = <K extends keyof TCompanyListQuery>(key: K): TCompanyListQuery[K] => {
    const value = params.get(key);
    if (value === null) return defaults[key];
    const parsed = zCompanyListQuery.shape[key].safeParse(value);
    return parsed.success ? (parsed.data as TCompanyListQuery[K]) : defaults[key];
  };
  const q = field("q");
  return {
    ...(q ? { q } : {}),
    sort: field("sort"),
    order: field("order"),
    page: field("page"),
    pageSize: field("pageSize"),
  };
}

/** The address's query of a list query; defaults are left out so the plain list keeps a plain address. */
export function companyListSearchParams(query: TCompanyListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort !== defaults.sort) params.set("sort", query.sort);
  if (query.order !== defaults.order) params.set("order", query.order);
  if (query.page !== defaults.page) params.set("page", String(query.page));
  if (query.pageSize !== defaults.pageSize) params.set("pageSize", String(query.pageSize));
  return params;
}

/** The query after a click on a column's header: the same column flips its order, another starts in its own. */
export function sortBy(query: TCompanyListQuery, sort: TCompanySortKey): TCompanyListQuery {
  const order: SortOrder = query.sort === sort ? (query.order === "asc" ? "desc" : "asc") : firstOrderOf(sort);
  return { ...query, sort, order, page: 1 };
}
