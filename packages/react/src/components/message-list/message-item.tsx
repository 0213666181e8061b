import { MISSED_CALL_CUSTOM_TYPE, type TMessage } from "@parley/sdk";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { formatTime } from "../../lib/format";
import type { MessageActions } from "../channel/channel-context";
import { FileIcon, PinIcon, RepliesIcon } from "../icons";
import { Avatar } from "../members/avatar";
import { EditForm } from "./edit-form";
import { MessageText } from "./message-text";
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
}

/** Keys that move along the action bar, as in any toolbar; the bar is one Tab stop. */
const TOOL_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** One message: author, time, text (or file), reactions, thread link, read mark, and its actions on hover or focus. */
export function MessageItem({ message, names, actions, isPinned, seenBy, isCurrent }: MessageItemProps) {
  const { t, language } = useStrings();
  const me = useMyUserId();
  const [editing, setEditing] = useState(false);
  const [tool, setTool] = useState(0);
  const inList = isCurrent !== undefined;
  // A message the keyboard is not on keeps its controls out of the Tab order, so a long list is not hundreds of stops.
  const controlTab = isCurrent === false ? -1 : undefined;
  const own = message.sender?.userId === me;
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
  const classes = ["pk-message", own && "pk-own", mentionsMe && "pk-mentions-me"].filter(Boolean).join(" ");

  const tools: { key: string; render: (tabIndex: number) => ReactNode }[] = [
    {
      key: "react",
      render: (tabIndex) => (
        <ReactionPicker tabIndex={tabIndex} onPick={(reaction) => actions.toggleReaction(message, reaction)} />
      ),
    },
  ];
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
  if (openThread) toolButton("reply", t("chat.reply"), () => openThread(message.id));
  const pin = actions.pin;
  if (pin) toolButton("pin", isPinned ? t("chat.unpin") : t("chat.pin"), () => pin(message, !isPinned));
  if (own && message.type !== "file") toolButton("edit", t("chat.edit"), () => setEditing(true));
  if (own) toolButton("delete", t("chat.delete"), () => actions.remove(message), true);
  const currentTool = Math.min(tool, tools.length - 1);

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
      aria-label={`${author}: ${message.text}`}
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
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
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
        ) : (
          <div className={isEmote ? "pk-bubble pk-emote" : "pk-bubble"}>
            {isEmote && <span className="pk-emote-author">{author} </span>}
            {message.type === "custom" && !isEmote && <span className="pk-custom-label">{message.customType}</span>}
            {message.file ? (
              <a href={message.file.url} target="_blank" rel="noreferrer" tabIndex={controlTab}>
                <FileIcon /> {message.file.name}
              </a>
            ) : (
              <MessageText message={message} me={me} names={names} />
            )}
          </div>
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
      </div>
      {!editing && (
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
