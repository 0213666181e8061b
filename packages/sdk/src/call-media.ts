import type { WebRtcImplementation } from "./call-options";

/**
 * The microphone and camera one call took. Muting and turning the camera off disable tracks rather than remove
 * them, so the other party hears silence or sees black and nothing is renegotiated.
 */
export class CallMedia {
  #stream: MediaStream | null = null;
  #microphoneMuted = false;
  #cameraOff = false;

  constructor(
    private readonly webrtc: () => WebRtcImplementation,
    /** Hears the stream after each change: taken, muted or unmuted, camera off or on, devices switched. */
    private readonly changed: (stream: MediaStream) => void,
  ) {}

  get stream(): MediaStream | null {
    return this.#stream;
  }
  get isMicrophoneMuted(): boolean {
    return this.#microphoneMuted;
  }
  get isCameraOff(): boolean {
    return this.#cameraOff;
  }

  /** Takes the microphone, and the camera with `video`; once taken, the same stream serves every later ask. */
  async take(video: boolean): Promise<void> {
    if (this.#stream) return;
    this.#stream = await this.webrtc().getUserMedia({ audio: true, video });
    this.changed(this.#stream);
  }

  setMicrophoneMuted(muted: boolean): void {
    this.#microphoneMuted = muted;
    for (const track of this.#stream?.getAudioTracks() ?? []) track.enabled = !muted;
    if (this.#stream) this.changed(this.#stream);
  }

  setCameraOff(off: boolean): void {
    this.#cameraOff = off;
    for (const track of this.#stream?.getVideoTracks() ?? []) track.enabled = !off;
    if (this.#stream) this.changed(this.#stream);
  }

  /**
   * Takes the devices asked for and puts their tracks in place of the old ones, in the stream and in the connection
   * (`sender` finds the connection's sender of a kind, if there is one yet). A camera is asked for only with `video`.
   * The new tracks keep the muted and camera-off settings.
   */
  async switchDevices(
    devices: { audioInputId?: string; videoInputId?: string },
    options: { video: boolean; sender: (kind: string) => RTCRtpSender | undefined },
  ): Promise<void> {
    const stream = this.#stream;
    if (!stream) throw new TypeError("the call has no media yet");
    const wanted: MediaStreamConstraints = {};
    if (devices.audioInputId) wanted.audio = { deviceId: { exact: devices.audioInputId } };
    if (devices.videoInputId && options.video) wanted.video = { deviceId: { exact: devices.videoInputId } };
    if (!wanted.audio && !wanted.video) return;
    const fresh = await this.webrtc().getUserMedia(wanted);
    for (const track of fresh.getTracks()) {
      const old = track.kind === "audio" ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
      track.enabled = track.kind === "audio" ? !this.#microphoneMuted : !this.#cameraOff;
      await options.sender(track.kind)?.replaceTrack(track);
      if (old) {
        stream.removeTrack(old);
        old.stop();
      }
      stream.addTrack(track);
    }
    this.changed(stream);
  }

  /** Stops every track, which frees the devices (a camera's light goes off). */
  release(): void {
    for (const track of this.#stream?.getTracks() ?? []) track.stop();
    this.#stream = null;
  }
}
