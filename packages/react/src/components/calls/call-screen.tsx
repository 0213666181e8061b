import type { Call } from "@parley/sdk";
import { useEffect, useRef, useState } from "react";
import { useCallState } from "../../hooks/use-call";
import { useStrings } from "../../hooks/use-parley";
import { formatDuration } from "../../lib/format";
import { Avatar } from "../members/avatar";

/**
 * Media received so far, by kind, from the connection's statistics, and how it travels: the candidate type of the
 * pair in use (`host` directly, `srflx` through a NAT, `relay` through the TURN server).
 */
interface Received {
  audio: number;
  video: number;
  route: string;
}

type StatsEntry = {
  type?: string;
  kind?: string;
  bytesReceived?: number;
  selectedCandidatePairId?: string;
  localCandidateId?: string;
  candidateType?: string;
};

function useReceived(call: Call): Received {
  const [received, setReceived] = useState<Received>({ audio: 0, video: 0, route: "" });
  useEffect(() => {
    const timer = setInterval(async () => {
      const stats = await call.getStats().catch(() => null);
      if (!stats) return;
      const next: Received = { audio: 0, video: 0, route: "" };
      const byId = new Map<string, StatsEntry>();
      stats.forEach((report: StatsEntry, id: string) => {
        byId.set(id, report);
        if (report.type === "inbound-rtp" && (report.kind === "audio" || report.kind === "video")) {
          next[report.kind] += report.bytesReceived ?? 0;
        }
      });
      for (const report of byId.values()) {
        if (report.type !== "transport" || !report.selectedCandidatePairId) continue;
        const pair = byId.get(report.selectedCandidatePairId);
        next.route = (pair?.localCandidateId && byId.get(pair.localCandidateId)?.candidateType) || "";
      }
      setReceived(next);
    }, 1000);
    return () => clearInterval(timer);
  }, [call]);
  return received;
}

/** Plays a stream in a `<video>`, following it as it changes. */
function StreamVideo(props: { stream: MediaStream | null; muted?: boolean; className: string; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== props.stream) ref.current.srcObject = props.stream;
  });
  return (
    <video ref={ref} className={props.className} autoPlay playsInline muted={props.muted} aria-label={props.label} />
  );
}

/** A call from ringing to its end: the other party's video (or name), the user's own, the controls and the time. */
export function CallScreen(props: {
  call: Call;
  peerName: string;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { call, peerName } = props;
  const { t } = useStrings();
  useCallState(call);
  const received = useReceived(call);
  const screen = useRef<HTMLDivElement>(null);
  // The screen covers the page, so the keyboard starts there, on the call's own controls.
  useEffect(() => screen.current?.focus(), []);
  const [localStream, setLocalStream] = useState(call.localStream);
  const [remoteStream, setRemoteStream] = useState(call.remoteStream);
  useEffect(() => {
    const stops = [call.on("local.stream", setLocalStream), call.on("remote.stream", setRemoteStream)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [call]);

  const ended = !["ringing", "accepted"].includes(call.state);
  const video = call.kind === "video";
  const status = ended
    ? t(`call.state.${call.state}` as "call.state.ended")
    : call.state === "ringing"
      ? t("call.calling")
      : call.mediaState === "connected"
        ? formatDuration(call.durationSeconds)
        : t("call.connecting");

  const hangUp = () => call.end().catch(props.onError);

  return (
    <div
      className={video ? "pk-call-screen pk-call-video" : "pk-call-screen pk-call-voice"}
      role="dialog"
      tabIndex={-1}
      ref={screen}
      aria-label={t("call.with", { name: peerName })}
      data-testid="call-screen"
    >
      {video && remoteStream && !ended ? (
        <StreamVideo
          stream={remoteStream}
          className="pk-remote-video"
          label={t("call.remoteVideo", { name: peerName })}
        />
      ) : (
        <div className="pk-call-peer">
          <Avatar name={peerName} large />
          {/* A voice call still needs the remote audio played somewhere. */}
          {remoteStream && !ended && (
            // biome-ignore lint/a11y/useMediaCaption: a live call's sound has no caption track to give
            <audio
              autoPlay
              ref={(node) => {
                if (node && node.srcObject !== remoteStream) node.srcObject = remoteStream;
              }}
            />
          )}
        </div>
      )}
      {video && localStream && !ended && (
        <StreamVideo stream={localStream} muted className="pk-local-video" label={t("call.localVideo")} />
      )}
      <div className="pk-call-info">
        <strong>{peerName}</strong>
        <span
          data-testid="call-status"
          data-state={call.state}
          data-audio-bytes={received.audio}
          data-video-bytes={received.video}
          data-route={received.route}
        >
          {status}
        </span>
        {ended && call.record.durationSeconds !== null && (
          <span data-testid="call-duration">
            {t("call.lasted", { duration: formatDuration(call.record.durationSeconds) })}
          </span>
        )}
      </div>
      <div className="pk-call-controls">
        {ended ? (
          <button type="button" className="pk-call-button" onClick={props.onClose}>
            {t("call.close")}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="pk-call-button"
              aria-pressed={call.isMicrophoneMuted}
              onClick={() => call.setMicrophoneMuted(!call.isMicrophoneMuted)}
            >
              {call.isMicrophoneMuted ? t("call.unmute") : t("call.mute")}
            </button>
            {video && (
              <button
                type="button"
                className="pk-call-button"
                aria-pressed={call.isCameraOff}
                onClick={() => call.setCameraOff(!call.isCameraOff)}
              >
                {call.isCameraOff ? t("call.cameraOn") : t("call.cameraOff")}
              </button>
            )}
            <button type="button" className="pk-call-button pk-decline" onClick={hangUp}>
              {t("call.hangUp")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
