import type { Call } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useStrings } from "../../hooks/use-parley";
import { Avatar } from "../members/avatar";
import { playRingtone } from "./ringtone";

/** The sheet of a call ringing for the user: who calls and how, with Accept and Decline, and a ringtone. */
export function IncomingCall(props: { call: Call; callerName: string; onError: (error: unknown) => void }) {
  const { call, callerName } = props;
  const { t } = useStrings();
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
    <div className="pk-call-sheet" role="alertdialog" aria-label={title} aria-live="assertive">
      <Avatar name={callerName} />
      <div className="pk-call-sheet-text">
        <strong>{callerName}</strong>
        <span className="pk-muted pk-small">{title}</span>
      </div>
      <button
        type="button"
        className="pk-call-button pk-decline"
        disabled={busy}
        onClick={() => act(() => call.decline())}
      >
        {t("call.decline")}
      </button>
      <button
        type="button"
        className="pk-call-button pk-accept"
        disabled={busy}
        onClick={() => act(() => call.accept())}
        // biome-ignore lint/a11y/noAutofocus: a ringing call is answered from the keyboard without hunting for it
        autoFocus
      >
        {t("call.accept")}
      </button>
    </div>
  );
}
