import type { ParleyClient } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useParleyEvent } from "./hooks";
import { useI18n } from "./i18n";

/**
 * Puts the user's unread total in the tab's title ("(3) Parley Chat"), as chat apps do: loaded with
 * `client.unread.refresh()` whenever the link opens, then kept current from `unread.changed`.
 */
export function useUnreadTitle(client: ParleyClient): void {
  const { t } = useI18n();
  const [total, setTotal] = useState(client.unread.totals?.unreadCount ?? 0);

  const refresh = () =>
    client.unread.refresh().then(
      (totals) => setTotal(totals.unreadCount),
      () => undefined,
    );
  useParleyEvent(client, "connection", (change) => {
    if (change.state === "open") void refresh();
  });
  useParleyEvent(client, "unread.changed", (change) => {
    if (change.totals) setTotal(change.totals.unreadCount);
  });

  const title = t("appTitle");
  useEffect(() => {
    document.title = total > 0 ? `(${total}) ${title}` : title;
    return () => {
      document.title = title;
    };
  }, [total, title]);
}
