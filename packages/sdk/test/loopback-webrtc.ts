import type { WebRtcImplementation } from "../src";

/**
 * A WebRTC for Node tests: peer connections in one process that connect once each side holds the other's
 * description and a candidate of it, the way ICE pairs candidates. Only the signalling is real: it travels through
 * the server between two SDK clients, which is what these tests prove. Media over real WebRTC is proven in the
 * browser tests.
 */
export class LoopbackNetwork {
  readonly connections: LoopbackPeerConnection[] = [];
  /** Streams handed out by getUserMedia, to check they are released. */
  readonly streams: LoopbackStream[] = [];
  /** Constraints each getUserMedia was asked with. */
  readonly mediaRequests: MediaStreamConstraints[] = [];
  /** When set, getUserMedia refuses, as a browser does when the user denies the camera. */
  denyMedia = false;

  webrtc(): WebRtcImplementation {
    const network = this;
    return {
      RTCPeerConnection: class extends LoopbackPeerConnection {
        constructor(configuration: RTCConfiguration) {
          super(network, configuration);
        }
      } as unknown as WebRtcImplementation["RTCPeerConnection"],
      getUserMedia: async (constraints) => {
        network.mediaRequests.push(constraints);
        if (network.denyMedia) throw new DOMException("Permission denied", "NotAllowedError");
        const tracks = [new LoopbackTrack("audio")];
        if (constraints.video) tracks.push(new LoopbackTrack("video"));
        const stream = new LoopbackStream(tracks);
        network.streams.push(stream);
        return stream as unknown as MediaStream;
      },
    };
  }

  /** The other end of a connection, once paired by descriptions. */
  peerOf(pc: LoopbackPeerConnection): LoopbackPeerConnection | undefined {
    const remote = pc.remoteDescription?.sdp;
    return this.connections.find((other) => other !== pc && other.localDescription?.sdp === remote);
  }
}

let sequence = 0;

export class LoopbackTrack {
  readonly id = `track-${++sequence}`;
  enabled = true;
  readyState: "live" | "ended" = "live";
  constructor(readonly kind: "audio" | "video") {}
  stop() {
    this.readyState = "ended";
  }
}

export class LoopbackStream {
  readonly id = `stream-${++sequence}`;
  constructor(private tracks: LoopbackTrack[]) {}
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === "audio");
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === "video");
  }
  addTrack(track: LoopbackTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: LoopbackTrack) {
    this.tracks = this.tracks.filter((other) => other !== track);
  }
}

const description = (type: RTCSdpType, sdp: string) => ({ type, sdp, toJSON: () => ({ type, sdp }) });

export class LoopbackPeerConnection {
  readonly id = `pc-${++sequence}`;
  configuration: RTCConfiguration;
  localDescription: ReturnType<typeof description> | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = "stable";
  connectionState: RTCPeerConnectionState = "new";
  iceConnectionState: RTCIceConnectionState = "new";
  readonly tracks: { track: LoopbackTrack; stream: LoopbackStream }[] = [];
  readonly remoteCandidates: RTCIceCandidateInit[] = [];
  /** Offers and answers made, in order; an ICE restart adds one. */
  readonly descriptions: RTCSessionDescriptionInit[] = [];
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { streams: LoopbackStream[]; track: LoopbackTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  #round = 0;
  #bytes = 0;

  constructor(
    private readonly network: LoopbackNetwork,
    configuration: RTCConfiguration,
  ) {
    this.configuration = configuration;
    network.connections.push(this);
  }

  getConfiguration() {
    return this.configuration;
  }
  setConfiguration(configuration: RTCConfiguration) {
    this.configuration = configuration;
  }
  addTrack(track: LoopbackTrack, stream: LoopbackStream) {
    this.tracks.push({ track, stream });
  }
  getSenders() {
    return this.tracks.map((entry) => ({
      track: entry.track,
      replaceTrack: async (track: LoopbackTrack) => {
        entry.track = track;
      },
    }));
  }
  async createOffer(options: RTCOfferOptions = {}) {
    this.#round += 1;
    return {
      type: "offer" as const,
      sdp: `offer ${this.id} round ${this.#round}${options.iceRestart ? " restart" : ""}`,
    };
  }
  async createAnswer() {
    this.#round += 1;
    return { type: "answer" as const, sdp: `answer ${this.id} round ${this.#round}` };
  }
  async setLocalDescription(init: RTCSessionDescriptionInit) {
    this.signalingState = init.type === "offer" ? "have-local-offer" : "stable";
    this.localDescription = description(init.type as RTCSdpType, init.sdp ?? "");
    this.descriptions.push(init);
    // Gathering: one host candidate per description, then the end of candidates.
    setTimeout(() => {
      this.onicecandidate?.({
        candidate: { toJSON: () => ({ candidate: `candidate:${this.id} 1 udp 1 127.0.0.1 9 typ host`, sdpMid: "0" }) },
      });
      this.onicecandidate?.({ candidate: null });
    }, 1);
  }
  async setRemoteDescription(init: RTCSessionDescriptionInit) {
    // As a browser's: an answer is taken only while an offer of this side waits for it.
    if (init.type === "answer" && this.signalingState !== "have-local-offer") {
      throw new DOMException("no offer waits for an answer", "InvalidStateError");
    }
    this.signalingState = init.type === "offer" ? "have-remote-offer" : "stable";
    this.remoteDescription = init;
    this.#tryConnect();
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new DOMException("no remote description", "InvalidStateError");
    // As a browser's: a candidate names the ICE round it belongs to, and one of a round a restart replaced is refused.
    if (candidate.usernameFragment && !this.remoteDescription.sdp?.includes(candidate.usernameFragment)) {
      throw new DOMException("the candidate's round is over", "OperationError");
    }
    this.remoteCandidates.push(candidate);
    this.#tryConnect();
  }
  /** Media received so far: grows while connected, as a real connection's inbound-rtp bytes do. */
  async getStats() {
    if (this.connectionState === "connected") this.#bytes += 1000;
    return new Map([["inbound", { type: "inbound-rtp", kind: "video", bytesReceived: this.#bytes }]]);
  }
  close() {
    this.#set("closed", "closed");
  }

  /** The network between the peers breaks, as on a switch from Wi-Fi to mobile data. */
  breakLink() {
    this.remoteCandidates.length = 0;
    this.#set("failed", "failed");
  }

  #tryConnect() {
    const peer = this.network.peerOf(this);
    if (!peer || this.connectionState === "connected" || this.connectionState === "closed") return;
    const hasTheirs = this.remoteCandidates.some((c) => c.candidate?.includes(peer.id));
    if (!hasTheirs) return;
    this.#set("connected", "connected");
    for (const { track, stream } of peer.tracks) this.ontrack?.({ streams: [stream], track });
  }

  #set(state: RTCPeerConnectionState, ice: RTCIceConnectionState) {
    this.connectionState = state;
    this.iceConnectionState = ice;
    this.oniceconnectionstatechange?.();
    this.onconnectionstatechange?.();
  }
}
