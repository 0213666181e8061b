import type { MessageReceipt, TChatUser, TMember, TMessage } from "@parley/sdk";
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import type { PendingMessage } from "../../hooks/use-messages";
import { useCurrentUser, useMyUserId, useStrings } from "../../hooks/use-parley";
import { type MessageActions, useChannelContext } from "../channel/channel-context";
import { EMOTE_TYPE, MessageItem } from "./message-item";

/** A row's height until it has been drawn and measured. */
export const ESTIMATED_ROW_PX = 72;
/** How far beyond the visible part rows are drawn, above and below, so a quick scroll shows no gap. */
const OVERSCAN_PX = 800;
/** Scrolled this close to the top, the list asks for older messages. */
const LOAD_OLDER_PX = 400;
/** How close to the bottom still counts as reading the newest messages, which new ones then keep in view. */
const STICKY_PX = 80;
/** The visible height assumed where none can be measured (a list not laid out yet). */
const FALLBACK_VIEWPORT_PX = 600;

export interface MessageListViewProps {
  messages: TMessage[];
  loading: boolean;
  hasOlder: boolean;
  onLoadOlder: () => Promise<void>;
  actions: MessageActions;
  names: Map<string, string>;
  members: TMember[];
  /** The list's accessible name. */
  label: string;
  /** Shown when there are no messages. */
  empty: string;
  pinnedIds?: string[];
  /** Whether the user's latest message says how many have read it; read marks are the channel's, not a thread's. */
  showSeen?: boolean;
  /** Rendered above the messages, scrolling with them (a thread's parent). */
  header?: ReactNode;
  /**
   * The user's sends the server has not confirmed (with the client's offline layer), drawn after the messages as
   * the user's own with their state, and `actions.retry` / `actions.discard`.
   */
  pending?: PendingMessage[];
  /** Where each of the user's own messages stands, for its ticks; left out, they have none. */
  receipt?: (message: TMessage) => MessageReceipt;
}

/** One drawn row: a message, or a send still in the outbox standing in for the message it becomes. */
interface Row {
  /**
   * The message's `clientMessageId` where it has one, so the message that replaces a pending send keeps its row
   * (its DOM node and its measured height); its id otherwise.
   */
  key: string;
  message: TMessage;
  pending?: PendingMessage;
}

const NO_PENDING: PendingMessage[] = [];

function rowKey(message: TMessage): string {
  return message.clientMessageId || message.id;
}

/** The message a pending send will be, as far as it is known before the server has it. */
function pendingMessage(item: PendingMessage, user: TChatUser | null): TMessage {
  const options = item.kind === "send" ? item.options : undefined;
  const emote = options?.type === "custom" && options.customType === EMOTE_TYPE;
  return {
    id: `pending:${item.clientMessageId}`,
    channelId: item.channelId,
    seq: Number.MAX_SAFE_INTEGER,
    type: emote ? "custom" : item.kind === "file" ? "file" : "text",
    ...(emote ? { customType: EMOTE_TYPE } : {}),
    text: item.kind === "send" ? item.text : (item.caption ?? item.name),
    sender: user
      ? { userId: user.userId, nickname: user.nickname, profileImageUrl: user.profileImageUrl }
      : { userId: "", nickname: "", profileImageUrl: "" },
    metadata: item.kind === "send" ? (item.metadata ?? {}) : {},
    file: null,
    createdAt: item.createdAt,
    clientMessageId: item.clientMessageId,
    ...(options?.mentionedUserIds ? { mentionedUserIds: options.mentionedUserIds } : {}),
  };
}

/** The index of the row that covers `y` (a position from the first row's top), clamped to the rows there are. */
function rowAt(offsets: Float64Array, y: number): number {
  const rows = offsets.length - 1;
  let low = 0;
  let high = rows - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((offsets[mid] ?? 0) <= y) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

/** Takes the heights of drawn rows (each carries its row's key) into `heights`; true when one changed. */
function measureRows(heights: Map<string, number>, elements: Iterable<Element>): boolean {
  let changed = false;
  for (const element of elements) {
    const row = element as HTMLElement;
    const key = row.dataset.key;
    const height = row.offsetHeight;
    if (key && height > 0 && heights.get(key) !== height) {
      heights.set(key, height);
      changed = true;
    }
  }
  return changed;
}

/**
 * A scrolling list of messages that draws only the rows near what is visible, so a history of tens of thousands of
 * messages scrolls as lightly as a short one. Rows are measured once drawn (until then they count as
 * {@link ESTIMATED_ROW_PX}). New messages keep the list at the bottom while the user is there; anywhere else the
 * first visible message stays where it is on screen, whatever is added, measured or loaded above it. Scrolling near
 * the top loads older messages.
 *
 * The keyboard moves by message: one message is in the Tab order (the newest, until another gets focus), with its
 * controls; ArrowUp and ArrowDown move to the message before or after it. So each message adds no Tab stop.
 *
 * Sends not yet confirmed (`pending`) follow the messages as the user's own, each saying whether it is waiting,
 * on its way or refused; a row is keyed by the `clientMessageId` the message keeps, so the sent message takes over
 * its pending row in place.
 */
export function MessageListView(props: MessageListViewProps) {
  const { t } = useStrings();
  const me = useMyUserId();
  const user = useCurrentUser();
  const { messages } = props;
  const pending = props.pending ?? NO_PENDING;
  const entries = useMemo(() => {
    const list: Row[] = messages.map((message) => ({ key: rowKey(message), message }));
    for (const item of pending) {
      list.push({ key: item.clientMessageId, message: pendingMessage(item, user), pending: item });
    }
    return list;
  }, [messages, pending, user]);
  const scroller = useRef<HTMLElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measured, remeasure] = useReducer((n: number) => n + 1, 0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT_PX);
  const [headHeight, setHeadHeight] = useState(0);
  const atBottom = useRef(true);
  /** The first visible row (by key), and how far its top is below the top of the visible part. */
  const anchor = useRef<{ key: string; fromTop: number } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());
  /** The message the keyboard is on, when the user has moved it from the newest. */
  const [currentId, setCurrentId] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `measured` moves when a row's measured height changed
  const offsets = useMemo(() => {
    const sums = new Float64Array(entries.length + 1);
    for (let i = 0; i < entries.length; i++) {
      const key = entries[i]?.key ?? "";
      sums[i + 1] = (sums[i] ?? 0) + (heights.current.get(key) ?? ESTIMATED_ROW_PX);
    }
    return sums;
  }, [entries, measured]);
  const total = offsets[entries.length] ?? 0;

  const top = scrollTop - headHeight;
  const first = entries.length === 0 ? 0 : rowAt(offsets, top - OVERSCAN_PX);
  const last = entries.length === 0 ? -1 : rowAt(offsets, top + viewport + OVERSCAN_PX);

  /** The furthest the list scrolls; from the layout where there is one, from the rows' heights otherwise. */
  const maxScroll = (el: HTMLElement) => {
    const laidOut = el.scrollHeight - el.clientHeight;
    return laidOut > 0 ? laidOut : Math.max(0, headHeight + total - viewport);
  };

  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    // Rows change height after they are drawn (a reaction added, an edit form opened, a font loaded), and the list
    // itself when the window does.
    const resize = new ResizeObserver((entries) => {
      const el = scroller.current;
      if (el && entries.some((entry) => entry.target === el)) setViewport(el.clientHeight || FALLBACK_VIEWPORT_PX);
      if (head.current && entries.some((entry) => entry.target === head.current)) {
        setHeadHeight(head.current.offsetHeight);
      }
      if (
        measureRows(
          heights.current,
          entries.map((entry) => entry.target),
        )
      )
        remeasure();
    });
    observer.current = resize;
    if (scroller.current) resize.observe(scroller.current);
    if (head.current) resize.observe(head.current);
    const watched = observed.current;
    return () => {
      resize.disconnect();
      watched.clear();
      observer.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const drawn = rows.current ? [...rows.current.children] : [];
    const resize = observer.current;
    if (resize) {
      for (const row of drawn) {
        if (!observed.current.has(row)) {
          resize.observe(row);
          observed.current.add(row);
        }
      }
      for (const row of observed.current) {
        if (!row.isConnected) {
          resize.unobserve(row);
          observed.current.delete(row);
        }
      }
    }
    const visibleHeight = el.clientHeight || FALLBACK_VIEWPORT_PX;
    if (visibleHeight !== viewport) setViewport(visibleHeight);
    const headNow = head.current?.offsetHeight ?? 0;
    if (headNow !== headHeight) setHeadHeight(headNow);
    // New heights move every row below them: draw again first, then put the list back where it belongs.
    if (measureRows(heights.current, drawn)) {
      remeasure();
      return;
    }
    if (entries.length === 0) return;

    let target: number | null = null;
    if (atBottom.current) {
      target = maxScroll(el);
    } else if (anchor.current) {
      const { key, fromTop } = anchor.current;
      const index = entries.findIndex((row) => row.key === key);
      if (index >= 0) target = headHeight + (offsets[index] ?? 0) - fromTop;
    }
    if (target !== null && Math.abs(el.scrollTop - target) > 1) el.scrollTop = target;
    if (el.scrollTop !== scrollTop) setScrollTop(el.scrollTop);
  });

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    const y = el.scrollTop;
    setScrollTop(y);
    atBottom.current = maxScroll(el) - y < STICKY_PX;
    const index = rowAt(offsets, y - headHeight);
    const row = entries[index];
    anchor.current = row ? { key: row.key, fromTop: headHeight + (offsets[index] ?? 0) - y } : null;
    if (y < LOAD_OLDER_PX && props.hasOlder && !props.loading) void props.onLoadOlder();
  }

  const announcement = useAnnouncement(messages, me);
  const failure = useFailureAnnouncement(pending);

  let lastOwn: TMessage | undefined;
  if (props.showSeen !== false) {
    for (let i = messages.length - 1; i >= 0 && !lastOwn; i--) {
      if (messages[i]?.sender?.userId === me) lastOwn = messages[i];
    }
  }
  const seenBy = lastOwn
    ? props.members.filter((m) => m.userId !== me && (m.lastReadSeq ?? 0) >= (lastOwn?.seq ?? 0)).length
    : undefined;
  const pinned = new Set(props.pinnedIds ?? []);
  const drawn = entries.slice(first, last + 1);
  // A current message scrolled out of the drawn rows hands the Tab stop to the newest drawn one, so one is always there.
  const current = drawn.some((row) => row.message.id === currentId)
    ? currentId
    : (drawn[drawn.length - 1]?.message.id ?? null);

  /** Focus that lands in a message by any means (a click, Tab, a control) makes it the current one. */
  function followFocus(event: FocusEvent<HTMLDivElement>) {
    const row = (event.target as HTMLElement).closest<HTMLElement>(".pk-message-row");
    if (row?.dataset.id) setCurrentId(row.dataset.id);
  }

  function moveByMessage(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    const from = event.target as HTMLElement;
    if (!from.matches("article.pk-message")) return;
    event.preventDefault();
    const forward = event.key === "ArrowDown";
    let row = from.closest(".pk-message-row");
    let next: HTMLElement | null = null;
    // Notices (a missed call, an admin line) have nothing to act on, so the keyboard passes over them.
    while (row && !next) {
      row = forward ? row.nextElementSibling : row.previousElementSibling;
      next = row?.querySelector<HTMLElement>("article.pk-message") ?? null;
    }
    if (!next || !(row instanceof HTMLElement)) return;
    setCurrentId(row.dataset.id ?? null);
    next.focus();
  }

  return (
    <div className="pk-message-list-frame">
      <section
        ref={scroller}
        className="pk-message-list"
        aria-label={props.label}
        aria-busy={props.loading}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard, to scroll it
        tabIndex={0}
        onScroll={onScroll}
        data-testid="message-list"
      >
        <div ref={head} className="pk-message-list-head">
          {props.header}
          {props.hasOlder && (
            <button type="button" className="pk-load-older" onClick={() => void props.onLoadOlder()}>
              {t("chat.loadOlder")}
            </button>
          )}
          {props.loading && <div className="pk-muted pk-center">{t("chat.loading")}</div>}
          {!props.loading && entries.length === 0 && <div className="pk-muted pk-center">{props.empty}</div>}
        </div>
        <div className="pk-message-list-body" style={{ height: total }}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: focus and arrow keys from the messages, which are articles */}
          <div
            ref={rows}
            className="pk-message-rows"
            style={{ transform: `translateY(${offsets[first] ?? 0}px)` }}
            onKeyDown={moveByMessage}
            onFocus={followFocus}
          >
            {drawn.map(({ key, message, pending: item }) => (
              <div key={key} className="pk-message-row" data-id={message.id} data-key={key}>
                <MessageItem
                  message={message}
                  names={props.names}
                  actions={props.actions}
                  isPinned={!item && pinned.has(message.id)}
                  seenBy={message === lastOwn ? seenBy : undefined}
                  isCurrent={message.id === current}
                  pending={item}
                  receipt={!item && props.receipt && message.sender?.userId === me ? props.receipt(message) : undefined}
                />
              </div>
            ))}
          </div>
        </div>
      </section>
      <div className="pk-sr-only" aria-live="polite">
        {announcement}
      </div>
      <div className="pk-sr-only" aria-live="polite">
        {failure}
      </div>
    </div>
  );
}

/** A line for screen readers when one of the user's sends is refused: the row says so too, but only where it is. */
function useFailureAnnouncement(pending: PendingMessage[]): string {
  const { t } = useStrings();
  const [line, setLine] = useState("");
  const told = useRef(new Set<string>());
  useEffect(() => {
    for (const item of pending) {
      // A retried send that fails again is said again.
      if (item.state !== "failed") told.current.delete(item.id);
      if (item.state !== "failed" || told.current.has(item.id)) continue;
      told.current.add(item.id);
      setLine(t("outbox.announceFailed", { text: item.kind === "send" ? item.text : item.name }));
    }
  }, [pending, t]);
  return line;
}

/**
 * The newest message from someone else as one line for screen readers, once it arrives live. The list itself is not
 * a live region: rows come and go as it scrolls, which must not be read out.
 */
function useAnnouncement(messages: TMessage[], me: string): string {
  const { t } = useStrings();
  const [line, setLine] = useState("");
  const newest = messages[messages.length - 1];
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!newest) return;
    const before = seen.current;
    seen.current = Math.max(before ?? newest.seq, newest.seq);
    if (before === null || newest.seq <= before || newest.sender?.userId === me) return;
    setLine(t("chat.announce", { name: newest.sender?.nickname ?? t("channels.notice"), text: newest.text }));
  }, [newest, me, t]);
  return line;
}

/** The open channel's messages, windowed; inside a {@link Channel}. */
export function MessageList() {
  const { t } = useStrings();
  const { channel, title, messages, members, names, actions, receipt } = useChannelContext();
  return (
    <MessageListView
      messages={messages.messages}
      // A channel the device has nothing of, opened offline, says its messages come once the link is back.
      loading={messages.loading && !messages.waitingForNetwork}
      hasOlder={messages.hasOlder}
      onLoadOlder={messages.loadOlder}
      actions={actions}
      names={names}
      members={members}
      pinnedIds={channel.pinnedMessageIds}
      label={t("chat.messages", { channel: title })}
      empty={messages.waitingForNetwork ? t("chat.emptyOffline") : t("chat.empty")}
      pending={messages.pending}
      receipt={receipt}
    />
  );
}
