import type { TCompanyListQuery } from "@parley/contract";

export const adminKeys = {
  all: ["admin"] as const,
  companyLists: () => [...adminKeys.all, "companies"] as const,
  companyList: (query: TCompanyListQuery) => [...adminKeys.companyLists(), query] as const,
  company: (companyId: string) => [...adminKeys.all, "company", companyId] as const,
  notices: () => [...adminKeys.all, "notices"] as const,
};
