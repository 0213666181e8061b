import type { TMember, TMessage } from "@parley/sdk";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useI18n } from "../i18n";
import { type MessageActions, MessageItem } from "./message-item";

interface Props {
  messages: TMessage[];
  me: string;
  members: TMember[];
  names: Map<string, string>;
  actions: MessageActions;
  pinnedIds?: string[];
  loading: boolean;
  hasOlder?: boolean;
  onLoadOlder?: () => Promise<void>;
  /** Shown when there are no messages. */
  empty: string;
  /** Whether the user's latest message says how many have read it; read marks are the channel's, not a thread's. */
  showSeen?: boolean;
  /** Rendered above the messages, scrolling with them (a thread's parent). */
  header?: ReactNode;
}

/** How close to the bottom still counts as reading the newest messages, in pixels. */
const STICKY_PX = 80;

/**
 * A scrolling list of messages: new ones keep it at the bottom while the user is there, and loading older ones keeps
 * what the user was looking at in place.
 */
export function MessageList(props: Props) {
  const { t } = useI18n();
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const { messages, me, members } = props;

  useLayoutEffect(() => {
    const el = list.current;
    if (!el || messages.length === 0) return;
    if (keepFromBottom.current !== null) el.scrollTop = el.scrollHeight - keepFromBottom.current;
    else if (atBottom.current) el.scrollTop = el.scrollHeight;
    keepFromBottom.current = null;
  }, [messages]);

  async function loadOlder() {
    const el = list.current;
    keepFromBottom.current = el ? el.scrollHeight - el.scrollTop : null;
    await props.onLoadOlder?.();
  }

  const lastOwn = props.showSeen === false ? undefined : [...messages].reverse().find((m) => m.sender?.userId === me);
  const seenBy = lastOwn
    ? members.filter((m) => m.userId !== me && (m.lastReadSeq ?? 0) >= lastOwn.seq).length
    : undefined;

  return (
    <div
      className="messages"
      ref={list}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
      }}
    >
      {props.header}
      {props.hasOlder && (
        <button type="button" className="load-older" onClick={loadOlder}>
          {t("chat.loadOlder")}
        </button>
      )}
      {props.loading && <div className="muted center">{t("chat.loading")}</div>}
      {!props.loading && messages.length === 0 && <div className="muted center">{props.empty}</div>}
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          me={me}
          names={props.names}
          actions={props.actions}
          isPinned={props.pinnedIds?.includes(message.id)}
          seenBy={message === lastOwn ? seenBy : undefined}
        />
      ))}
    </div>
  );
}
