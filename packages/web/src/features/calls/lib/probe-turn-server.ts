/** What testing the TURN server from this browser found. */
export type TurnProbeResult =
  /** The server allocated a relay: it answers, and it took the credentials. */
  | { outcome: "relay"; address: string }
  /** The server answered that it refuses the credentials (STUN error 401 or 403). */
  | { outcome: "refused" }
  /** No relay in time and no refusal: the server did not answer, or refused in a way the browser does not report. */
  | { outcome: "no-answer" }
  /** The ICE servers hold no TURN server with credentials: nothing to test. */
  | { outcome: "not-configured" }
  /** This browser has no WebRTC. */
  | { outcome: "unsupported" };

/**
 * How long the test waits for a relay candidate. A TURN server that answers allocates within a round trip or two;
 * browsers give up on one that does not only after several retransmissions, later than anyone waits on a button.
 */
export const TURN_PROBE_TIMEOUT_MS = 8000;

export type PeerConnectionConstructor = new (configuration: RTCConfiguration) => RTCPeerConnection;

const isTurnUrl = (url: string) => /^turns?:/i.test(url);

/** The relay's address: `address` where the browser fills it, else the fifth field of the candidate line. */
function relayAddressOf(candidate: RTCIceCandidate): string {
  return candidate.address ?? candidate.candidate.split(" ")[4] ?? "";
}

/**
 * Asks the TURN servers among `iceServers` for a relay, as a caller's browser does: a peer connection limited to
 * relay candidates (`iceTransportPolicy: "relay"`), a data channel so that it has something to gather for, and an
 * offer to start gathering. The first relay candidate proves the server answered and accepted the credentials.
 * `PeerConnection` is the browser's `RTCPeerConnection` unless a test hands in its own.
 */
export async function probeTurnServer(
  iceServers: RTCIceServer[],
  {
    PeerConnection = globalThis.RTCPeerConnection as PeerConnectionConstructor | undefined,
    timeoutMs = TURN_PROBE_TIMEOUT_MS,
  }: { PeerConnection?: PeerConnectionConstructor; timeoutMs?: number } = {},
): Promise<TurnProbeResult> {
  const turnServers = iceServers.filter((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    return server.credential !== undefined && urls.some(isTurnUrl);
  });
  if (turnServers.length === 0) return { outcome: "not-configured" };
  if (typeof PeerConnection !== "function") return { outcome: "unsupported" };

  const connection = new PeerConnection({ iceServers: turnServers, iceTransportPolicy: "relay" });
  try {
    return await new Promise<TurnProbeResult>((resolve) => {
      let isRefused = false;
      const unanswered = (): TurnProbeResult => ({ outcome: isRefused ? "refused" : "no-answer" });
      const timer = setTimeout(() => resolve(unanswered()), timeoutMs);
      const finish = (result: TurnProbeResult) => {
        clearTimeout(timer);
        resolve(result);
      };
      connection.addEventListener("icecandidate", ({ candidate }) => {
        // A null candidate ends the gathering: with relays only, no relay by then means none is coming.
        if (candidate === null) finish(unanswered());
        else if (candidate.type === "relay") finish({ outcome: "relay", address: relayAddressOf(candidate) });
      });
      connection.addEventListener("icecandidateerror", (event) => {
        const { errorCode } = event as RTCPeerConnectionIceErrorEvent;
        if (errorCode === 401 || errorCode === 403) isRefused = true;
      });
      connection.createDataChannel("turn-test");
      connection
        .createOffer()
        .then((offer) => connection.setLocalDescription(offer))
        .catch(() => finish({ outcome: "no-answer" }));
    });
  } finally {
    connection.close();
  }
}
