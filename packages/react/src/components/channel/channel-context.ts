import type { MessageReceipt, OutboxItem, TChannel, TMember, TMessage } from "@parley/sdk";
import { createContext, useContext } from "react";
import type { MessagesState } from "../../hooks/use-messages";

/** What a user may do with a message; an absent one is not offered (no replies inside a thread, pins for owners). */
export interface MessageActions {
  toggleReaction: (message: TMessage, reaction: string) => void;
  edit: (message: TMessage, text: string) => Promise<void>;
  remove: (message: TMessage) => void;
  /** Takes the link preview off one of the user's own messages. */
  removeLinkPreview?: (message: TMessage) => void;
  /** Opens the thread of the message with this id. */
  openThread?: (parentMessageId: string) => void;
  pin?: (message: TMessage, pinned: boolean) => void;
  openDirect?: (userId: string, nickname: string) => void;
  /** Puts a send the server refused back in line (with the client's offline layer). */
  retry?: (item: OutboxItem) => void;
  /** Drops a send still waiting or refused (with the client's offline layer). */
  discard?: (item: OutboxItem) => void;
}

/** What is open beside the channel's messages. */
export type ChannelSide = { kind: "members" } | { kind: "thread"; parentId: string } | null;

/** One open channel, as {@link Channel} shares it with the components inside it. */
export interface ChannelContextValue {
  channel: TChannel;
  /** The other person's name for a 1:1 chat, the channel's name otherwise. */
  title: string;
  isDirect: boolean;
  /** The other person of a 1:1 chat. */
  peer: { userId: string; nickname: string } | null;
  isOwner: boolean;
  messages: MessagesState;
  members: TMember[];
  /** Nicknames by user ID. */
  names: Map<string, string>;
  actions: MessageActions;
  /**
   * Where one of the user's own messages stands (the ticks), for the channel's list and its thread alike; undefined
   * where there are no receipts (an open channel, a client without them).
   */
  receipt?: (message: Pick<TMessage, "channelId" | "seq">) => MessageReceipt;
  side: ChannelSide;
  setSide: (side: ChannelSide) => void;
  leave: () => Promise<void>;
}

export const ChannelContext = createContext<ChannelContextValue | null>(null);

/** The open channel of the nearest {@link Channel}. */
export function useChannelContext(): ChannelContextValue {
  const value = useContext(ChannelContext);
  if (!value) throw new Error("this component belongs inside a <Channel>");
  return value;
}
