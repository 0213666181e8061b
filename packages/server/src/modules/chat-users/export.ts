import { and, asc, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ExportSectionReader } from "../../export-sections";
import { toChatUser } from "./mapping";
import { chatUsers } from "./schema";

/** The archive's `users.ndjson`: the app's users by user ID (the one user alone for a user's export). */
export function userExportSection(db: Db): ExportSectionReader {
  const where = (scope: { appId: string; user: { id: string } | null }, after: string | null) =>
    and(
      eq(chatUsers.appId, scope.appId),
      scope.user ? eq(chatUsers.id, scope.user.id) : undefined,
      after !== null ? gt(chatUsers.userId, after) : undefined,
    );
  return {
    section: "users",
    async count(scope) {
      const [row] = await db.select({ n: count() }).from(chatUsers).where(where(scope, null));
      return row?.n ?? 0;
    },
    async page(scope, after, limit) {
      const rows = await db
        .select()
        .from(chatUsers)
        .where(where(scope, after))
        .orderBy(asc(chatUsers.userId))
        .limit(limit);
      return { rows: rows.map(toChatUser), next: rows.at(-1)?.userId ?? after };
    },
  };
}
