import type { ParleyClient, TCall } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useI18n } from "../i18n";
import { describeError } from "../session";
import { formatDuration } from "./use-calls";

/** The user's recent calls, made and received, newest first; a finished call refreshes it. */
export function CallHistory(props: { client: ParleyClient; me: string; version: number; onClose: () => void }) {
  const { client, me, version } = props;
  const { t, language } = useI18n();
  const [calls, setCalls] = useState<TCall[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    void version;
    client.calls.history({ limit: 20 }).then(
      (page) => setCalls(page.calls),
      (failure: unknown) => setError(failure),
    );
  }, [client, version]);

  return (
    <section className="call-history" aria-label={t("calls.title")}>
      <header className="side-header">
        <h3>{t("calls.title")}</h3>
        <button type="button" className="link" onClick={props.onClose}>
          {t("members.close")}
        </button>
      </header>
      {error !== null && <p className="error small pad">{describeError(error, t)}</p>}
      {calls?.length === 0 && <p className="muted small pad">{t("calls.none")}</p>}
      <ul>
        {calls?.map((call) => {
          const outgoing = call.callerId === me;
          const peer = outgoing ? call.calleeId : call.callerId;
          const missed = call.state === "missed" && !outgoing;
          return (
            <li key={call.id} className={missed ? "missed" : undefined} data-testid="call-history-item">
              <span aria-hidden="true">{outgoing ? "↗" : "↙"}</span>
              <div>
                <div>{peer}</div>
                <div className="muted small">
                  {t(call.kind === "video" ? "calls.video" : "calls.voice")} ·{" "}
                  {t(`call.state.${call.state}` as "call.state.ended")}
                  {call.durationSeconds !== null && ` · ${formatDuration(call.durationSeconds)}`}
                </div>
              </div>
              <time className="muted small" dateTime={call.createdAt}>
                {new Date(call.createdAt).toLocaleString(language, { dateStyle: "short", timeStyle: "short" })}
              </time>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
