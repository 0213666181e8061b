import type { ChatEventOf, ParleyClient, TMessage } from "@parley/sdk";
import { useCallback, useState } from "react";
import { useParleyEvent } from "../hooks";
import { updateMessage, upsertMessages, withReaction } from "./message-state";

/**
 * A list of one channel's messages kept current from events: new ones that `belongs` accepts, edits, deletes,
 * reactions and thread counts. The channel's list and a thread panel each keep one.
 */
export function useLiveMessages(
  client: ParleyClient,
  me: string,
  channelId: string,
  belongs: (message: TMessage) => boolean,
) {
  const [messages, setMessages] = useState<TMessage[]>([]);

  /** Takes in messages the user's own calls answered with (a send, a reaction, an edit). */
  const apply = useCallback(
    (...incoming: TMessage[]) => setMessages((current) => upsertMessages(current, incoming)),
    [],
  );
  const remove = useCallback((messageId: string) => setMessages((c) => c.filter((m) => m.id !== messageId)), []);

  useParleyEvent(client, "message.created", (event) => {
    const message = event.message;
    if (event.channelId === channelId && message && message.type !== "hidden" && belongs(message)) apply(message);
  });
  useParleyEvent(client, "message.updated", (event) => {
    const message = event.message;
    if (event.channelId !== channelId || !message) return;
    setMessages((current) => (current.some((m) => m.id === message.id) ? upsertMessages(current, [message]) : current));
  });
  useParleyEvent(client, "message.deleted", (event) => {
    if (event.channelId === channelId && event.messageId) remove(event.messageId);
  });
  const onReaction = (change: "added" | "removed") => (event: ChatEventOf<"reaction.added" | "reaction.removed">) => {
    const { messageId, reaction, reactions } = event;
    if (event.channelId !== channelId || !messageId || !reaction || !reactions) return;
    // Without a user it is the app's administrator removing the reaction for everyone, this user included.
    const byMe = event.userId === me || (change === "removed" && event.userId === undefined) ? change : null;
    setMessages((current) => updateMessage(current, messageId, (m) => withReaction(m, reaction, reactions, byMe)));
  };
  useParleyEvent(client, "reaction.added", onReaction("added"));
  useParleyEvent(client, "reaction.removed", onReaction("removed"));
  useParleyEvent(client, "thread.updated", (event) => {
    const { messageId, replyCount, lastRepliedAt } = event;
    if (event.channelId !== channelId || !messageId) return;
    setMessages((current) => updateMessage(current, messageId, (m) => ({ ...m, replyCount, lastRepliedAt })));
  });

  return { messages, setMessages, apply, remove };
}
