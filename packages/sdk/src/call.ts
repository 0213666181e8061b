import { callsApi, type TCall, type TCallEvent, type TCallKind, type TCallState } from "@parley/contract/client";
import { CallMedia } from "./call-media";
import type { CallOptions, FrameSender, WebRtcImplementation } from "./call-options";
import { CallPeer, type Signal } from "./call-peer";
import type { Http } from "./http";

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

const FINAL_STATES = new Set<TCallState>(["ended", "declined", "cancelled", "missed", "failed"]);

/** What a {@link Call} needs from the client. */
export interface CallContext {
  http: Http;
  realtime: FrameSender;
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
  /** The camera and microphone. */
  readonly #media: CallMedia;
  /** The connection to the other party and its signalling. */
  readonly #peer: CallPeer;
  #released = false;

  /** @internal Made by {@link CallsApi}. */
  constructor(
    private readonly context: CallContext,
    record: TCall,
    joined: boolean,
  ) {
    this.#record = record;
    this.#joined = joined;
    this.#media = new CallMedia(context.webrtc, (stream) => this.#emit("local.stream", stream));
    this.#peer = new CallPeer({
      http: context.http,
      realtime: context.realtime,
      webrtc: context.webrtc,
      options: context.options,
      callId: () => this.id,
      isCaller: () => this.direction === "outgoing",
      isReleased: () => this.#released,
      localStream: () => this.#media.stream,
      onRemoteStream: (stream) => this.#emit("remote.stream", stream),
      onMediaState: (state) => this.#emit("media.state", state),
      fail: () => this.#failMedia(),
    });
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
    return this.#media.stream;
  }
  get remoteStream(): MediaStream | null {
    return this.#peer.remoteStream;
  }
  get isMicrophoneMuted(): boolean {
    return this.#media.isMicrophoneMuted;
  }
  get isCameraOff(): boolean {
    return this.#media.isCameraOff;
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
    return this.#peer.connectionState;
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
      await this.#peer.connect();
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
    this.#peer.applyEarly();
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
    this.#media.setMicrophoneMuted(muted);
  }

  /** Turns the camera off (the other party sees black) or on again. */
  setCameraOff(off: boolean): void {
    this.#media.setCameraOff(off);
  }

  /**
   * Moves to another microphone or camera (ids from `navigator.mediaDevices.enumerateDevices()`), without a
   * renegotiation: the new track replaces the old one in the connection.
   */
  async switchDevices(devices: { audioInputId?: string; videoInputId?: string }): Promise<void> {
    await this.#media.switchDevices(devices, {
      video: this.kind === "video",
      sender: (kind) => this.#peer.sender(kind),
    });
  }

  /** The connection's statistics (`RTCPeerConnection.getStats()`), or null before the media is set up. */
  async getStats(): Promise<RTCStatsReport | null> {
    return this.#peer.getStats();
  }

  /** @internal The server says the call moved. */
  handleEvent(event: TCallEvent): void {
    this.#update(event.call);
  }

  /** @internal The other party's signalling. */
  handleSignal(data: unknown): void {
    // The callee's connection exists from accept(); what the caller sends before that waits for it.
    this.#peer.handle(data as Signal, this.#joined || this.direction === "incoming");
  }

  /** @internal The link to the server is open again: read what may have been missed, send what waited. */
  async resync(): Promise<void> {
    this.#peer.flushOutbox();
    try {
      const { call } = await this.context.http.request<{ call: TCall }>("GET", callsApi.call, {
        params: { callId: this.id },
      });
      this.#update(call);
    } catch {
      // Still unreachable: the next reconnect asks again.
      return;
    }
    // Signals sent while the link was down, or on the way when it dropped, are lost; a restart makes them anew.
    if (this.state === "accepted" && this.#peer.hasConnection) this.#peer.askRestart({ missed: true });
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
      if (call.state === "accepted" && this.#joined && this.direction === "outgoing") void this.#peer.startAsCaller();
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
    this.#peer.prefetchIceServers();
    if (this.state === "accepted") void this.#peer.startAsCaller();
  }

  async #prepareMedia(): Promise<void> {
    this.#peer.prefetchIceServers();
    await this.#media.take(this.kind === "video");
  }

  async #failMedia(): Promise<void> {
    if (this.#released || FINAL_STATES.has(this.state)) return;
    try {
      await this.end({ reason: "failed" });
    } catch {
      this.#release();
    }
  }

  #releaseMedia(): void {
    this.#media.release();
    this.#peer.close();
  }

  #release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#media.release();
    this.#peer.release();
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
