import type { TMessage } from "@parley/contract";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatUsers, type MessageRow } from "../../db/schema";

/** Messages with their senders' current name and picture. */
export async function toMessages(db: Db, rows: MessageRow[]): Promise<TMessage[]> {
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((v): v is string => v !== null))];
  const senders = senderIds.length
    ? await db
        .select({
          id: chatUsers.id,
          userId: chatUsers.userId,
          nickname: chatUsers.nickname,
          profileImageUrl: chatUsers.profileImageUrl,
        })
        .from(chatUsers)
        .where(inArray(chatUsers.id, senderIds))
    : [];
  const byId = new Map(senders.map(({ id, ...sender }) => [id, sender]));
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channelId,
    seq: r.seq,
    type: r.type,
    text: r.text,
    sender: r.senderId ? (byId.get(r.senderId) ?? null) : null,
    metadata: r.metadata,
    file: r.file ?? null,
    createdAt: r.createdAt.toISOString(),
    ...(r.clientMessageId ? { clientMessageId: r.clientMessageId } : {}),
  }));
}
