import type { TChannel } from "@parley/sdk";
import { type ReactNode, useMemo, useState } from "react";
import { useChannel } from "../../hooks/use-channel";
import { nicknames, useMembers } from "../../hooks/use-members";
import { useMessages } from "../../hooks/use-messages";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { useReceipts } from "../../hooks/use-receipts";
import { channelTitle, directPeer, isDirect } from "../../lib/direct";
import { describeError } from "../../lib/errors";
import { Composer } from "../composer/composer";
import { TypingIndicator } from "../composer/typing-indicator";
import { MembersPanel } from "../members/members-panel";
import { MessageList } from "../message-list/message-list";
import { ThreadPanel } from "../thread/thread-panel";
import {
  ChannelContext,
  type ChannelContextValue,
  type ChannelSide,
  type MessageActions,
  useChannelContext,
} from "./channel-context";
import { ChannelHeader } from "./channel-header";
import { PinnedBar } from "./pinned-bar";

export interface ChannelProps {
  channel: TChannel;
  /** The user left the channel, was banned from it, or it was deleted. */
  onLeft?: () => void;
  /** A member's name was picked to chat with them alone; without it names are not offered as links. */
  onOpenDirect?: (userId: string, nickname: string) => void;
  /** Your own arrangement of the channel's parts; by default the header, messages, composer and side panels. */
  children?: ReactNode;
}

/**
 * One open channel: loads and follows its messages, members and details, and shares them with the components
 * inside it (`ChannelHeader`, `MessageList`, `Composer`, `ThreadPanel`, …). Give it a `key` of the channel's id, so
 * switching channels starts afresh.
 */
export function Channel({ channel: initial, onLeft, onOpenDirect, children }: ChannelProps) {
  const me = useMyUserId();
  const { channel, leave, pin, isOwner } = useChannel(initial, { onGone: onLeft });
  const messages = useMessages(channel.id);
  const members = useMembers(channel.id);
  const names = useMemo(() => nicknames(members), [members]);
  // Once per channel: the list and the thread beside it show the same marks, loaded and followed once.
  const receipts = useReceipts(channel);
  const [side, setSide] = useState<ChannelSide>(null);
  const { toggleReaction, edit, remove, removeLinkPreview, setError, retry, discard } = messages;

  const actions = useMemo<MessageActions>(
    () => ({
      toggleReaction,
      edit,
      remove,
      removeLinkPreview,
      retry,
      discard,
      openThread: (parentId) => setSide({ kind: "thread", parentId }),
      openDirect: onOpenDirect,
      // Only a channel's owner may pin, so only they are offered it.
      pin: isOwner ? (message, pinned) => void pin(message.id, pinned).catch(setError) : undefined,
    }),
    [toggleReaction, edit, remove, removeLinkPreview, retry, discard, onOpenDirect, isOwner, pin, setError],
  );

  const value: ChannelContextValue = {
    channel,
    title: channelTitle(channel, me),
    isDirect: isDirect(channel),
    peer: directPeer(channel, me),
    isOwner,
    messages,
    members,
    names,
    actions,
    receipt: receipts.of ?? undefined,
    side,
    setSide,
    leave: () => leave().catch(setError),
  };
  return <ChannelContext.Provider value={value}>{children ?? <ChannelLayout />}</ChannelContext.Provider>;
}

/** The channel's error, if an action failed, with a way to dismiss it. */
export function ChannelError() {
  const { t } = useStrings();
  const { messages } = useChannelContext();
  if (messages.error === null) return null;
  return (
    <p className="pk-error pk-composer-error" role="alert">
      {describeError(messages.error, t)}{" "}
      <button type="button" className="pk-link" aria-label={t("dismiss")} onClick={() => messages.setError(null)}>
        ✕
      </button>
    </p>
  );
}

/** The default arrangement: header, pinned messages, messages, typing line, composer, and the side panel. */
export function ChannelLayout() {
  const { title, side } = useChannelContext();
  return (
    <div className={side ? "pk-channel-layout pk-with-side" : "pk-channel-layout"}>
      <section className="pk-channel" aria-label={title}>
        <ChannelHeader />
        <PinnedBar />
        <MessageList />
        <TypingIndicator />
        <ChannelError />
        <Composer />
      </section>
      {side?.kind === "members" && <MembersPanel />}
      {side?.kind === "thread" && <ThreadPanel key={side.parentId} />}
    </div>
  );
}
