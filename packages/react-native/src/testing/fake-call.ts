import type { Call } from "@parley/sdk";

type Listener = (payload: unknown) => void;

/**
 * A call as the call screen reads it, moved by the test: `ring` it in, and it answers `accept`, `decline` and `end`
 * as the server would, telling its listeners each time. Streams are plain tokens the app's `VideoView` receives.
 */
export class FakeCall {
  readonly id = "call_1";
  state: "ringing" | "accepted" | "ended" | "declined" = "ringing";
  mediaState: RTCPeerConnectionState = "new";
  isJoined = false;
  isMicrophoneMuted = false;
  isCameraOff = false;
  durationSeconds = 0;
  localStream: MediaStream | null = null;
  remoteStream: MediaStream | null = null;
  readonly actions: string[] = [];
  readonly #listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly peerId: string,
    readonly kind: "voice" | "video",
    readonly direction: "incoming" | "outgoing" = "incoming",
  ) {}

  get hasEnded(): boolean {
    return this.state !== "ringing" && this.state !== "accepted";
  }

  get record() {
    return { durationSeconds: this.hasEnded ? this.durationSeconds : null };
  }

  on(type: string, listener: Listener): () => void {
    const set = this.#listeners.get(type) ?? new Set();
    set.add(listener);
    this.#listeners.set(type, set);
    return () => set.delete(listener);
  }

  emit(type: string, payload: unknown): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(payload);
  }

  async accept(): Promise<void> {
    this.actions.push("accept");
    this.isJoined = true;
    this.state = "accepted";
    this.emit("state", { state: this.state });
  }

  async decline(): Promise<void> {
    this.actions.push("decline");
    this.state = "declined";
    this.emit("state", { state: this.state });
    this.emit("ended", {});
  }

  async end(): Promise<void> {
    this.actions.push("end");
    this.state = "ended";
    this.emit("state", { state: this.state });
    this.emit("ended", {});
  }

  setMicrophoneMuted(muted: boolean): void {
    this.actions.push(muted ? "mute" : "unmute");
    this.isMicrophoneMuted = muted;
    this.emit("media.state", this.mediaState);
  }

  setCameraOff(off: boolean): void {
    this.actions.push(off ? "camera off" : "camera on");
    this.isCameraOff = off;
    this.emit("media.state", this.mediaState);
  }

  /** The other party's media arrived and the link is up. */
  connect(remote: MediaStream, local: MediaStream): void {
    this.localStream = local;
    this.remoteStream = remote;
    this.mediaState = "connected";
    this.emit("local.stream", local);
    this.emit("remote.stream", remote);
    this.emit("media.state", "connected");
  }

  asCall(): Call {
    return this as unknown as Call;
  }
}
