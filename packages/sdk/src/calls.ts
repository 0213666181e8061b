import {
  ACTIVE_CALL_STATES,
  CALL_EVENT_TYPES,
  callsApi,
  type TCall,
  type TCallEvent,
  type TCallKind,
  type TCallState,
  type TCallsPage,
  type TIceServer,
  type TIceServersResponse,
} from "@parley/contract/client";
import type { Emitter } from "./emitter";
import type { Http } from "./http";
import type { Realtime } from "./realtime";

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
   * call ends as failed, in ms (default 20 000).
   */
  mediaRecoveryMs?: number;
}

/** What a {@link Call} tells its listeners. */
export interface CallEventMap {
  /** The call moved: ringing, accepted, or a final state. `call` is the record as the server now has it. */
  state: { state: TCallState; call: TCall };
  /** The microphone and camera as they are now (after mute, camera off/on or a switch of devices). */
  "local.stream": MediaStream;
  /** The other party's media arrived (or changed). */
  "remote.stream": MediaStream;
  /** The media link between the parties: `connecting`, `connected`, `disconnected`, `failed`, `closed`. */
  "media.state": RTCPeerConnectionState;
  /** The call reached its final state and everything it held (camera, microphone, connection) was released. */
  ended: TCall;
}
type CallListener<K extends keyof CallEventMap> = (payload: CallEventMap[K]) => void;

/** The signalling a party sends the other inside `call.signal` frames. */
type Signal =
  | { description: RTCSessionDescriptionInit }
  | { candidate: RTCIceCandidateInit }
  /** The callee asks the caller (who makes every offer) to restart ICE. */
  | { restart: true };

const FINAL_STATES = new Set<TCallState>(["ended", "declined", "cancelled", "missed", "failed"]);
const isActive = (state: TCallState) => (ACTIVE_CALL_STATES as readonly string[]).includes(state);
/** Own calls' records kept while `start` waits for its answer. */
const OWN_HEARD_CAP = 8;
/** How long ICE may stay `disconnected` before the caller restarts it: a brief loss often heals on its own. */
const DISCONNECTED_GRACE_MS = 3_000;

/** What a {@link Call} needs from the client. */
interface CallContext {
  http: Http;
  realtime: Realtime;
  webrtc: () => WebRtcImplementation;
  options: CallOptions;
  myUserId: () => string | null;
  forget: (call: Call) => void;
}

/**
 * One call of the signed-in user, from ringing to its end. It owns the camera and microphone it took and the
 * `RTCPeerConnection`, and releases them on every way a call ends: a hang-up here, the other party's, a decline,
 * a miss, a media failure, the link to the server lost for good, or the page closed.
 *
 * ```ts
 * const call = await client.calls.start("lee", { video: true });
 * call.on("remote.stream", (stream) => { remoteVideo.srcObject = stream; });
 * call.on("ended", () => showSummary(call.durationSeconds));
 * ```
 */
export class Call {
  #record: TCall;
  /** Whether this device took part (started it or accepted it here); a ringing call accepted elsewhere did not. */
  #joined: boolean;
  #listeners = new Map<keyof CallEventMap, Set<(payload: never) => void>>();
  #pc: RTCPeerConnection | null = null;
  #localStream: MediaStream | null = null;
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
  #microphoneMuted = false;
  #cameraOff = false;
  #released = false;
  /** A restart of ICE was asked and the link has not come back since. */
  #restarting = false;
  #recoveryTimer: ReturnType<typeof setTimeout> | null = null;
  #disconnectedTimer: ReturnType<typeof setTimeout> | null = null;

  /** @internal Made by {@link CallsApi}. */
  constructor(
    private readonly context: CallContext,
    record: TCall,
    joined: boolean,
  ) {
    this.#record = record;
    this.#joined = joined;
  }

  get id(): string {
    return this.#record.id;
  }
  get kind(): TCallKind {
    return this.#record.kind;
  }
  get state(): TCallState {
    return this.#record.state;
  }
  /** The record as the server last said it. */
  get record(): TCall {
    return this.#record;
  }
  /** `outgoing` when the signed-in user called. */
  get direction(): "outgoing" | "incoming" {
    return this.#record.callerId === this.context.myUserId() ? "outgoing" : "incoming";
  }
  /** The other party's user id. */
  get peerId(): string {
    return this.direction === "outgoing" ? this.#record.calleeId : this.#record.callerId;
  }
  /** Seconds since it was accepted (up to its end); 0 before. */
  get durationSeconds(): number {
    const { acceptedAt, endedAt } = this.#record;
    if (!acceptedAt) return 0;
    const end = endedAt ? Date.parse(endedAt) : Date.now();
    return Math.max(0, Math.floor((end - Date.parse(acceptedAt)) / 1000));
  }
  get localStream(): MediaStream | null {
    return this.#localStream;
  }
  get remoteStream(): MediaStream | null {
    return this.#remoteStream;
  }
  get isMicrophoneMuted(): boolean {
    return this.#microphoneMuted;
  }
  get isCameraOff(): boolean {
    return this.#cameraOff;
  }
  /** Whether this device takes part: it started the call, or accepted it here. */
  get isJoined(): boolean {
    return this.#joined;
  }
  /** Whether the call is over for this device and released what it held (the `ended` event came). */
  get hasEnded(): boolean {
    return this.#released;
  }
  /** The media link's state, or `new` before it is set up. */
  get mediaState(): RTCPeerConnectionState {
    return this.#pc?.connectionState ?? "new";
  }

  on<K extends keyof CallEventMap>(type: K, listener: CallListener<K>): () => void {
    const set = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Answers an incoming call: takes the microphone (and camera for video), then connects. */
  async accept(): Promise<void> {
    if (this.direction !== "incoming") throw new TypeError("only the callee accepts a call");
    this.#joined = true;
    try {
      await this.#prepareMedia();
      await this.#createConnection();
      const { call } = await this.context.http.request<{ call: TCall }>("POST", callsApi.accept, {
        params: { callId: this.id },
        body: {},
      });
      this.#update(call);
    } catch (error) {
      // The call rang on: nothing taken here may stay held.
      if (!FINAL_STATES.has(this.state)) this.#joined = false;
      this.#releaseMedia();
      throw error;
    }
    for (const signal of this.#early.splice(0)) this.#receive(signal);
  }

  /** Refuses an incoming call that still rings. */
  async decline(): Promise<void> {
    await this.#move(callsApi.decline);
  }

  /**
   * Hangs up: cancels a call this user made that still rings, declines one that rings for them, ends an accepted
   * one. `failed` says the media could not be set up.
   */
  async end(options: { reason?: "hangup" | "failed" } = {}): Promise<void> {
    if (FINAL_STATES.has(this.state)) return this.#release();
    if (this.state === "ringing" && options.reason !== "failed") {
      return this.#move(this.direction === "outgoing" ? callsApi.cancel : callsApi.decline);
    }
    await this.#move(callsApi.end, { reason: options.reason ?? "hangup" });
  }

  /** Mutes or unmutes the microphone; the other party hears silence, the track stays. */
  setMicrophoneMuted(muted: boolean): void {
    this.#microphoneMuted = muted;
    for (const track of this.#localStream?.getAudioTracks() ?? []) track.enabled = !muted;
    if (this.#localStream) this.#emit("local.stream", this.#localStream);
  }

  /** Turns the camera off (the other party sees black) or on again. */
  setCameraOff(off: boolean): void {
    this.#cameraOff = off;
    for (const track of this.#localStream?.getVideoTracks() ?? []) track.enabled = !off;
    if (this.#localStream) this.#emit("local.stream", this.#localStream);
  }

  /**
   * Moves to another microphone or camera (ids from `navigator.mediaDevices.enumerateDevices()`), without a
   * renegotiation: the new track replaces the old one in the connection.
   */
  async switchDevices(devices: { audioInputId?: string; videoInputId?: string }): Promise<void> {
    const stream = this.#localStream;
    if (!stream) throw new TypeError("the call has no media yet");
    const wanted: MediaStreamConstraints = {};
    if (devices.audioInputId) wanted.audio = { deviceId: { exact: devices.audioInputId } };
    if (devices.videoInputId && this.kind === "video") wanted.video = { deviceId: { exact: devices.videoInputId } };
    if (!wanted.audio && !wanted.video) return;
    const fresh = await this.context.webrtc().getUserMedia(wanted);
    for (const track of fresh.getTracks()) {
      const old = track.kind === "audio" ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
      track.enabled = track.kind === "audio" ? !this.#microphoneMuted : !this.#cameraOff;
      const sender = this.#pc?.getSenders().find((candidate) => candidate.track?.kind === track.kind);
      await sender?.replaceTrack(track);
      if (old) {
        stream.removeTrack(old);
        old.stop();
      }
      stream.addTrack(track);
    }
    this.#emit("local.stream", stream);
  }

  /** The connection's statistics (`RTCPeerConnection.getStats()`), or null before the media is set up. */
  async getStats(): Promise<RTCStatsReport | null> {
    return this.#pc ? this.#pc.getStats() : null;
  }

  /** @internal The server says the call moved. */
  handleEvent(event: TCallEvent): void {
    this.#update(event.call);
  }

  /** @internal The other party's signalling. */
  handleSignal(data: unknown): void {
    const signal = data as Signal;
    if (!this.#pc) {
      // The callee's connection exists from accept(); what the caller sends before that waits for it.
      if (this.#joined || this.direction === "incoming") this.#early.push(signal);
      return;
    }
    this.#receive(signal);
  }

  /** @internal The link to the server is open again: read what may have been missed, send what waited. */
  async resync(): Promise<void> {
    for (const signal of this.#outbox.splice(0)) this.#send(signal);
    try {
      const { call } = await this.context.http.request<{ call: TCall }>("GET", callsApi.call, {
        params: { callId: this.id },
      });
      this.#update(call);
    } catch {
      // Still unreachable: the next reconnect asks again.
      return;
    }
    // Candidates sent while the link was down are lost; a restart gathers new ones.
    if (this.state === "accepted" && this.#pc) this.#askRestart();
  }

  /** @internal Releases what the call holds without telling the server (it never heard of it). */
  dispose(): void {
    this.#release();
  }

  /** @internal The link to the server is gone for good, or the page is closing. */
  abandon(options: { keepalive: boolean }): void {
    if (this.#released || FINAL_STATES.has(this.state) || !this.#joined) {
      this.#release();
      return;
    }
    const path =
      this.state === "ringing" ? (this.direction === "outgoing" ? callsApi.cancel : callsApi.decline) : callsApi.end;
    void this.context.http
      .request("POST", path, { params: { callId: this.id }, body: {}, keepalive: options.keepalive })
      .catch(() => {});
    this.#release();
  }

  async #move(path: string, body: Record<string, unknown> = {}): Promise<void> {
    const { call } = await this.context.http.request<{ call: TCall }>("POST", path, {
      params: { callId: this.id },
      body,
    });
    this.#update(call);
  }

  #update(call: TCall): void {
    const previous = this.#record.state;
    // An event and an answer can arrive in either order; a final state is never undone.
    if (FINAL_STATES.has(previous) && !FINAL_STATES.has(call.state)) return;
    if (previous === "accepted" && call.state === "ringing") return;
    this.#record = call;
    if (call.state !== previous) {
      this.#emit("state", { state: call.state, call });
      if (call.state === "accepted" && this.#joined && this.direction === "outgoing") void this.#startAsCaller();
      if (call.state === "accepted" && !this.#joined) {
        // Answered on another of the callee's devices: this one stops ringing and keeps nothing.
        this.#release();
        return;
      }
    }
    if (FINAL_STATES.has(call.state)) this.#release();
  }

  /** @internal The caller's side before ringing: the media first, so a refused camera never rings the callee. */
  async prepareOutgoing(): Promise<void> {
    await this.#prepareMedia();
  }

  /** @internal The server's record of a call started here, which replaces the draft's. */
  adopt(record: TCall): void {
    this.#record = record;
  }

  /** @internal Called once the call exists on the server. */
  beginOutgoing(): void {
    // Fetched while it rings, so the answer is not delayed by it.
    this.#iceServers ??= this.#fetchIceServers();
    if (this.state === "accepted") void this.#startAsCaller();
  }

  async #prepareMedia(): Promise<void> {
    this.#iceServers ??= this.#fetchIceServers();
    if (this.#localStream) return;
    this.#localStream = await this.context.webrtc().getUserMedia({ audio: true, video: this.kind === "video" });
    this.#emit("local.stream", this.#localStream);
  }

  async #fetchIceServers(): Promise<TIceServer[]> {
    try {
      return (await this.context.http.request<TIceServersResponse>("GET", callsApi.iceServers)).iceServers;
    } catch {
      // Without them the call still connects where the parties reach each other directly.
      return [];
    }
  }

  /** The ICE servers must be in the configuration before anything is gathered, so the connection waits for them. */
  async #createConnection(): Promise<RTCPeerConnection | null> {
    const iceServers = await (this.#iceServers ?? this.#fetchIceServers());
    if (this.#pc || this.#released) return null;
    const { RTCPeerConnection } = this.context.webrtc();
    const { iceTransportPolicy } = this.context.options;
    const pc = new RTCPeerConnection({ iceServers, ...(iceTransportPolicy ? { iceTransportPolicy } : {}) });
    this.#pc = pc;
    for (const track of this.#localStream?.getTracks() ?? []) {
      if (this.#localStream) pc.addTrack(track, this.#localStream);
    }
    pc.onicecandidate = (event) => {
      if (event.candidate) this.#send({ candidate: event.candidate.toJSON() });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0];
      if (!stream) return;
      this.#remoteStream = stream;
      this.#emit("remote.stream", stream);
    };
    pc.onconnectionstatechange = () => {
      if (pc === this.#pc) this.#emit("media.state", pc.connectionState);
    };
    pc.oniceconnectionstatechange = () => this.#iceChanged(pc);
    return pc;
  }

  async #startAsCaller(): Promise<void> {
    if (this.#pc || this.#released) return;
    if (!(await this.#createConnection())) return;
    await this.#offer(false);
    for (const signal of this.#early.splice(0)) this.#receive(signal);
  }

  async #offer(iceRestart: boolean): Promise<void> {
    const pc = this.#pc;
    if (!pc || this.#released) return;
    try {
      const offer = await pc.createOffer(iceRestart ? { iceRestart: true } : {});
      await pc.setLocalDescription(offer);
      if (pc.localDescription) this.#send({ description: pc.localDescription.toJSON() });
    } catch {
      await this.#failMedia();
    }
  }

  #receive(signal: Signal): void {
    this.#signalling = this.#signalling.then(() => this.#apply(signal)).catch(() => this.#failMedia());
  }

  async #apply(signal: Signal): Promise<void> {
    const pc = this.#pc;
    if (!pc || this.#released) return;
    if ("restart" in signal) {
      if (this.direction === "outgoing") this.#askRestart();
      return;
    }
    if ("candidate" in signal) {
      if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate);
      else this.#remoteCandidates.push(signal.candidate);
      return;
    }
    await pc.setRemoteDescription(signal.description);
    for (const candidate of this.#remoteCandidates.splice(0)) await pc.addIceCandidate(candidate);
    if (signal.description.type === "offer") {
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      if (pc.localDescription) this.#send({ description: pc.localDescription.toJSON() });
    }
  }

  #send(signal: Signal): void {
    const sent = this.context.realtime.send({ type: "call.signal", callId: this.id, data: signal });
    if (!sent) this.#outbox.push(signal);
  }

  /** A network change broke the media link: the caller offers anew with fresh candidates, the callee asks it to. */
  #askRestart(): void {
    // Both sides notice the same break; one restart serves it.
    if (this.#restarting) return;
    this.#restarting = true;
    if (this.direction === "outgoing") void this.#offer(true);
    else this.#send({ restart: true });
  }

  #iceChanged(pc: RTCPeerConnection): void {
    if (pc !== this.#pc || this.#released) return;
    const ice = pc.iceConnectionState;
    if (ice === "connected" || ice === "completed") {
      this.#restarting = false;
      this.#clearTimers();
      return;
    }
    if (ice === "disconnected" && !this.#disconnectedTimer) {
      this.#disconnectedTimer = setTimeout(() => {
        this.#disconnectedTimer = null;
        if (this.#pc?.iceConnectionState === "disconnected") this.#askRestart();
      }, DISCONNECTED_GRACE_MS);
    }
    if (ice === "failed") this.#askRestart();
    if ((ice === "disconnected" || ice === "failed") && !this.#recoveryTimer) {
      this.#recoveryTimer = setTimeout(() => {
        this.#recoveryTimer = null;
        const now = this.#pc?.iceConnectionState;
        if (now === "disconnected" || now === "failed") void this.#failMedia();
      }, this.context.options.mediaRecoveryMs ?? 20_000);
    }
  }

  async #failMedia(): Promise<void> {
    if (this.#released || FINAL_STATES.has(this.state)) return;
    try {
      await this.end({ reason: "failed" });
    } catch {
      this.#release();
    }
  }

  #clearTimers(): void {
    for (const timer of [this.#recoveryTimer, this.#disconnectedTimer]) if (timer) clearTimeout(timer);
    this.#recoveryTimer = this.#disconnectedTimer = null;
  }

  #releaseMedia(): void {
    for (const track of this.#localStream?.getTracks() ?? []) track.stop();
    this.#localStream = null;
    const pc = this.#pc;
    this.#pc = null;
    if (pc) {
      pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = pc.oniceconnectionstatechange = null;
      pc.close();
    }
  }

  #release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#clearTimers();
    this.#releaseMedia();
    this.#early = [];
    this.#outbox = [];
    this.context.forget(this);
    this.#emit("ended", this.#record);
  }

  #emit<K extends keyof CallEventMap>(type: K, payload: CallEventMap[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        (listener as CallListener<K>)(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}

/** Options of {@link CallsApi.start}. */
export interface StartCallOptions {
  /** A video call (camera and microphone); a voice call otherwise. */
  video?: boolean;
}

function browserWebRtc(): WebRtcImplementation {
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

/**
 * One-to-one voice and video calls. `start` calls a user; an incoming call arrives as the client's `call.incoming`
 * event with a {@link Call} to `accept` or `decline`. The server keeps each call's state and relays the signalling
 * over the client's real-time link (no second connection); the media flows between the parties, through the app's
 * TURN server when they cannot reach each other directly.
 */
export class CallsApi {
  readonly #calls = new Map<string, Call>();
  /** Records of this user's own calls heard on the link before `start` had its answer, by id. */
  readonly #ownHeard = new Map<string, TCall>();
  readonly #context: CallContext;

  constructor(
    http: Http,
    realtime: Realtime,
    private readonly emitter: Emitter,
    myUserId: () => string | null,
    options: CallOptions = {},
  ) {
    this.#context = {
      http,
      realtime,
      options,
      myUserId,
      webrtc: () => options.webrtc ?? browserWebRtc(),
      forget: (call) => {
        if (this.#calls.get(call.id) === call) this.#calls.delete(call.id);
      },
    };
    for (const type of CALL_EVENT_TYPES) emitter.on(type, (event) => this.#heard(event));
    emitter.on("connection", (change) => {
      if (change.state === "open") void this.#resync();
      // Gone for good (a disconnect, or retries given up): no signalling can reach the other party any more.
      if (change.state === "closed") for (const call of [...this.#calls.values()]) call.abandon({ keepalive: false });
    });
    const scope = globalThis as { addEventListener?: (type: string, listener: () => void) => void };
    // A closed page hangs up, so the other party is not left in a silent call until the server notices.
    scope.addEventListener?.("pagehide", () => {
      for (const call of [...this.#calls.values()]) call.abandon({ keepalive: true });
    });
  }

  /** The call going on or ringing on this device, if any. */
  get current(): Call | null {
    return [...this.#calls.values()].at(-1) ?? null;
  }

  /**
   * Calls a user of the app. The microphone (and camera) are taken first; then the callee's devices ring. Fails
   * with 3091 when either is already in a call, 3092 for a user who cannot be called.
   */
  async start(userId: string, options: StartCallOptions = {}): Promise<Call> {
    const me = this.#context.myUserId();
    if (!me) throw new TypeError("Log in before calling");
    const kind: TCallKind = options.video ? "video" : "audio";
    const draft = new Call(
      this.#context,
      {
        id: "",
        kind,
        state: "ringing",
        callerId: me,
        calleeId: userId,
        createdAt: new Date().toISOString(),
        acceptedAt: null,
        endedAt: null,
        durationSeconds: null,
        endReason: null,
        endedBy: null,
      },
      true,
    );
    await draft.prepareOutgoing();
    let record: TCall;
    try {
      record = (
        await this.#context.http.request<{ call: TCall }>("POST", callsApi.calls, {
          body: { calleeId: userId, kind },
        })
      ).call;
    } catch (error) {
      draft.dispose();
      throw error;
    }
    const call = this.#adopt(draft, record);
    call.beginOutgoing();
    return call;
  }

  /** The user's calls, made or received, newest first, by cursor. */
  history(options: { cursor?: string; limit?: number } = {}): Promise<TCallsPage> {
    return this.#context.http.request<TCallsPage>("GET", callsApi.calls, { query: { ...options } });
  }

  /** One call of the user's, as the server has it. */
  async get(callId: string): Promise<TCall> {
    return (await this.#context.http.request<{ call: TCall }>("GET", callsApi.call, { params: { callId } })).call;
  }

  /** The ICE servers for a call, with short-lived TURN credentials; the client asks for them itself. */
  async iceServers(): Promise<TIceServersResponse> {
    return this.#context.http.request<TIceServersResponse>("GET", callsApi.iceServers);
  }

  /** The draft gets its server record, and what was heard of the call before the answer came. */
  #adopt(draft: Call, record: TCall): Call {
    draft.adopt(record);
    this.#calls.set(record.id, draft);
    const heard = this.#ownHeard.get(record.id);
    this.#ownHeard.delete(record.id);
    if (heard) draft.handleEvent({ type: "call.ringing", call: heard, at: heard.createdAt });
    return draft;
  }

  #heard(event: TCallEvent): void {
    const me = this.#context.myUserId();
    const known = this.#calls.get(event.call.id);
    if (known) {
      known.handleEvent(event);
      return;
    }
    if (!me) return;
    if (event.call.callerId === me) {
      // This user's own call, heard before `start` has its answer, or started on another device: its latest record
      // is kept for `start` to apply (a few at most), never a call of this device by itself.
      this.#ownHeard.delete(event.call.id);
      this.#ownHeard.set(event.call.id, event.call);
      if (this.#ownHeard.size > OWN_HEARD_CAP) this.#ownHeard.delete(this.#ownHeard.keys().next().value as string);
      return;
    }
    if (event.type === "call.ringing" && event.call.calleeId === me) {
      const call = new Call(this.#context, event.call, false);
      this.#calls.set(call.id, call);
      this.emitter.emit("call.incoming", call);
    }
  }

  /** @internal Routes a `call.signal` frame to its call. */
  signal(callId: string, data: unknown): void {
    this.#calls.get(callId)?.handleSignal(data);
  }

  async #resync(): Promise<void> {
    await Promise.all([...this.#calls.values()].map((call) => call.resync()));
    // A call that rang while this device had no link (e.g. opened from its push notification). Only an app that
    // answers calls asks: every socket of a restarted server reconnects at once, and most apps do not call.
    if (!this.emitter.listens("call.incoming")) return;
    let page: TCallsPage;
    try {
      page = await this.history({ limit: 5 });
    } catch {
      return;
    }
    const me = this.#context.myUserId();
    for (const call of page.calls) {
      if (call.state === "ringing" && call.calleeId === me && !this.#calls.has(call.id) && isActive(call.state)) {
        this.#heard({ type: "call.ringing", call, at: call.createdAt });
      }
    }
  }
}
