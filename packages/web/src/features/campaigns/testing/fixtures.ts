import type { TBrand, TCampaign } from "@parley/contract";

export const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
export const campaignsPath = `/api/apps/${appId}/notice/campaigns`;
export const brandsPath = `/api/apps/${appId}/notice/brands`;

/** A brand in use, as `GET notice/brands?inUse=true` lists it. */
export function brand(overrides: Partial<TBrand> = {}): TBrand {
  return {
    id: "0a1b2c3d-4e5f-4a6b-8c7d-000000000001",
    name: "Parley Coffee",
    description: "매일 아침 한 잔",
    coverImage: { id: "0a1b2c3d-4e5f-4a6b-8c7d-0000000000c1", url: "https://files.example/brand-covers/c1" },
    inUse: true,
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A campaign as the API sends it: a sent one with a few recipients, unless told otherwise. */
export function campaign(overrides: Partial<TCampaign> = {}): TCampaign {
  return {
    id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    brand: { id: "0a1b2c3d-4e5f-4a6b-8c7d-000000000001", name: "Parley Coffee", inUse: true },
    title: "Spring coupon",
    content: "Hello {{user.name}}",
    metadata: [{ key: "coupon", value: "SPRING" }],
    push: { enabled: false, title: "", body: "" },
    sendType: "now",
    scheduledAt: "2026-03-10T09:00:00.000Z",
    status: "sent",
    recipients: {
      fileName: "recipients.csv",
      uploadedAt: "2026-03-10T08:00:00.000Z",
      total: 5,
      valid: 3,
      excluded: { unknown: 1, duplicate: 1, deactivated: 0 },
    },
    progress: { recipients: 3, sent: 3, succeeded: 2, failed: 1, deleted: 0 },
    errorCode: null,
    startedAt: "2026-03-10T09:00:00.000Z",
    finishedAt: "2026-03-10T09:01:00.000Z",
    resentFromId: null,
    createdAt: "2026-03-10T07:00:00.000Z",
    updatedAt: "2026-03-10T09:01:00.000Z",
    ...overrides,
  };
}
