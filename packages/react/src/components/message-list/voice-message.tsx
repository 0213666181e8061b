import type { TFileInfo } from "@parley/sdk";
import { useRef, useState } from "react";
import { useStrings } from "../../hooks/use-parley";
import { formatDuration } from "../../lib/format";
import { barsToDraw, secondsOf } from "../../lib/voice";
import { PauseIcon, PlayIcon } from "../icons";

/** Bars drawn for a voice message, whatever its waveform's count. */
const SHOWN_BARS = 32;

/**
 * A voice message played inline: the play button, its waveform filling as it plays, and the time (the length while
 * stopped, the time left while playing). The audio is not fetched until played, and the row's size never changes.
 */
export function VoiceMessage(props: { file: TFileInfo; tabIndex?: number | undefined }) {
  const { file } = props;
  const { t } = useStrings();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const [loadedMs, setLoadedMs] = useState<number | null>(null);
  const lengthMs = file.durationMs ?? loadedMs ?? 0;
  const played = lengthMs > 0 ? Math.min(1, positionMs / lengthMs) : 0;
  const bars = barsToDraw(file.waveform, SHOWN_BARS);
  const length = formatDuration(secondsOf(lengthMs));
  const shown = playing || positionMs > 0 ? formatDuration(secondsOf(lengthMs - positionMs)) : length;

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }

  return (
    <div className="pk-voice" data-testid="voice-message">
      <button
        type="button"
        className="pk-icon-button pk-voice-play"
        aria-label={playing ? t("voice.pause") : t("voice.play", { duration: length })}
        tabIndex={props.tabIndex}
        onClick={toggle}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <span className="pk-voice-bars" aria-hidden="true">
        {bars.map((height, i) => (
          <span
            // Bars are positions along the recording, not items: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className={(i + 0.5) / bars.length <= played ? "pk-voice-bar pk-played" : "pk-voice-bar"}
            style={{ height: `${Math.round(height * 100)}%` }}
          />
        ))}
      </span>
      <span className="pk-voice-time" data-testid="voice-time">
        {shown}
      </span>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice message's words are spoken by a member; there is no transcript to caption it with */}
      <audio
        ref={audio}
        src={file.url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPositionMs(0);
        }}
        onTimeUpdate={(event) => setPositionMs(Math.round(event.currentTarget.currentTime * 1000))}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setLoadedMs(Math.round(seconds * 1000));
        }}
      />
    </div>
  );
}
