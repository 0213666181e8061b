import type { MessageReceipt, TChannel, TMessage } from "@parley/sdk";
import { useEffect, useState } from "react";
import type { ChatClient } from "../client";
import { useParley } from "./use-parley";

type ReceiptOf = (message: Pick<TMessage, "channelId" | "seq">) => MessageReceipt;

/** A message the server has is sent, whether or not the members' marks have been read yet. */
const SENT: MessageReceipt = { state: "sent", deliveredTo: 0, readBy: 0, members: 0 };

/** A new function for each change of the marks, so the list redraws its ticks with it. */
function reader(receipts: ChatClient["receipts"]): ReceiptOf | null {
  return receipts ? (message) => receipts.of(message) ?? SENT : null;
}

/**
 * Where the user's own messages in a channel stand (`client.receipts`): loads the members' marks when the channel
 * opens and follows their changes. `of` is null where there are no receipts: an open channel keeps none, and a
 * client without `receipts` shows none.
 */
export function useReceipts(channel: Pick<TChannel, "id" | "type">): { of: ReceiptOf | null } {
  const client = useParley();
  const receipts = channel.type === "open" ? undefined : client.receipts;
  const channelId = channel.id;
  const [of, setOf] = useState(() => reader(receipts));

  useEffect(() => {
    setOf(() => reader(receipts));
    if (!receipts) return;
    const off = receipts.onChange((changed) => {
      if (changed === channelId) setOf(() => reader(receipts));
    });
    // A failed load leaves the ticks at sent; the channel's next opening reads the marks again.
    receipts.load(channelId).catch(() => undefined);
    return off;
  }, [receipts, channelId]);

  return { of };
}
