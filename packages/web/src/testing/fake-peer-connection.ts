/**
 * A stand-in for the browser's RTCPeerConnection, which jsdom lacks: once the offer is set as the local description
 * it reports the ICE candidates and errors it was scripted with, the way a browser reports what its TURN servers
 * answered. Each instance is kept, so a test can see how it was configured and that it was closed.
 */
export interface PeerScript {
  /** Candidates to report in order; `null` ends the gathering. Nothing at all is a server that never answers. */
  candidates?: ({ type: RTCIceCandidateType; address: string | null; candidate?: string } | null)[];
  /** STUN error codes to report before the candidates (401: credentials refused). */
  errorCodes?: number[];
}

export class FakePeerConnection extends EventTarget {
  static script: PeerScript = {};
  static instances: FakePeerConnection[] = [];
  readonly configuration: RTCConfiguration;
  readonly channels: string[] = [];
  isClosed = false;

  constructor(configuration: RTCConfiguration) {
    super();
    this.configuration = configuration;
    FakePeerConnection.instances.push(this);
  }

  createDataChannel(label: string) {
    this.channels.push(label);
    return { label };
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: "offer", sdp: "v=0\r\n" };
  }

  async setLocalDescription(_description: RTCSessionDescriptionInit) {
    const { candidates = [], errorCodes = [] } = FakePeerConnection.script;
    setTimeout(() => {
      for (const errorCode of errorCodes) {
        this.dispatchEvent(Object.assign(new Event("icecandidateerror"), { errorCode, errorText: "Unauthorized" }));
      }
      for (const candidate of candidates) {
        this.dispatchEvent(
          Object.assign(new Event("icecandidate"), {
            candidate: candidate && {
              candidate: `candidate:1 1 udp 16777215 ${candidate.address ?? "0.0.0.0"} 50000 typ ${candidate.type}`,
              ...candidate,
            },
          }),
        );
      }
    }, 0);
  }

  close() {
    this.isClosed = true;
  }

  /** Starts over with a new script: no instances kept. */
  static reset(script: PeerScript = {}) {
    FakePeerConnection.script = script;
    FakePeerConnection.instances = [];
  }
}
