import { useMemo } from "react";
import { useMessages } from "../../hooks/use-messages";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { type MessageActions, useChannelContext } from "../channel/channel-context";
import { ComposerBox } from "../composer/composer";
import { MessageItem } from "../message-list/message-item";
import { MessageListView } from "../message-list/message-list";

/**
 * The thread open in the channel: its parent on top, the replies under it, and a box to reply (optionally to the
 * channel too). Inside a {@link Channel}; shows nothing while no thread is open. Opening it moves focus into it;
 * Escape or Close closes it and gives focus back to what opened it.
 */
export function ThreadPanel() {
  const { side } = useChannelContext();
  if (side?.kind !== "thread") return null;
  return <Thread parentId={side.parentId} />;
}

function Thread({ parentId }: { parentId: string }) {
  const { t } = useStrings();
  const {
    channel,
    messages: channelMessages,
    members,
    names,
    actions: channelActions,
    receipt,
    setSide,
  } = useChannelContext();
  const replies = useMessages(channel.id, { threadOf: parentId });
  // The parent as the channel's list holds it, so its reactions and edits stay live here too.
  const parent = channelMessages.messages.find((m) => m.id === parentId);
  const { toggleReaction, edit, remove, removeLinkPreview, retry, discard } = replies;
  const actions = useMemo<MessageActions>(
    () => ({ toggleReaction, edit, remove, removeLinkPreview, retry, discard, openDirect: channelActions.openDirect }),
    [toggleReaction, edit, remove, removeLinkPreview, retry, discard, channelActions.openDirect],
  );
  // The parent is shown inside its own thread, so it offers no way to open it again.
  const onParent: MessageActions = { ...channelActions, openThread: undefined };
  const panel = usePanelFocus<HTMLElement>(() => setSide(null));

  return (
    <aside
      ref={panel.ref}
      className="pk-side-panel pk-thread-panel"
      aria-label={t("thread.title")}
      tabIndex={-1}
      onKeyDown={panel.onKeyDown}
    >
      <header className="pk-side-header">
        <h3>{t("thread.title")}</h3>
        <button type="button" className="pk-link" onClick={() => setSide(null)}>
          {t("thread.close")}
        </button>
      </header>
      <MessageListView
        messages={replies.messages}
        pending={replies.pending}
        loading={replies.loading}
        hasOlder={replies.hasOlder}
        onLoadOlder={replies.loadOlder}
        actions={actions}
        names={names}
        members={members}
        label={t("thread.title")}
        empty={t("thread.noReplies")}
        showSeen={false}
        receipt={receipt}
        header={
          parent && (
            <div className="pk-thread-parent">
              <MessageItem message={parent} names={names} actions={onParent} />
            </div>
          )
        }
      />
      {replies.error !== null && (
        <p className="pk-error pk-composer-error" role="alert">
          {describeError(replies.error, t)}{" "}
          <button type="button" className="pk-link" aria-label={t("dismiss")} onClick={() => replies.setError(null)}>
            ✕
          </button>
        </p>
      )}
      <ComposerBox
        channelId={channel.id}
        members={members}
        placeholder={t("composer.placeholderThread")}
        disabled={channel.isFrozen}
        alsoToChannel={channel.name}
        onSend={replies.send}
      />
    </aside>
  );
}
