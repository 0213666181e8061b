import { useEffect } from "react";
import { useUnread } from "./use-unread";

/**
 * Puts the user's unread total in the tab's title, `(3) title`, as chat apps do; `title` alone when none. Kept apart
 * from `useUnread` because it writes `document.title`: the headless entry carries nothing that needs a DOM.
 */
export function useUnreadTitle(title: string): void {
  const { unreadCount } = useUnread();
  useEffect(() => {
    document.title = unreadCount > 0 ? `(${unreadCount}) ${title}` : title;
    return () => {
      document.title = title;
    };
  }, [unreadCount, title]);
}
