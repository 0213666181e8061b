import type { Db } from "../../db/client";
import { appIdsOwnedBy, appsOwnedBy } from "../apps";
import { countsByApp, messageTotal } from "../metrics";
import type { InvoiceAppUsage } from "./schema";

export interface AccountUsage {
  messages: number;
  /** The sum over the days of each app's daily active users (chat users belong to one app each). */
  cumulativeDau: number;
  byApp: InvoiceAppUsage[];
}

/** An account's usage on the given days, from the daily counters (never from the messages). */
export async function usageOnDays(q: Db, accountId: string, days: string[]): Promise<AccountUsage> {
  const owned = await appsOwnedBy(q, accountId);
  const counts = await countsByApp(
    q,
    owned.map((app) => app.id),
    days,
  );
  const byApp = owned.map((app) => ({
    appId: app.id,
    name: app.name,
    messages: counts.get(app.id)?.messages ?? 0,
    cumulativeDau: counts.get(app.id)?.cumulativeDau ?? 0,
  }));
  return {
    messages: byApp.reduce((sum, app) => sum + app.messages, 0),
    cumulativeDau: byApp.reduce((sum, app) => sum + app.cumulativeDau, 0),
    byApp,
  };
}

/** Messages the account's apps sent from `from` to `to`, both included: what the trial quota counts. */
export function messagesBetween(q: Db, accountId: string, from: string, to: string): Promise<number> {
  return messageTotal(q, appIdsOwnedBy(q, accountId), from, to);
}
