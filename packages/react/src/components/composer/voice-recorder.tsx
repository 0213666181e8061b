import { useEffect, useRef } from "react";
import { useStrings } from "../../hooks/use-parley";
import { formatDuration } from "../../lib/format";
import { barsToDraw, secondsOf } from "../../lib/voice";
import { MicIcon } from "../icons";
import type { RecorderState } from "./use-voice-recorder";

/** Bars of the live meter: the latest readings, newest on the right. */
const LIVE_BARS = 40;

/** The composer's microphone button: starts recording a voice message. */
export function RecordButton(props: { disabled: boolean; onStart: () => void }) {
  const { t } = useStrings();
  return (
    <button
      type="button"
      className="pk-icon-button pk-record"
      aria-label={t("voice.record")}
      title={t("voice.record")}
      disabled={props.disabled}
      onClick={props.onStart}
    >
      <MicIcon />
    </button>
  );
}

/**
 * While recording: the elapsed time, a live level meter, and Cancel or Send. Send takes the focus when recording
 * starts, so a keyboard user can finish with Enter. A refused microphone is said here too.
 */
export function RecordingBar(props: {
  state: RecorderState;
  onFinish: (send: boolean) => void;
  onDismiss: () => void;
}) {
  const { t } = useStrings();
  const { state } = props;
  const send = useRef<HTMLButtonElement>(null);
  const recording = state.status === "recording";
  useEffect(() => {
    if (recording) send.current?.focus();
  }, [recording]);

  if (state.status === "failed") {
    return (
      <div className="pk-voice-recording" role="alert">
        <span className="pk-error pk-small">{t("voice.micDenied")}</span>
        <button type="button" className="pk-link" onClick={props.onDismiss}>
          {t("voice.dismiss")}
        </button>
      </div>
    );
  }
  if (state.status !== "recording" && state.status !== "starting") return null;
  const levels = state.status === "recording" ? state.levels.slice(-LIVE_BARS) : [];
  const bars = barsToDraw(
    levels.map((level) => Math.round(level * 100)),
    LIVE_BARS,
  );
  const elapsed = formatDuration(secondsOf(state.status === "recording" ? state.elapsedMs : 0));
  return (
    <div className="pk-voice-recording" data-testid="voice-recording">
      <span className="pk-recording-dot" aria-hidden="true" />
      <span role="timer" aria-label={t("voice.recordingFor", { duration: elapsed })}>
        {elapsed}
      </span>
      <span className="pk-voice-bars pk-voice-live" aria-hidden="true">
        {bars.map((height, i) => (
          // Bars are positions in the meter, not items: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={i} className="pk-voice-bar" style={{ height: `${Math.round(height * 100)}%` }} />
        ))}
      </span>
      <button type="button" className="pk-link" onClick={() => props.onFinish(false)}>
        {t("voice.cancel")}
      </button>
      <button
        ref={send}
        type="button"
        className="pk-primary"
        disabled={!recording}
        onClick={() => props.onFinish(true)}
      >
        {t("voice.send")}
      </button>
    </div>
  );
}
