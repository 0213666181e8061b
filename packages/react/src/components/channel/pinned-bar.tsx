import { useStrings } from "../../hooks/use-parley";
import { PinIcon } from "../icons";
import { useChannelContext } from "./channel-context";

/** The channel's pinned messages in a strip above the chat, newest pin first. */
export function PinnedBar() {
  const { t } = useStrings();
  const { channel, messages } = useChannelContext();
  const pinnedIds = channel.pinnedMessageIds ?? [];
  if (pinnedIds.length === 0) return null;
  const byId = new Map(messages.messages.map((m) => [m.id, m]));
  return (
    <section className="pk-pinned-bar" aria-label={t("chat.pinned")}>
      <span className="pk-pinned-title">
        <PinIcon /> {t("chat.pinned")}
      </span>
      <ul>
        {[...pinnedIds].reverse().map((id) => {
          const message = byId.get(id);
          return (
            <li key={id}>
              {message ? (
                <>
                  <strong>{message.sender?.nickname ?? t("channels.notice")}</strong> {message.text}
                </>
              ) : (
                <span className="pk-muted">{t("chat.pinnedOlder")}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
