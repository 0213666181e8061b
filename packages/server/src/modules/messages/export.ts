import { and, asc, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ExportScope, type ExportSectionReader, joinCursor, splitCursor } from "../../export-sections";
import { toMessages } from "./mapping";
import { messages } from "./schema";

/**
 * The archive's `messages.ndjson`: every message not deleted, channel by channel in order, in the chat API's shape
 * (with the sender's user ID and nickname), shadowed ones marked. A user's export holds the messages they sent.
 */
export function messageExportSection(db: Db): ExportSectionReader {
  const where = (scope: ExportScope, after: string | null): SQL | undefined => {
    const [channelId, seq] = splitCursor(after) ?? [];
    return and(
      eq(messages.appId, scope.appId),
      isNull(messages.deletedAt),
      scope.user ? eq(messages.senderId, scope.user.id) : undefined,
      channelId !== undefined
        ? sql`(${messages.channelId}, ${messages.seq}) > (${channelId}::uuid, ${Number(seq)}::int)`
        : undefined,
    );
  };
  return {
    section: "messages",
    async count(scope) {
      const [row] = await db.select({ n: count() }).from(messages).where(where(scope, null));
      return row?.n ?? 0;
    },
    async page(scope, after, limit) {
      const rows = await db
        .select()
        .from(messages)
        .where(where(scope, after))
        .orderBy(asc(messages.channelId), asc(messages.seq))
        .limit(limit);
      const last = rows.at(-1);
      // The app's archive marks shadowed messages for the app; a user's own archive, which may reach them, does not.
      const found = await toMessages(db, rows, null, { markShadowed: !scope.user });
      return { rows: found, next: last ? joinCursor(last.channelId, last.seq) : after };
    },
  };
}
