import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef } from "react";

/**
 * Keyboard handling for a panel that opens beside or over the chat (a thread, the members, the call history, a
 * form): on mount focus moves into it, so the keyboard goes where the eyes go; Escape closes it; and when it closes,
 * focus goes back to what had it before (the button that opened it), instead of falling to the page's start.
 *
 * Returns the ref for the panel's element and the `onKeyDown` to put on it. `focusTarget` picks what inside the panel
 * takes focus (the panel itself, which then needs `tabIndex={-1}`, when it answers null).
 */
export function usePanelFocus<T extends HTMLElement>(
  onClose: () => void,
  focusTarget?: (panel: T) => HTMLElement | null,
): { ref: RefObject<T | null>; onKeyDown: (event: KeyboardEvent) => void } {
  const ref = useRef<T>(null);
  const pick = useRef(focusTarget);

  useLayoutEffect(() => {
    const panel = ref.current;
    const before = document.activeElement;
    if (panel) (pick.current?.(panel) ?? panel).focus();
    return () => {
      const now = document.activeElement;
      // Only focus the panel held (or lost as it left the page) goes back; a click elsewhere meanwhile stays there.
      const heldByPanel = now === null || now === document.body || (panel?.contains(now) ?? false);
      if (heldByPanel && before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    // A menu, picker or edit inside the panel that closed on this Escape has already used it.
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };
  return { ref, onKeyDown };
}
