import { type MessageReceipt, MISSED_CALL_CUSTOM_TYPE, ParleyError, type TMessage } from "@parley/sdk";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import type { PendingMessage } from "../../hooks/use-messages";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { formatFileSize, formatTime } from "../../lib/format";
import type { MessageActions } from "../channel/channel-context";
import { FileIcon, PinIcon, ReceiptIcon, RepliesIcon } from "../icons";
import { Avatar } from "../members/avatar";
import { EditForm } from "./edit-form";
import { FileAttachment } from "./file-attachment";
import { LinkPreviewCard } from "./link-preview";
import { MessageText } from "./message-text";
import { PollCard } from "./poll-card";
import { ReactionPicker, Reactions } from "./reactions";

/**
 * The kit's own kind of custom message: `/me waves` is sent as `type: "custom"` with this `customType` and shown
 * as an action ("Kim waves"). Apps pick their own custom types; clients render those they know.
 */
export const EMOTE_TYPE = "emote";

export interface MessageItemProps {
  message: TMessage;
  names: Map<string, string>;
  actions: MessageActions;
  isPinned?: boolean;
  /** On the user's latest message: how many others have read up to it. */
  seenBy?: number;
  /**
   * In a list, whether the keyboard is on this message: the one message of the list in the Tab order, whose controls
   * are too; the others are reached with the arrow keys. Left out, the message is not part of a list's roving focus
   * and its controls are all in the Tab order.
   */
  isCurrent?: boolean;
  /**
   * The outbox item this message stands for while the server has not confirmed it (`message` is what it will be):
   * shown as the user's own with its state ("Waiting to send", "Sending…", "Not sent" with the reason), Retry and
   * Discard for a refused one and Discard for a waiting one, through `actions.retry` and `actions.discard`.
   */
  pending?: PendingMessage;
  /** On the user's own sent message: where it stands with the others (sent, delivered, read), shown as ticks. */
  receipt?: MessageReceipt;
}

/** Keys that move along the action bar, as in any toolbar; the bar is one Tab stop. */
const TOOL_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** One message: author, time, text (or file), reactions, thread link, read mark, and its actions on hover or focus. */
export function MessageItem({
  message,
  names,
  actions,
  isPinned,
  seenBy,
  isCurrent,
  pending,
  receipt,
}: MessageItemProps) {
  const { t, language } = useStrings();
  const me = useMyUserId();
  const [editing, setEditing] = useState(false);
  const [tool, setTool] = useState(0);
  const inList = isCurrent !== undefined;
  // A message the keyboard is not on keeps its controls out of the Tab order, so a long list is not hundreds of stops.
  const controlTab = isCurrent === false ? -1 : undefined;
  const own = pending !== undefined || message.sender?.userId === me;
  const time = (iso: string) => formatTime(iso, language);

  if (message.type === "admin") return <div className="pk-admin-message">{message.text}</div>;
  if (message.type === "custom" && message.customType === MISSED_CALL_CUSTOM_TYPE) {
    const video = (message.metadata as { kind?: string } | null)?.kind === "video";
    return (
      <div className="pk-admin-message pk-missed-call" data-testid="missed-call">
        {t(video ? "call.missedVideo" : "call.missedVoice")} ·{" "}
        <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
      </div>
    );
  }

  const sender = message.sender;
  const author = sender?.nickname ?? t("chat.unknown");
  const isEmote = message.type === "custom" && message.customType === EMOTE_TYPE;
  const mentionsMe = message.mentionedUserIds?.includes(me) ?? false;
  const replies = message.replyCount ?? 0;
  const openThread = actions.openThread;
  const failed = pending?.state === "failed";
  const pendingState = pending
    ? t(failed ? "outbox.failed" : pending.state === "sending" ? "outbox.sending" : "outbox.waiting")
    : null;
  const classes = [
    "pk-message",
    own && "pk-own",
    mentionsMe && "pk-mentions-me",
    pending && "pk-pending",
    failed && "pk-failed",
  ]
    .filter(Boolean)
    .join(" ");

  const tools: { key: string; render: (tabIndex: number) => ReactNode }[] = [];
  if (!pending) {
    tools.push({
      key: "react",
      render: (tabIndex) => (
        <ReactionPicker tabIndex={tabIndex} onPick={(reaction) => actions.toggleReaction(message, reaction)} />
      ),
    });
  }
  const toolButton = (key: string, label: string, onClick: () => void, danger = false) =>
    tools.push({
      key,
      render: (tabIndex) => (
        <button
          type="button"
          className={danger ? "pk-icon-button pk-danger" : "pk-icon-button"}
          tabIndex={tabIndex}
          onClick={onClick}
        >
          {label}
        </button>
      ),
    });
  const { retry, discard, removeLinkPreview } = actions;
  if (pending) {
    // On its way it can no longer be held back; a refused one offers its buttons under the bubble instead.
    if (pending.state === "pending" && discard) {
      toolButton("discard", t("outbox.discard"), () => discard(pending), true);
    }
  } else {
    if (openThread) toolButton("reply", t("chat.reply"), () => openThread(message.id));
    const pin = actions.pin;
    if (pin) toolButton("pin", isPinned ? t("chat.unpin") : t("chat.pin"), () => pin(message, !isPinned));
    if (own && message.type !== "file" && message.type !== "poll")
      toolButton("edit", t("chat.edit"), () => setEditing(true));
    if (own) toolButton("delete", t("chat.delete"), () => actions.remove(message), true);
  }
  const currentTool = Math.max(0, Math.min(tool, tools.length - 1));

  function moveTool(event: KeyboardEvent<HTMLDivElement>) {
    const next = TOOL_KEYS[event.key]?.(currentTool, tools.length);
    if (next === undefined) return;
    event.preventDefault();
    setTool(next);
    event.currentTarget.querySelectorAll("[data-pk-tool]")[next]?.querySelector("button")?.focus();
  }

  return (
    <article
      className={classes}
      data-testid="message"
      aria-label={pendingState ? `${author}: ${message.text} (${pendingState})` : `${author}: ${message.text}`}
      tabIndex={inList ? (isCurrent ? 0 : -1) : undefined}
    >
      {!own && <Avatar name={author} />}
      <div className="pk-message-body">
        <div className="pk-meta">
          {!own && sender && actions.openDirect ? (
            <button
              type="button"
              className="pk-author pk-link-plain"
              tabIndex={controlTab}
              title={t("members.message", { name: author })}
              onClick={() => actions.openDirect?.(sender.userId, sender.nickname)}
            >
              {author}
            </button>
          ) : (
            <span className="pk-author">{author}</span>
          )}
          {pendingState ? (
            // In the place of the time, so the sent message that replaces it keeps the row's height.
            <span className={failed ? "pk-pending-state pk-error" : "pk-pending-state"} data-testid="pending-state">
              {pendingState}
            </span>
          ) : (
            <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          )}
          {receipt && own && !pending && (
            <span
              className={`pk-receipt pk-receipt-${receipt.state}`}
              role="img"
              aria-label={t(`receipt.${receipt.state}`)}
              title={t(`receipt.${receipt.state}`)}
              data-testid="receipt"
              data-state={receipt.state}
            >
              <ReceiptIcon double={receipt.state !== "sent"} />
            </span>
          )}
          {message.editedAt && (
            <span className="pk-edited" title={t("chat.editedAt", { time: time(message.editedAt) })}>
              {t("chat.edited")}
            </span>
          )}
          {isPinned && (
            <span className="pk-pin-mark">
              <PinIcon /> {t("chat.pinned")}
            </span>
          )}
          {mentionsMe && <span className="pk-sr-only">{t("chat.mentionsYou")}</span>}
        </div>
        {message.parentMessageId && message.showInChannel && openThread && (
          <button
            type="button"
            className="pk-thread-note pk-link"
            tabIndex={controlTab}
            onClick={() => openThread(message.parentMessageId ?? message.id)}
          >
            ↳ {t("chat.inThread")}
          </button>
        )}
        {editing ? (
          <EditForm
            text={message.text}
            onCancel={() => setEditing(false)}
            onSave={async (text) => {
              await actions.edit(message, text);
              setEditing(false);
            }}
          />
        ) : message.type === "poll" ? (
          <PollCard message={message} {...(controlTab !== undefined ? { tabIndex: controlTab } : {})} />
        ) : (
          <div className={isEmote ? "pk-bubble pk-emote" : "pk-bubble"}>
            {isEmote && <span className="pk-emote-author">{author} </span>}
            {message.type === "custom" && !isEmote && <span className="pk-custom-label">{message.customType}</span>}
            {message.file ? (
              <FileAttachment file={message.file} tabIndex={controlTab} />
            ) : pending?.kind === "file" ? (
              // As the file message will show it, with its size: the link comes once the server has stored it.
              <>
                <span className="pk-pending-file">
                  <FileIcon /> {pending.name}
                </span>{" "}
                <span className="pk-file-size">{formatFileSize(pending.size, language)}</span>
              </>
            ) : (
              <MessageText message={message} me={me} names={names} />
            )}
          </div>
        )}
        {message.linkPreview && !editing && (
          <LinkPreviewCard
            preview={message.linkPreview}
            tabIndex={controlTab}
            onRemove={own && !pending && removeLinkPreview ? () => removeLinkPreview(message) : undefined}
          />
        )}
        <Reactions
          message={message}
          tabIndex={controlTab}
          onToggle={(reaction) => actions.toggleReaction(message, reaction)}
        />
        {replies > 0 && openThread && (
          <button type="button" className="pk-thread-link" tabIndex={controlTab} onClick={() => openThread(message.id)}>
            <RepliesIcon /> {t("chat.replies", { count: replies })}
          </button>
        )}
        {seenBy !== undefined && seenBy > 0 && <div className="pk-seen">{t("chat.seenBy", { count: seenBy })}</div>}
        {pending && failed && (
          <div className="pk-pending-failure">
            <span className="pk-error">
              {describeError(new ParleyError(pending.error ?? { code: "Error", message: "" }, 0), t)}
            </span>
            {retry && (
              <button type="button" className="pk-link" tabIndex={controlTab} onClick={() => retry(pending)}>
                {t("outbox.retry")}
              </button>
            )}
            {discard && (
              <button
                type="button"
                className="pk-link pk-danger"
                tabIndex={controlTab}
                onClick={() => discard(pending)}
              >
                {t("outbox.discard")}
              </button>
            )}
          </div>
        )}
      </div>
      {!editing && tools.length > 0 && (
        <div className="pk-message-actions" role="toolbar" aria-label={t("chat.actions")} onKeyDown={moveTool}>
          {tools.map((item, index) => (
            <span key={item.key} className="pk-tool" data-pk-tool>
              {item.render(index === currentTool && controlTab === undefined ? 0 : -1)}
            </span>
          ))}
        </div>
      )}
    </article>
  );
}
