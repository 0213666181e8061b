import {
  type TChatEvent,
  type TChatUser,
  type TClientFrame,
  type TDeliveredFrame,
  type TEventsResponse,
  type TMessage,
  type TMessageSendFrameInput,
  type TSendMessageRequestInput,
  type TServerFrame,
  WS_FRAME_MAX_BYTES,
} from "@parley/contract/client";
import { type Accepted, PendingAcks } from "./acks";
import type { Emitter } from "./emitter";
import { ParleyConnectionError, ParleyError } from "./errors";
import type {
  ConnectionChange,
  ConnectionState,
  ConnectionWait,
  ParleyEventMap,
  WebSocketConstructor,
  WebSocketLike,
} from "./types";

/** How the SDK retries a dropped link. */
export interface ReconnectOptions {
  /** Delay before the first retry, in ms (default 500). Each further retry doubles it, up to `maxDelayMs`. */
  initialDelayMs?: number;
  /** Upper bound of the delay, in ms (default 30 000). */
  maxDelayMs?: number;
  /** Retries before giving up and going `closed` (default: never give up). */
  maxAttempts?: number;
}

export interface RealtimeConfig {
  url: () => string;
  WebSocket: WebSocketConstructor | undefined;
  token: () => string | null;
  fetchEvents: (after: string) => Promise<TEventsResponse>;
  emitter: Emitter;
  /** `subchannels`: the user's subchannel in each split super group they belong to, by channel id. */
  onReady: (user: TChatUser | null, subchannels: Record<string, number>) => void;
  /** The other party's signalling of one of the user's calls. */
  onCallSignal: (callId: string, data: unknown) => void;
  reconnect: Required<ReconnectOptions> | false;
  /**
   * Whether a first attempt that fails is retried like a dropped link (an app that opens offline and waits for the
   * network) rather than ending in `closed` for the caller to retry.
   */
  retryFirstAttempt: () => boolean;
  pingIntervalMs: number;
  authTimeoutMs: number;
  /** How long a message sent on the link waits for its ack before the send is given up on the link. */
  ackTimeoutMs: number;
}

/** 3140: the cursor is older than the events the server keeps. */
const CURSOR_EXPIRED = "3140";

const OPEN = 1;
/** Ids remembered to drop duplicates; older ones fall under a watermark instead. */
const SEEN_CAP = 2000;
const noop = () => {};

/**
 * Whether `text` fits in one frame the server accepts. Its UTF-8 size is counted only when its length leaves doubt; a
 * UTF-16 unit is at most 3 bytes (a surrogate is counted as 3 too, which errs toward sending by HTTP).
 */
function fitsInFrame(text: string): boolean {
  if (text.length * 3 <= WS_FRAME_MAX_BYTES) return true;
  if (text.length > WS_FRAME_MAX_BYTES) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
  }
  return bytes <= WS_FRAME_MAX_BYTES;
}

interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The WebSocket link: authenticates, delivers events once each and in order, and on a drop reconnects and
 * replays what it missed from `GET /v1/events` before any live event.
 */
export class Realtime {
  #state: ConnectionState = "closed";
  #socket: WebSocketLike | null = null;
  /** Bumped whenever a socket is abandoned, so its late callbacks and fetches are ignored. */
  #generation = 0;
  #wanted = false;
  #attempt = 0;
  #pending: Pending | null = null;
  /** The error frame the server sent on the current socket, which says why it is about to close it. */
  #refusal: ParleyError | null = null;
  #lastEventId: string | null = null;
  #seen = new Set<string>();
  #watermark = -1n;
  /** Live events that arrive before the link is ready or while missed ones are fetched. */
  #buffer: TChatEvent[] = [];
  #syncing = false;
  #alive = true;
  #authTimer: ReturnType<typeof setTimeout> | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #pingTimer: ReturnType<typeof setInterval> | null = null;
  /** What the platform said the link must wait for; while any holds, no socket is opened and no retry is timed. */
  #holds = new Set<ConnectionWait>();
  /** Messages sent and delivered marks told on the link, waiting for their acks. */
  #acks = new PendingAcks();

  constructor(private readonly config: RealtimeConfig) {}

  get state(): ConnectionState {
    return this.#state;
  }

  get lastEventId(): string | null {
    return this.#lastEventId;
  }

  /** Sets the cursor of the next catch-up; null forgets it (another user signed in). */
  resetCursor(lastEventId: string | null): void {
    this.#lastEventId = lastEventId;
    this.#seen.clear();
    this.#watermark = -1n;
  }

  connect(): Promise<void> {
    if (this.#state === "open") return Promise.resolve();
    if (this.#pending) return this.#pending.promise;
    let resolve = noop;
    let reject: (error: Error) => void = noop;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.#pending = { promise, resolve, reject };
    if (this.#state === "closed") {
      this.#wanted = true;
      this.#attempt = 0;
      const waitingFor = this.waitingFor;
      this.#setState(
        waitingFor ? { state: "connecting", attempt: 0, waitingFor } : { state: "connecting", attempt: 0 },
      );
      this.#open();
    }
    return promise;
  }

  /**
   * The link waits for `reason` (the network, or the app's return to the foreground): a socket is closed at once (a
   * socket can stay "open" for many seconds after the network went) and no attempt is made or timed until
   * {@link release}. A link that was not wanted stays closed; a `connect()` meanwhile waits too.
   */
  hold(reason: ConnectionWait): void {
    if (this.#holds.has(reason)) return;
    this.#holds.add(reason);
    if (!this.#wanted) return;
    // Nothing to say goodbye to when the network is gone; leaving for the background, the server hears it at once.
    this.#teardown(reason === "foreground");
    this.#attempt = 0;
    this.#setState(this.#waiting());
  }

  /** What `reason` held back is over: with nothing else holding, a wanted link opens at once. */
  release(reason: ConnectionWait): void {
    if (!this.#holds.delete(reason) || !this.#wanted) return;
    if (this.#holds.size > 0) {
      this.#setState(this.#waiting());
      return;
    }
    this.#setState({ state: this.#state === "connecting" ? "connecting" : "reconnecting", attempt: 0, delayMs: 0 });
    this.#open();
  }

  /** What the link waits for now, `network` first: back in the foreground without a network, it still waits. */
  get waitingFor(): ConnectionWait | null {
    if (this.#holds.has("network")) return "network";
    return this.#holds.has("foreground") ? "foreground" : null;
  }

  #waiting(): ConnectionChange {
    // A first connect that never opened stays `connecting`, so its caller still waits for it.
    const state = this.#state === "connecting" ? "connecting" : "reconnecting";
    return { state, attempt: 0, waitingFor: this.waitingFor ?? undefined };
  }

  /** While waiting to retry a dropped link, tries now: the network is said to be back. */
  retryNow(): void {
    if (this.#state !== "reconnecting" || !this.#retryTimer) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    if (this.#wanted) this.#open();
  }

  disconnect(): void {
    this.#wanted = false;
    this.#teardown(true);
    this.#settle(new ParleyConnectionError("disconnected"));
    if (this.#state !== "closed") this.#setState({ state: "closed", attempt: 0 });
  }

  #open(): void {
    if (this.#holds.size > 0) return;
    const generation = ++this.#generation;
    const Socket = this.config.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    const token = this.config.token();
    if (!Socket) {
      this.#giveUp(new TypeError("No WebSocket available: pass the WebSocket option (e.g. from the ws package)"));
      return;
    }
    if (!token) {
      this.#giveUp(new TypeError("Log in before connecting"));
      return;
    }
    let socket: WebSocketLike;
    try {
      socket = new Socket(this.config.url());
    } catch (cause) {
      this.#lost(generation, new ParleyConnectionError("could not open the WebSocket", { cause }));
      return;
    }
    this.#socket = socket;
    this.#syncing = true;
    this.#buffer = [];
    this.#refusal = null;
    const current = () => generation === this.#generation;

    this.#authTimer = setTimeout(
      () => this.#lost(generation, new ParleyConnectionError("the server did not confirm the connection")),
      this.config.authTimeoutMs,
    );
    socket.onopen = () => {
      if (current()) this.#send({ type: "auth", token });
    };
    // The close event follows and carries what matters; ws would throw an error without a listener.
    socket.onerror = noop;
    socket.onclose = (event) => {
      if (current()) {
        this.#lost(generation, this.#refusal ?? new ParleyConnectionError(`the WebSocket closed (${event.code})`));
      }
    };
    socket.onmessage = (message) => {
      if (!current() || typeof message.data !== "string") return;
      this.#alive = true;
      let frame: TServerFrame;
      try {
        frame = JSON.parse(message.data) as TServerFrame;
      } catch {
        return;
      }
      switch (frame.type) {
        case "ready":
          if (this.#authTimer) clearTimeout(this.#authTimer);
          this.#authTimer = null;
          this.config.onReady(frame.user, frame.subchannels ?? {});
          void this.#ready(generation, frame.lastEventId);
          break;
        case "event":
          if (this.#syncing) this.#buffer.push(frame.event);
          else this.#deliver(frame.event);
          break;
        case "transient":
          // Live only: not part of the event cursor, and never buffered behind a catch-up.
          this.config.emitter.emit(frame.event.type, frame.event as ParleyEventMap[typeof frame.event.type]);
          break;
        case "call":
          // Live only, like transient events: a reconnecting client reads its call's state over HTTP.
          this.config.emitter.emit(frame.event.type, frame.event as ParleyEventMap[typeof frame.event.type]);
          break;
        case "call.signal":
          this.config.onCallSignal(frame.callId, frame.data);
          break;
        case "error":
          // An answer to one frame (typing where the user is not a member) leaves the socket open: not a refusal.
          if (frame.frame) break;
          this.#refusal = ParleyError.fromFrame(frame);
          break;
        case "ack":
          this.#acks.settle(frame);
          break;
        case "pong":
          break;
      }
    };
  }

  async #ready(generation: number, serverLastEventId: string): Promise<void> {
    if (this.#lastEventId === null) {
      // First connection: nothing was missed, history is the app's business.
      this.#lastEventId = serverLastEventId;
    } else {
      try {
        await this.#catchUp(generation);
      } catch (error) {
        this.#lost(generation, error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (generation !== this.#generation) return;
      // Everything up to the server's cursor is now either delivered or not ours to see.
      if (BigInt(serverLastEventId) > BigInt(this.#lastEventId)) this.#lastEventId = serverLastEventId;
    }
    const buffered = this.#buffer.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    this.#buffer = [];
    this.#syncing = false;
    for (const event of buffered) this.#deliver(event);
    this.#attempt = 0;
    this.#startPing(generation);
    this.#setState({ state: "open", attempt: 0 });
    this.#settle();
  }

  async #catchUp(generation: number): Promise<void> {
    for (;;) {
      let page: TEventsResponse;
      try {
        page = await this.config.fetchEvents(this.#lastEventId ?? "0");
      } catch (error) {
        if (!(error instanceof ParleyError && error.code === CURSOR_EXPIRED)) throw error;
        if (generation !== this.#generation) return;
        // What happened since is gone from the server: continue from its newest event, and tell the app that what
        // it shows must be loaded again.
        const latest = error.data?.lastEventId ?? null;
        this.resetCursor(latest);
        this.config.emitter.emit("resync.required", { lastEventId: latest });
        if (latest === null) return;
        continue;
      }
      if (generation !== this.#generation) return;
      for (const event of page.events) this.#deliver(event);
      if (!page.hasMore || page.events.length === 0) return;
    }
  }

  #deliver(event: TChatEvent): void {
    const id = BigInt(event.id);
    if (this.#lastEventId === null || id > BigInt(this.#lastEventId)) this.#lastEventId = event.id;
    if (id <= this.#watermark || this.#seen.has(event.id)) return;
    this.#seen.add(event.id);
    if (this.#seen.size > SEEN_CAP) {
      const oldest = this.#seen.values().next().value as string;
      this.#seen.delete(oldest);
      if (BigInt(oldest) > this.#watermark) this.#watermark = BigInt(oldest);
    }
    this.config.emitter.emit(event.type, event as ParleyEventMap[typeof event.type]);
  }

  #startPing(generation: number): void {
    this.#alive = true;
    this.#pingTimer = setInterval(() => {
      // Nothing heard since the last ping: the link is dead even if the socket has not noticed. A server that
      // refused the link stops answering before its close arrives; its reason is the one to report.
      if (!this.#alive) {
        return this.#lost(generation, this.#refusal ?? new ParleyConnectionError("the server stopped answering"));
      }
      this.#alive = false;
      this.#send({ type: "ping" });
    }, this.config.pingIntervalMs);
  }

  /** The socket of `generation` failed: retry with backoff, or give up when retrying cannot help. */
  #lost(generation: number, error: Error): void {
    if (generation !== this.#generation) return;
    this.#teardown(false);
    if (!this.#wanted) return;
    const reconnect = this.config.reconnect;
    // A refused credential stays refused, and a user at their cap of open sockets (008) stays there until they
    // close one: retrying either would only spin. A first attempt that fails is the caller's to retry.
    const refused =
      error instanceof ParleyError && (error.status === 401 || error.status === 403 || error.code === "008");
    const firstAttempt = this.#state === "connecting" && !this.config.retryFirstAttempt();
    if (firstAttempt || refused || !reconnect || this.#attempt >= reconnect.maxAttempts) {
      this.#giveUp(error);
      return;
    }
    this.#attempt += 1;
    const ceiling = Math.min(reconnect.maxDelayMs, reconnect.initialDelayMs * 2 ** (this.#attempt - 1));
    // Jitter spreads the clients a server restart dropped, so they do not all return at once.
    const jittered = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    // Closed for sending too much (005): a sooner attempt would only be refused again.
    const retryAfterMs =
      error instanceof ParleyError && error.code === "005" ? (error.data?.retryAfterSeconds ?? 1) * 1000 : 0;
    const delayMs = Math.max(jittered, retryAfterMs);
    // The caller of a first attempt learns it failed; the link goes on trying.
    if (this.#state === "connecting") this.#settle(error);
    this.#setState({ state: "reconnecting", attempt: this.#attempt, delayMs, error });
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#wanted) this.#open();
    }, delayMs);
  }

  #giveUp(error: Error): void {
    this.#wanted = false;
    this.#teardown(false);
    this.#setState({ state: "closed", attempt: 0, error });
    this.#settle(error);
  }

  #teardown(graceful: boolean): void {
    this.#generation += 1;
    for (const timer of [this.#authTimer, this.#retryTimer]) if (timer) clearTimeout(timer);
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#authTimer = this.#retryTimer = this.#pingTimer = null;
    this.#syncing = false;
    this.#buffer = [];
    // Whether the server stored them is unknown: their senders find out another way (see `sendMessage`).
    this.#acks.failAll(new ParleyConnectionError("the link closed before the send was acknowledged"));
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onopen = noop;
    socket.onmessage = noop;
    socket.onclose = noop;
    socket.onerror = noop;
    try {
      const terminate = (socket as { terminate?: () => void }).terminate;
      // A dead link never completes a closing handshake; ws can drop it at once.
      if (!graceful && terminate) terminate.call(socket);
      else socket.close(1000);
    } catch {
      // Already closed.
    }
  }

  /** Sends a frame on the open link; false when there is none (it is not queued). */
  send(frame: TClientFrame): boolean {
    if (this.#state !== "open") return false;
    this.#send(frame);
    return true;
  }

  /**
   * Sends a message on the open link (`message.send`) and resolves with the stored message once the server's ack
   * says so. Null when the link is not open or the frame would be over the server's limit: the caller sends it by
   * HTTP. A refusal rejects with the {@link ParleyError} the HTTP route would throw; a link that drops before the
   * ack, or an ack that does not come within `ackTimeoutMs`, with {@link ParleyConnectionError}, and then the
   * message may or may not be stored.
   */
  sendMessage(channelId: string, body: TSendMessageRequestInput): Promise<TMessage> | null {
    const requestId = this.#acks.nextId();
    const frame: TMessageSendFrameInput = { type: "message.send", requestId, channelId, body };
    return this.#acked(requestId, frame, (ack) => ("message" in ack ? ack.message : undefined));
  }

  /**
   * Tells the server on the open link (`delivered`) that a channel's messages up to `seq` reached this client, and
   * resolves with the mark its ack carries. Null when the link is not open: the caller tells it by HTTP. Fails as
   * {@link sendMessage} does.
   */
  markDelivered(channelId: string, seq: number): Promise<number> | null {
    const requestId = this.#acks.nextId();
    const frame: TDeliveredFrame = { type: "delivered", requestId, channelId, seq };
    return this.#acked(requestId, frame, (ack) => ("lastDeliveredSeq" in ack ? ack.lastDeliveredSeq : undefined));
  }

  /** Sends a frame that asks for an ack and waits for it; null when the link is not open or the frame too large. */
  #acked<T>(
    requestId: string,
    frame: TMessageSendFrameInput | TDeliveredFrame,
    answerOf: (ack: Accepted) => T | undefined,
  ): Promise<T> | null {
    const socket = this.#socket;
    if (this.#state !== "open" || !socket || socket.readyState !== OPEN) return null;
    const text = JSON.stringify(frame);
    if (!fitsInFrame(text)) return null;
    const acked = this.#acks.wait(requestId, this.config.ackTimeoutMs, answerOf);
    socket.send(text);
    return acked;
  }

  #send(frame: TClientFrame): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(JSON.stringify(frame));
  }

  #setState(change: ConnectionChange): void {
    this.#state = change.state;
    this.config.emitter.emit("connection", change);
  }

  #settle(error?: Error): void {
    const pending = this.#pending;
    this.#pending = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve();
  }
}
