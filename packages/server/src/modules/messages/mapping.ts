import type { TMessage } from "@parley/contract";
import type { Db } from "../../db/client";
import { findChatUsersByIds } from "../chat-users";
import type { MessageRow } from "./schema";

/** Messages with their senders' current name and picture. */
export async function toMessages(db: Db, rows: MessageRow[]): Promise<TMessage[]> {
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((v): v is string => v !== null))];
  const senders = await findChatUsersByIds(db, senderIds);
  const byId = new Map(
    senders.map(({ id, userId, nickname, profileImageUrl }) => [id, { userId, nickname, profileImageUrl }]),
  );
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
    ...(r.subchannel !== null ? { subchannel: r.subchannel } : {}),
  }));
}
