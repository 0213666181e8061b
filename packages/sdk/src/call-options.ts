import type { TClientFrame } from "@parley/contract/client";
/**
 * The WebRTC a client uses. Browsers have it; elsewhere (Node, React Native) pass an implementation with the same
 * shape, e.g. for tests.
 */
export interface WebRtcImplementation {
  RTCPeerConnection: new (configuration: RTCConfiguration) => RTCPeerConnection;
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
}

/** Settings of calls for a whole client. */
export interface CallOptions {
  /** The WebRTC to use instead of the browser's. */
  webrtc?: WebRtcImplementation;
  /** `relay` sends all media through the app's TURN server (to test it, or to hide the users' addresses). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /**
   * How long the media link may stay broken (ICE `disconnected` or `failed`) after a restart was asked before the
   * call ends as failed, in ms (default 20 000). A new link has as long to connect, and is restarted halfway.
   */
  mediaRecoveryMs?: number;
}

/** The browser's WebRTC; asked for only when a call needs it, so a client without calls runs anywhere. */
export function browserWebRtc(): WebRtcImplementation {
  const scope = globalThis as {
    RTCPeerConnection?: WebRtcImplementation["RTCPeerConnection"];
    navigator?: { mediaDevices?: { getUserMedia?: WebRtcImplementation["getUserMedia"] } };
  };
  const devices = scope.navigator?.mediaDevices;
  if (!scope.RTCPeerConnection || !devices?.getUserMedia) {
    throw new TypeError("No WebRTC here: pass the calls.webrtc option of the client");
  }
  return {
    RTCPeerConnection: scope.RTCPeerConnection,
    getUserMedia: (constraints) => devices.getUserMedia?.(constraints) as Promise<MediaStream>,
  };
}

/** The real-time link as calls use it: a frame sent on the open link, or false when there is none. */
export interface FrameSender {
  send(frame: TClientFrame): boolean;
}
