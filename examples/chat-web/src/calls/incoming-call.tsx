import type { Call } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useI18n } from "../i18n";
import { Avatar } from "../members/avatar";
import { playRingtone } from "./ringtone";

/** The sheet of a call ringing for the user: who calls and how, with Accept and Decline, and a ringtone. */
export function IncomingCall(props: { call: Call; callerName: string; onError: (error: unknown) => void }) {
  const { call, callerName } = props;
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  useEffect(() => playRingtone(), []);
  const title = t(call.kind === "video" ? "call.incomingVideo" : "call.incomingVoice", { name: callerName });

  async function act(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      props.onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="call-sheet" role="alertdialog" aria-label={title} aria-live="assertive">
      <Avatar name={callerName} />
      <div className="call-sheet-text">
        <strong>{callerName}</strong>
        <span className="muted small">{title}</span>
      </div>
      <button type="button" className="call-button decline" disabled={busy} onClick={() => act(() => call.decline())}>
        {t("call.decline")}
      </button>
      <button type="button" className="call-button accept" disabled={busy} onClick={() => act(() => call.accept())}>
        {t("call.accept")}
      </button>
    </div>
  );
}
