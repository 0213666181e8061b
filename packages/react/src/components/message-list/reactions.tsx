import type { TMessage } from "@parley/sdk";
import { useEffect, useRef, useState } from "react";
import { useStrings } from "../../hooks/use-parley";
import { AddReactionIcon } from "../icons";

/** The reactions the picker offers: a few everyone understands, as most chat apps start with. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "🎉", "😮", "😢"] as const;

/** A message's reactions as chips with their counts; the user's own are pressed, and a click toggles one. */
export function Reactions(props: { message: TMessage; onToggle: (reaction: string) => void }) {
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
          onClick={() => props.onToggle(reaction)}
        >
          <span className="pk-reaction-emoji">{reaction}</span>
          <span className="pk-reaction-count">{count}</span>
        </button>
      ))}
    </div>
  );
}

/** A button that opens a small row of reactions to add; Escape or a click elsewhere closes it. */
export function ReactionPicker(props: { onPick: (reaction: string) => void }) {
  const { t } = useStrings();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        setOpen(false);
        toggle.current?.focus();
      } else if (!box.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div className="pk-reaction-picker" ref={box}>
      <button
        ref={toggle}
        type="button"
        className="pk-icon-button"
        aria-label={t("chat.react")}
        title={t("chat.react")}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <AddReactionIcon />
      </button>
      {open && (
        <div className="pk-reaction-popover">
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
