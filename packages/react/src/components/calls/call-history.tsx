import type { TCall } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useCall } from "../../hooks/use-call";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useMyUserId, useParley, useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { formatDuration } from "../../lib/format";

/**
 * The user's recent calls, made and received, newest first (`calls.history`); a finished call refreshes it. Opening
 * it moves focus into it; Escape or Close closes it and gives focus back.
 */
export function CallHistory(props: { onClose: () => void }) {
  const client = useParley();
  const me = useMyUserId();
  const { version } = useCall();
  const { t, language } = useStrings();
  const [calls, setCalls] = useState<TCall[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const panel = usePanelFocus<HTMLElement>(props.onClose);
  useEffect(() => {
    void version;
    client.calls.history({ limit: 20 }).then(
      (page) => setCalls(page.calls),
      (failure: unknown) => setError(failure),
    );
  }, [client, version]);

  return (
    <section
      ref={panel.ref}
      className="pk-call-history"
      aria-label={t("calls.title")}
      tabIndex={-1}
      onKeyDown={panel.onKeyDown}
    >
      <header className="pk-side-header">
        <h3>{t("calls.title")}</h3>
        <button type="button" className="pk-link" onClick={props.onClose}>
          {t("calls.close")}
        </button>
      </header>
      {error !== null && <p className="pk-error pk-small pk-pad">{describeError(error, t)}</p>}
      {calls?.length === 0 && <p className="pk-muted pk-small pk-pad">{t("calls.none")}</p>}
      <ul>
        {calls?.map((call) => {
          const outgoing = call.callerId === me;
          const peer = outgoing ? call.calleeId : call.callerId;
          const missed = call.state === "missed" && !outgoing;
          return (
            <li key={call.id} className={missed ? "pk-missed" : undefined} data-testid="call-history-item">
              <span aria-hidden="true">{outgoing ? "↗" : "↙"}</span>
              <div>
                <div>{peer}</div>
                <div className="pk-muted pk-small">
                  {t(call.kind === "video" ? "calls.video" : "calls.voice")} ·{" "}
                  {t(`call.state.${call.state}` as "call.state.ended")}
                  {call.durationSeconds !== null && ` · ${formatDuration(call.durationSeconds)}`}
                </div>
              </div>
              <time className="pk-muted pk-small" dateTime={call.createdAt}>
                {new Date(call.createdAt).toLocaleString(language, { dateStyle: "short", timeStyle: "short" })}
              </time>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
