import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoices, paidPlans } from "./schema";

/** The paid plans and the invoices' payment facts of some accounts: what their plan status is derived from. */
export async function planFactsOf(db: Db, accountIds: string[]) {
  const plans = await db.select().from(paidPlans).where(inArray(paidPlans.accountId, accountIds));
  const bills = await db
    .select({
      accountId: invoices.accountId,
      period: invoices.period,
      paidAt: invoices.paidAt,
      serviceStoppedAt: invoices.serviceStoppedAt,
    })
    .from(invoices)
    .where(inArray(invoices.accountId, accountIds));
  return { plans, bills };
}
