import type { TMessage } from "@parley/sdk";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useStrings } from "../../hooks/use-parley";
import { AddReactionIcon } from "../icons";

/** The reactions the picker offers: a few everyone understands, as most chat apps start with. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "🎉", "😮", "😢"] as const;

/** A message's reactions as chips with their counts; the user's own are pressed, and a click toggles one. */
export function Reactions(props: {
  message: TMessage;
  onToggle: (reaction: string) => void;
  /** -1 keeps the chips out of the Tab order (a message the keyboard is not on, in a list). */
  tabIndex?: number;
}) {
  const { t } = useStrings();
  const mine = new Set(props.message.myReactions ?? []);
  const reactions = Object.entries(props.message.reactions ?? {}).filter(([, count]) => count > 0);
  if (reactions.length === 0) return null;
  return (
    <div className="pk-reactions">
      {reactions.map(([reaction, count]) => (
        <button
          key={reaction}
          type="button"
          className={mine.has(reaction) ? "pk-reaction-chip pk-mine" : "pk-reaction-chip"}
          aria-pressed={mine.has(reaction)}
          aria-label={t("chat.reactionCount", { reaction, count })}
          tabIndex={props.tabIndex}
          onClick={() => props.onToggle(reaction)}
        >
          <span className="pk-reaction-emoji">{reaction}</span>
          <span className="pk-reaction-count">{count}</span>
        </button>
      ))}
    </div>
  );
}

/** Space kept between the opened row of reactions and the edge of the list it would otherwise cross. */
const EDGE_PX = 4;

/**
 * How far to move `popover` sideways to keep it inside the message list around it (or the window): the action bar
 * sits on a message's corner, and a short message near the list's edge leaves the row no room on one side.
 */
function shiftInside(popover: HTMLElement): number {
  const bounds = (popover.closest(".pk-message-list") ?? document.documentElement).getBoundingClientRect();
  const rect = popover.getBoundingClientRect();
  if (rect.width === 0) return 0;
  if (rect.left < bounds.left + EDGE_PX) return bounds.left + EDGE_PX - rect.left;
  if (rect.right > bounds.right - EDGE_PX) return bounds.right - EDGE_PX - rect.right;
  return 0;
}

/** A button that opens a small row of reactions to add; Escape or a click elsewhere closes it. */
export function ReactionPicker(props: { onPick: (reaction: string) => void; tabIndex?: number }) {
  const { t } = useStrings();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  // Measured before it is painted, so the row never shows where it would be cut off.
  useLayoutEffect(() => {
    setShift(open && popover.current ? shiftInside(popover.current) : 0);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  // On the picker itself, not the document, so the Escape is marked used before a thread around it sees it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.key !== "Escape") return;
    event.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the picker's own buttons, which have the focus
    <div className="pk-reaction-picker" ref={box} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="pk-icon-button"
        aria-label={t("chat.react")}
        title={t("chat.react")}
        aria-expanded={open}
        tabIndex={props.tabIndex}
        onClick={() => setOpen((v) => !v)}
      >
        <AddReactionIcon />
      </button>
      {open && (
        <div
          ref={popover}
          className="pk-reaction-popover"
          style={shift ? { transform: `translateX(${shift}px)` } : undefined}
        >
          {QUICK_REACTIONS.map((reaction) => (
            <button
              key={reaction}
              type="button"
              aria-label={t("chat.reactWith", { reaction })}
              onClick={() => {
                setOpen(false);
                props.onPick(reaction);
              }}
            >
              {reaction}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
