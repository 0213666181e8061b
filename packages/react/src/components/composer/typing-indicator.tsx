import { useStrings } from "../../hooks/use-parley";
import { useTyping } from "../../hooks/use-typing";
import { useChannelContext } from "../channel/channel-context";

/** "Kim is typing…" for the others typing in the open channel, read out politely to screen readers. */
export function TypingIndicator() {
  const { t } = useStrings();
  const { channel, names } = useChannelContext();
  const typing = useTyping(channel.id).userIds.map((userId) => names.get(userId) ?? userId);
  const [a, b] = typing;
  const line =
    a === undefined
      ? ""
      : b === undefined
        ? t("typing.one", { a })
        : typing.length === 2
          ? t("typing.two", { a, b })
          : t("typing.many");
  return (
    <div className="pk-typing" aria-live="polite" data-testid="typing-indicator">
      {line && (
        <>
          <span className="pk-typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {line}
        </>
      )}
    </div>
  );
}
