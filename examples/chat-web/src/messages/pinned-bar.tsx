import type { TMessage } from "@parley/sdk";
import { useI18n } from "../i18n";
import { PinIcon } from "../icons";

/** The channel's pinned messages in a strip above the chat, newest pin first. */
export function PinnedBar(props: { pinnedIds: string[]; messages: TMessage[] }) {
  const { t } = useI18n();
  if (props.pinnedIds.length === 0) return null;
  const byId = new Map(props.messages.map((m) => [m.id, m]));
  return (
    <section className="pinned-bar" aria-label={t("chat.pinned")}>
      <span className="pinned-title">
        <PinIcon /> {t("chat.pinned")}
      </span>
      <ul>
        {[...props.pinnedIds].reverse().map((id) => {
          const message = byId.get(id);
          return (
            <li key={id}>
              {message ? (
                <>
                  <strong>{message.sender?.nickname ?? t("channels.notice")}</strong> {message.text}
                </>
              ) : (
                <span className="muted">{t("chat.pinnedOlder")}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
