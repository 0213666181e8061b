import { CAMPAIGN_STATUSES, type TCampaignStatus } from "@parley/contract";

/** The list's status filter; "all" sends no `status`. */
export const CAMPAIGN_STATUS_FILTERS = ["all", ...CAMPAIGN_STATUSES] as const;
export type CampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number];

/** Statuses the server's sender is still working through: a screen showing one polls until it settles. */
const ACTIVE_STATUSES: readonly TCampaignStatus[] = ["awaiting", "sending", "deleting"];

export function isCampaignActive(status: TCampaignStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}
