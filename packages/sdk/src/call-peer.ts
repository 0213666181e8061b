import { callsApi, type TIceServer, type TIceServersResponse } from "@parley/contract/client";
import type { CallOptions, FrameSender, WebRtcImplementation } from "./call-options";
import type { Http } from "./http";

/**
 * The signalling a party sends the other inside `call.signal` frames. An offer carries its `round` (1, then one more
 * for each restart) and the answer to it the same, so a caller that offered again takes only the answer to its
 * latest offer; clients that predate rounds send none, and their answer is taken as the latest's.
 */
export type Signal =
  | { description: RTCSessionDescriptionInit; round?: number }
  | { candidate: RTCIceCandidateInit }
  /**
   * The callee asks the caller (who makes every offer) to restart ICE. With `missed`, its link to the server was
   * down, so an offer already on its way may have been lost: the caller offers again even while a restart is open.
   */
  | { restart: true; missed?: true };

/** How long ICE may stay `disconnected` before the caller restarts it: a brief loss often heals on its own. */
const DISCONNECTED_GRACE_MS = 3_000;
const MEDIA_RECOVERY_MS_DEFAULT = 20_000;

/** What a {@link CallPeer} needs from its call and the client. */
export interface CallPeerHost {
  http: Pick<Http, "request">;
  realtime: FrameSender;
  webrtc: () => WebRtcImplementation;
  options: Pick<CallOptions, "iceTransportPolicy" | "mediaRecoveryMs">;
  /** Read at each send: a call started here has its id only once the server answered. */
  callId: () => string;
  /** Whether this side called, and so makes every offer. */
  isCaller: () => boolean;
  /** Whether the call released what it held: nothing is set up after that. */
  isReleased: () => boolean;
  /** The microphone and camera to send, if taken. */
  localStream: () => MediaStream | null;
  onRemoteStream: (stream: MediaStream) => void;
  onMediaState: (state: RTCPeerConnectionState) => void;
  /** The media could not be set up, or the link did not come back in time: the call ends as failed. */
  fail: () => Promise<void>;
}

/**
 * The media link of one call: its `RTCPeerConnection`, the signalling that sets it up through the server, and its
 * recovery when a network change breaks it (an ICE restart, then the call's end if the link stays down).
 */
export class CallPeer {
  #pc: RTCPeerConnection | null = null;
  #remoteStream: MediaStream | null = null;
  #iceServers: Promise<TIceServer[]> | null = null;
  /** Signals from the other party that came before this side had its connection, in order. */
  #early: Signal[] = [];
  /** Their ICE candidates that came before their description. */
  #remoteCandidates: RTCIceCandidateInit[] = [];
  /** Signals to send once the link to the server is open again. */
  #outbox: Signal[] = [];
  /** Signals are handled one at a time: a candidate must not overtake the description it follows. */
  #signalling: Promise<void> = Promise.resolve();
  /** A restart of ICE was asked and the link has not come back since. */
  #restarting = false;
  /** The round of the caller's latest offer. */
  #round = 0;
  #recoveryTimer: ReturnType<typeof setTimeout> | null = null;
  #disconnectedTimer: ReturnType<typeof setTimeout> | null = null;
  #firstConnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly host: CallPeerHost) {}

  get hasConnection(): boolean {
    return this.#pc !== null;
  }
  get remoteStream(): MediaStream | null {
    return this.#remoteStream;
  }
  /** The connection's state, or `new` before there is one. */
  get connectionState(): RTCPeerConnectionState {
    return this.#pc?.connectionState ?? "new";
  }

  async getStats(): Promise<RTCStatsReport | null> {
    return this.#pc ? this.#pc.getStats() : null;
  }

  /** The connection's sender of the local track of this kind, if there is a connection. */
  sender(kind: string): RTCRtpSender | undefined {
    return this.#pc?.getSenders().find((candidate) => candidate.track?.kind === kind);
  }

  /** Starts fetching the ICE servers (once), so the connection does not wait for them later. */
  prefetchIceServers(): void {
    this.#iceServers ??= this.#fetchIceServers();
  }

  /**
   * A signal of the other party. Before this side has its connection, it waits for {@link CallPeer.applyEarly}
   * when `keepEarly` says the connection will come, and is dropped otherwise.
   */
  handle(signal: Signal, keepEarly: boolean): void {
    if (!this.#pc) {
      if (keepEarly) this.#early.push(signal);
      return;
    }
    this.#receive(signal);
  }

  /** Applies, in order, the signals that came before the connection. */
  applyEarly(): void {
    for (const signal of this.#early.splice(0)) this.#receive(signal);
  }

  /** The link to the server is open again: sends what waited for it. */
  flushOutbox(): void {
    for (const signal of this.#outbox.splice(0)) this.#send(signal);
  }

  /** The ICE servers must be in the configuration before anything is gathered, so the connection waits for them. */
  async connect(): Promise<RTCPeerConnection | null> {
    const iceServers = await (this.#iceServers ?? this.#fetchIceServers());
    if (this.#pc || this.host.isReleased()) return null;
    const { RTCPeerConnection } = this.host.webrtc();
    const { iceTransportPolicy } = this.host.options;
    const pc = new RTCPeerConnection({ iceServers, ...(iceTransportPolicy ? { iceTransportPolicy } : {}) });
    this.#pc = pc;
    const local = this.host.localStream();
    if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.onicecandidate = (event) => {
      if (event.candidate) this.#send({ candidate: event.candidate.toJSON() });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0];
      if (!stream) return;
      this.#remoteStream = stream;
      this.host.onRemoteStream(stream);
    };
    pc.onconnectionstatechange = () => {
      if (pc === this.#pc) this.host.onMediaState(pc.connectionState);
    };
    pc.oniceconnectionstatechange = () => this.#iceChanged(pc);
    // A new connection has the time a broken one has to come back. One whose signals were lost on the way (its
    // link to the server dropped as it connected) never connects by itself: halfway, it is restarted.
    this.#startRecovery();
    this.#firstConnectTimer = setTimeout(() => {
      this.#firstConnectTimer = null;
      if (pc === this.#pc && !this.host.isReleased() && !isConnected(pc.iceConnectionState)) {
        this.askRestart({ missed: true });
      }
    }, this.#recoveryMs / 2);
    return pc;
  }

  /** The caller's side once the call is accepted: connects and makes the first offer. */
  async startAsCaller(): Promise<void> {
    if (this.#pc || this.host.isReleased()) return;
    if (!(await this.connect())) return;
    await this.#offer(false);
    this.applyEarly();
  }

  /**
   * A network change broke the media link: the caller offers anew with fresh candidates, the callee asks it to.
   * `missed` says signals may have been lost (the link to the server was down): a restart already open is made again,
   * since its offer or answer may be among them.
   */
  askRestart(options: { missed?: boolean } = {}): void {
    // Both sides notice the same break; one restart serves it, unless its signalling may have been lost.
    if (this.#restarting && !options.missed) return;
    this.#restarting = true;
    if (this.host.isCaller()) void this.#offer(true);
    else this.#send(options.missed ? { restart: true, missed: true } : { restart: true });
  }

  /** Closes the connection and stops its timers; what was queued stays, for a connection made again. */
  close(): void {
    this.#clearTimers();
    const pc = this.#pc;
    this.#pc = null;
    if (pc) {
      pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = pc.oniceconnectionstatechange = null;
      pc.close();
    }
  }

  /** The call is over: closes the connection and drops what waited to be applied or sent. */
  release(): void {
    this.close();
    this.#early = [];
    this.#outbox = [];
  }

  async #fetchIceServers(): Promise<TIceServer[]> {
    try {
      return (await this.host.http.request<TIceServersResponse>("GET", callsApi.iceServers)).iceServers;
    } catch {
      // Without them the call still connects where the parties reach each other directly.
      return [];
    }
  }

  async #offer(iceRestart: boolean): Promise<void> {
    const pc = this.#pc;
    if (!pc || this.host.isReleased()) return;
    try {
      const offer = await pc.createOffer(iceRestart ? { iceRestart: true } : {});
      await pc.setLocalDescription(offer);
      this.#round += 1;
      if (pc.localDescription) this.#send({ description: pc.localDescription.toJSON(), round: this.#round });
    } catch {
      await this.host.fail();
    }
  }

  #receive(signal: Signal): void {
    this.#signalling = this.#signalling.then(() => this.#apply(signal)).catch(() => this.host.fail());
  }

  async #apply(signal: Signal): Promise<void> {
    const pc = this.#pc;
    if (!pc || this.host.isReleased()) return;
    if ("restart" in signal) {
      if (this.host.isCaller()) this.askRestart({ missed: signal.missed === true });
      return;
    }
    if ("candidate" in signal) {
      if (pc.remoteDescription) await addCandidate(pc, signal.candidate);
      else this.#remoteCandidates.push(signal.candidate);
      return;
    }
    const { description, round } = signal;
    if (description.type === "answer") {
      // An answer to an offer made before the latest, or one already taken: the latest's answer is on its way.
      if (pc.signalingState !== "have-local-offer" || (round !== undefined && round !== this.#round)) return;
    }
    await pc.setRemoteDescription(description);
    for (const candidate of this.#remoteCandidates.splice(0)) await addCandidate(pc, candidate);
    if (description.type === "offer") {
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      if (pc.localDescription) {
        this.#send({ description: pc.localDescription.toJSON(), ...(round === undefined ? {} : { round }) });
      }
    }
  }

  #send(signal: Signal): void {
    const sent = this.host.realtime.send({ type: "call.signal", callId: this.host.callId(), data: signal });
    if (!sent) this.#outbox.push(signal);
  }

  #iceChanged(pc: RTCPeerConnection): void {
    if (pc !== this.#pc || this.host.isReleased()) return;
    const ice = pc.iceConnectionState;
    if (isConnected(ice)) {
      this.#restarting = false;
      this.#clearTimers();
      return;
    }
    if (ice === "disconnected" && !this.#disconnectedTimer) {
      this.#disconnectedTimer = setTimeout(() => {
        this.#disconnectedTimer = null;
        if (this.#pc?.iceConnectionState === "disconnected") this.askRestart();
      }, DISCONNECTED_GRACE_MS);
    }
    if (ice === "failed") this.askRestart();
    if (ice === "disconnected" || ice === "failed") this.#startRecovery();
  }

  /** The link has `mediaRecoveryMs` to come back (or to connect at all) before the call ends as failed. */
  #startRecovery(): void {
    if (this.#recoveryTimer) return;
    this.#recoveryTimer = setTimeout(() => {
      this.#recoveryTimer = null;
      const pc = this.#pc;
      if (pc && !isConnected(pc.iceConnectionState)) void this.host.fail();
    }, this.#recoveryMs);
  }

  get #recoveryMs(): number {
    return this.host.options.mediaRecoveryMs ?? MEDIA_RECOVERY_MS_DEFAULT;
  }

  #clearTimers(): void {
    for (const timer of [this.#recoveryTimer, this.#disconnectedTimer, this.#firstConnectTimer]) {
      if (timer) clearTimeout(timer);
    }
    this.#recoveryTimer = this.#disconnectedTimer = this.#firstConnectTimer = null;
  }
}

const isConnected = (ice: RTCIceConnectionState) => ice === "connected" || ice === "completed";

/**
 * A candidate the connection cannot use is dropped, not a reason to end the call: one of an ICE round that a restart
 * replaced (its username fragment no longer matches) arrives late whenever signals cross a restart.
 */
async function addCandidate(pc: RTCPeerConnection, candidate: RTCIceCandidateInit): Promise<void> {
  try {
    await pc.addIceCandidate(candidate);
  } catch {
    // The other candidates, and those of the current round, still connect the call.
  }
}
