import { describeError, formatDuration, useCall, useCallState, useParley } from "@parley/react/headless";
import type { Call } from "@parley/sdk";
import { useEffect, useState } from "react";
import { Modal, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { Avatar } from "./avatar";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

/** The other party's nickname, read once per call; their user ID until it arrives. */
function usePeerName(call: Call): string {
  const client = useParley();
  const [name, setName] = useState(call.peerId);
  useEffect(() => {
    let current = true;
    client.users.get(call.peerId).then(
      (user) => current && setName(user.nickname || user.userId),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, call.peerId]);
  return name;
}

/** The streams of a call as they change: the user's camera and microphone, and the other party's. */
function useStreams(call: Call) {
  const [local, setLocal] = useState(call.localStream);
  const [remote, setRemote] = useState(call.remoteStream);
  useEffect(() => {
    const stops = [call.on("local.stream", setLocal), call.on("remote.stream", setRemote)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [call]);
  return { local, remote };
}

/**
 * The user's call over everything, while there is one (`useCall`): the ringing sheet with Accept and Decline, then
 * the call with the other party's video (through the provider's `VideoView`) or name, Mute, Camera and Hang up, then
 * how it ended with Close. The media come from the client's WebRTC: `react-native-webrtc`'s on a device (the
 * client's `calls.webrtc` option), the browser's on the web. Renders nothing without a call; `Chat` places it.
 */
export function CallScreen() {
  const { call, close } = useCall();
  if (!call) return null;
  return <ActiveCall key={call.id} call={call} onClose={close} />;
}

function ActiveCall(props: { call: Call; onClose: () => void }) {
  const { call, onClose } = props;
  const { tokens, insets, VideoView } = useNativeContext();
  const { t } = useStrings();
  useCallState(call);
  const peerName = usePeerName(call);
  const { local, remote } = useStreams(call);
  const [error, setError] = useState<unknown>(null);
  const ringingHere = call.direction === "incoming" && !call.isJoined;
  const ended = call.hasEnded || !["ringing", "accepted"].includes(call.state);
  const video = call.kind === "video";

  // A call that rang here and went (answered elsewhere, cancelled, missed) leaves no screen behind.
  useEffect(() => {
    if (ringingHere && ended) onClose();
  }, [ringingHere, ended, onClose]);
  if (ringingHere && ended) return null;

  const act = (action: () => Promise<void>) => () => void action().catch(setError);
  const status = ringingHere
    ? t(video ? "call.incomingVideo" : "call.incomingVoice", { name: peerName })
    : ended
      ? t(`call.state.${call.state}` as "call.state.ended")
      : call.state === "ringing"
        ? t("call.calling")
        : call.mediaState === "connected"
          ? formatDuration(call.durationSeconds)
          : t("call.connecting");
  const showVideo = video && !ended && VideoView !== null;

  return (
    <Modal
      visible
      animationType="fade"
      onRequestClose={ended ? onClose : () => undefined}
      supportedOrientations={["portrait", "landscape"]}
    >
      <View
        accessibilityViewIsModal
        accessibilityLabel={t("call.with", { name: peerName })}
        testID="call-screen"
        style={{
          flex: 1,
          backgroundColor: tokens.callBackground,
          paddingTop: insets.top + 16,
          paddingBottom: insets.bottom + 16,
          paddingLeft: insets.left + 16,
          paddingRight: insets.right + 16,
        }}
      >
        {showVideo && remote && VideoView ? (
          <VideoView stream={remote} style={{ position: "absolute", top: 0, right: 0, bottom: 0, left: 0 }} />
        ) : null}
        {!video && !ended && remote && VideoView ? (
          // A voice call shows no picture, but a browser plays a stream's sound only through a media element; on a
          // device the call's audio plays without one, and this view draws nothing.
          <VideoView stream={remote} style={{ width: 0, height: 0, opacity: 0 }} />
        ) : null}
        <View style={{ flex: 1, alignItems: "center", justifyContent: "center", gap: 12 }}>
          {!(showVideo && remote) && <Avatar name={peerName} size={96} />}
          <KitText
            accessibilityRole="header"
            size={24}
            style={{ color: tokens.callText, fontWeight: "700", textAlign: "center" }}
          >
            {peerName}
          </KitText>
          <KitText
            testID="call-status"
            accessibilityLiveRegion="polite"
            style={{ color: tokens.callText, textAlign: "center" }}
          >
            {status}
          </KitText>
          {ended && call.record.durationSeconds !== null && (
            <KitText style={{ color: tokens.callText }}>
              {t("call.lasted", { duration: formatDuration(call.record.durationSeconds) })}
            </KitText>
          )}
          {error !== null && (
            <KitText accessibilityRole="alert" style={{ color: tokens.callText }}>
              {describeError(error, t)}
            </KitText>
          )}
        </View>
        {showVideo && local && VideoView ? (
          <VideoView
            stream={local}
            mirror
            style={{ position: "absolute", right: insets.right + 16, top: insets.top + 16, width: 96, height: 144 }}
          />
        ) : null}
        <View style={{ flexDirection: "row", flexWrap: "wrap", justifyContent: "center", gap: 12 }}>
          {ringingHere ? (
            <>
              <CallButton label={t("call.decline")} color={tokens.danger} onPress={act(() => call.decline())} />
              <CallButton label={t("call.accept")} color={tokens.accept} onPress={act(() => call.accept())} />
            </>
          ) : ended ? (
            <CallButton label={t("call.close")} color={tokens.callButton} onPress={onClose} />
          ) : (
            <>
              <CallButton
                label={call.isMicrophoneMuted ? t("call.unmute") : t("call.mute")}
                color={tokens.callButton}
                onPress={() => call.setMicrophoneMuted(!call.isMicrophoneMuted)}
              />
              {video && (
                <CallButton
                  label={call.isCameraOff ? t("call.cameraOn") : t("call.cameraOff")}
                  color={tokens.callButton}
                  onPress={() => call.setCameraOff(!call.isCameraOff)}
                />
              )}
              <CallButton label={t("call.hangUp")} color={tokens.danger} onPress={act(() => call.end())} />
            </>
          )}
        </View>
      </View>
    </Modal>
  );
}

function CallButton(props: { label: string; color: string; onPress: () => void }) {
  const { tokens } = useNativeContext();
  return (
    <KitButton
      label={props.label}
      onPress={props.onPress}
      style={{ backgroundColor: props.color, minWidth: 96, minHeight: 56, borderRadius: 28 }}
    >
      <KitText style={{ color: tokens.callText, fontWeight: "700", textAlign: "center" }}>{props.label}</KitText>
    </KitButton>
  );
}
