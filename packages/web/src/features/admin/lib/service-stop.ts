import type { TAdminActionRecord } from "@parley/contract";

/**
 * Whether an admin's stop is what holds the company's service now: its newest service action is a stop. The plan's
 * `serviceStoppedAt` cannot tell, because an unpaid invoice stops the service too, and only an admin's stop is
 * lifted by "Restore service". Records of the same instant keep the server's order, newest first.
 */
export function isStoppedByAdmin(actions: readonly TAdminActionRecord[]): boolean {
  let newest: TAdminActionRecord | null = null;
  for (const record of actions) {
    if (record.action !== "service.stop" && record.action !== "service.restore") continue;
    if (!newest || Date.parse(record.at) > Date.parse(newest.at)) newest = record;
  }
  return newest?.action === "service.stop";
}
