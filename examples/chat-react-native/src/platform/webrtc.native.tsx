import type { VideoViewComponent } from "@parley/react-native";
import type { WebRtcImplementation } from "@parley/sdk";
import {
  mediaDevices,
  type MediaStream as NativeMediaStream,
  RTCPeerConnection as NativePeerConnection,
  RTCView,
} from "react-native-webrtc";

type NativeConstraints = Parameters<typeof mediaDevices.getUserMedia>[0];

/**
 * react-native-webrtc as the SDK's WebRTC. Its classes follow the browser's API but are typed on their own, so the
 * SDK, which is typed against the browser's, takes them through `unknown`.
 */
export const webrtc: WebRtcImplementation | undefined = {
  RTCPeerConnection: NativePeerConnection as unknown as WebRtcImplementation["RTCPeerConnection"],
  getUserMedia: (constraints) =>
    mediaDevices.getUserMedia(constraints as NativeConstraints) as unknown as Promise<MediaStream>,
};

/** A call's video through react-native-webrtc's `RTCView`, which draws a stream by its URL. */
export const VideoView: VideoViewComponent = ({ stream, mirror, style }) => (
  <RTCView
    streamURL={(stream as unknown as NativeMediaStream).toURL()}
    mirror={mirror ?? false}
    objectFit="cover"
    style={style}
  />
);
