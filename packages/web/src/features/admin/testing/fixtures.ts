import type { TCompanyDetail, TCompanyPage, TCompanySummary } from "@parley/contract";

export const companyId = "3f2b8c1e-6d4a-4e7b-9a1c-2d3e4f5a6b7c";

export function companySummary(overrides: Partial<TCompanySummary> = {}): TCompanySummary {
  return {
    id: companyId,
    companyName: "Acme Chat",
    email: "owner@acme.example",
    kind: "ordinary",
    planState: "trial",
    apps: 2,
    messagesThisMonth: 12_345,
    createdAt: "2026-01-10T03:00:00.000Z",
    ...overrides,
  };
}

export function companyPage(companies: TCompanySummary[], overrides: Partial<TCompanyPage> = {}): TCompanyPage {
  return { companies, total: companies.length, page: 1, pageSize: 20, ...overrides };
}

/** A customer on its free trial with one app, one invoice, one sub-account and nothing done by an admin yet. */
export function companyDetail(
  overrides: { company?: Partial<TCompanyDetail["company"]> } & Partial<Omit<TCompanyDetail, "company">> = {},
): TCompanyDetail {
  const { company, ...rest } = overrides;
  return {
    company: {
      ...companySummary(),
      name: "Kim Minji",
      contact: "01012345678",
      companyHomepage: "https://acme.example",
      language: "en",
      emailVerifiedAt: "2026-01-10T03:05:00.000Z",
      lockedAt: null,
      noticeFeatureEnabled: false,
      marketplaceCustomerId: null,
      ...company,
    },
    apps: [
      {
        id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        name: "Acme Support",
        messagesThisMonth: 12_345,
        createdAt: "2026-01-11T00:00:00.000Z",
        deactivatedAt: null,
      },
    ],
    appsDeactivatedAt: null,
    plan: {
      state: "trial",
      trialEndsAt: "2026-02-09T00:00:00.000Z",
      trialLastDay: "2026-02-08",
      paidSince: null,
      serviceStoppedAt: null,
    },
    invoices: [{ id: "inv-1", month: "2026-01", total: 290_000, currency: "KRW", status: "paid" }],
    subAccounts: [
      {
        id: "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        email: "helper@acme.example",
        status: "active",
        invitedAt: "2026-01-12T00:00:00.000Z",
        linkExpiresAt: null,
        lastLoginAt: "2026-01-13T00:00:00.000Z",
        appId: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        appName: "Acme Support",
      },
    ],
    actions: [],
    ...rest,
  };
}
