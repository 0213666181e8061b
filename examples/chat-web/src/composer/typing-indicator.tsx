import type { ParleyClient } from "@parley/sdk";
import { useEffect, useReducer } from "react";
import { useParleyEvent } from "../hooks";
import { useI18n } from "../i18n";

/** How often the line is redrawn while someone types: the SDK forgets a typer whose stop never came, silently. */
const REDRAW_MS = 1000;

/** "Kim is typing…" for the others typing in the channel, from the SDK's `typing.users`. */
export function TypingIndicator(props: { client: ParleyClient; channelId: string; names: Map<string, string> }) {
  const { client, channelId, names } = props;
  const { t } = useI18n();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const typing = client.typing.users(channelId).map((userId) => names.get(userId) ?? userId);

  useParleyEvent(client, "typing.started", redraw);
  useParleyEvent(client, "typing.stopped", redraw);
  useEffect(() => {
    if (typing.length === 0) return;
    const timer = setInterval(redraw, REDRAW_MS);
    return () => clearInterval(timer);
  }, [typing.length]);

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
    <div className="typing" aria-live="polite" data-testid="typing-indicator">
      {line && (
        <>
          <span className="typing-dots" aria-hidden="true">
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
