import type { TAdminAction } from "@parley/contract";
import type { Db } from "../../db/client";
import { adminActions } from "./schema";

/** Writes an entry of a company's admin history, in the caller's transaction. */
export async function recordAdminAction(
  tx: Db,
  entry: {
    accountId: string;
    adminEmail: string;
    action: TAdminAction;
    detail: Record<string, string | number | boolean>;
    at: Date;
  },
): Promise<void> {
  await tx.insert(adminActions).values({
    accountId: entry.accountId,
    adminEmail: entry.adminEmail,
    action: entry.action,
    detail: entry.detail,
    createdAt: entry.at,
  });
}
