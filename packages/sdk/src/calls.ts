import {
  ACTIVE_CALL_STATES,
  CALL_EVENT_TYPES,
  callsApi,
  type TCall,
  type TCallEvent,
  type TCallKind,
  type TCallState,
  type TCallsPage,
  type TIceServersResponse,
} from "@parley/contract/client";
import { Call, type CallContext } from "./call";
import type { FrameSender } from "./call-options";
import { browserWebRtc, type CallOptions } from "./call-options";
import type { Emitter } from "./emitter";
import type { Http } from "./http";

export { Call, type CallEventMap } from "./call";
export type { CallOptions, WebRtcImplementation } from "./call-options";

const isActive = (state: TCallState) => (ACTIVE_CALL_STATES as readonly string[]).includes(state);
/** Own calls' records kept while `start` waits for its answer. */
const OWN_HEARD_CAP = 8;

/** Options of {@link CallsApi.start}. */
export interface StartCallOptions {
  /** A video call (camera and microphone); a voice call otherwise. */
  video?: boolean;
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
    realtime: FrameSender,
    private readonly emitter: Emitter,
    myUserId: () => string | null,
    options: CallOptions = {},
    /** The last call of this device ended: nothing needs the link for calls any more. */
    idle: () => void = () => {},
  ) {
    this.#context = {
      http,
      realtime,
      options,
      myUserId,
      webrtc: () => options.webrtc ?? browserWebRtc(),
      forget: (call) => {
        if (this.#calls.get(call.id) === call) this.#calls.delete(call.id);
        if (this.#calls.size === 0) idle();
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
