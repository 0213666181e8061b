import type { TMember, TMessage } from "@parley/sdk";
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
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { type MessageActions, useChannelContext } from "../channel/channel-context";
import { MessageItem } from "./message-item";

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

/** Takes the heights of drawn rows (each carries its message's id) into `heights`; true when one changed. */
function measureRows(heights: Map<string, number>, elements: Iterable<Element>): boolean {
  let changed = false;
  for (const element of elements) {
    const row = element as HTMLElement;
    const id = row.dataset.id;
    const height = row.offsetHeight;
    if (id && height > 0 && heights.get(id) !== height) {
      heights.set(id, height);
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
 */
export function MessageListView(props: MessageListViewProps) {
  const { t } = useStrings();
  const me = useMyUserId();
  const { messages } = props;
  const scroller = useRef<HTMLElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measured, remeasure] = useReducer((n: number) => n + 1, 0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT_PX);
  const [headHeight, setHeadHeight] = useState(0);
  const atBottom = useRef(true);
  /** The first visible message, and how far its top is below the top of the visible part. */
  const anchor = useRef<{ id: string; fromTop: number } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());
  /** The message the keyboard is on, when the user has moved it from the newest. */
  const [currentId, setCurrentId] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `measured` moves when a row's measured height changed
  const offsets = useMemo(() => {
    const sums = new Float64Array(messages.length + 1);
    for (let i = 0; i < messages.length; i++) {
      const id = messages[i]?.id ?? "";
      sums[i + 1] = (sums[i] ?? 0) + (heights.current.get(id) ?? ESTIMATED_ROW_PX);
    }
    return sums;
  }, [messages, measured]);
  const total = offsets[messages.length] ?? 0;

  const top = scrollTop - headHeight;
  const first = messages.length === 0 ? 0 : rowAt(offsets, top - OVERSCAN_PX);
  const last = messages.length === 0 ? -1 : rowAt(offsets, top + viewport + OVERSCAN_PX);

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
    if (messages.length === 0) return;

    let target: number | null = null;
    if (atBottom.current) {
      target = maxScroll(el);
    } else if (anchor.current) {
      const { id, fromTop } = anchor.current;
      const index = messages.findIndex((m) => m.id === id);
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
    const message = messages[index];
    anchor.current = message ? { id: message.id, fromTop: headHeight + (offsets[index] ?? 0) - y } : null;
    if (y < LOAD_OLDER_PX && props.hasOlder && !props.loading) void props.onLoadOlder();
  }

  const announcement = useAnnouncement(messages, me);

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
  const drawn = messages.slice(first, last + 1);
  // A current message scrolled out of the drawn rows hands the Tab stop to the newest drawn one, so one is always there.
  const current = drawn.some((m) => m.id === currentId) ? currentId : (drawn[drawn.length - 1]?.id ?? null);

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
          {!props.loading && messages.length === 0 && <div className="pk-muted pk-center">{props.empty}</div>}
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
            {drawn.map((message) => (
              <div key={message.id} className="pk-message-row" data-id={message.id}>
                <MessageItem
                  message={message}
                  names={props.names}
                  actions={props.actions}
                  isPinned={pinned.has(message.id)}
                  seenBy={message === lastOwn ? seenBy : undefined}
                  isCurrent={message.id === current}
                />
              </div>
            ))}
          </div>
        </div>
      </section>
      <div className="pk-sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
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
  const { channel, title, messages, members, names, actions } = useChannelContext();
  return (
    <MessageListView
      messages={messages.messages}
      loading={messages.loading}
      hasOlder={messages.hasOlder}
      onLoadOlder={messages.loadOlder}
      actions={actions}
      names={names}
      members={members}
      pinnedIds={channel.pinnedMessageIds}
      label={t("chat.messages", { channel: title })}
      empty={t("chat.empty")}
    />
  );
}
