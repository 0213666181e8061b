import "@fastify/websocket";
import type { Duplex } from "node:stream";
import {
  type ErrorData,
  Errors,
  type TAckFrame,
  type TClientFrame,
  type TDeliveredFrame,
  type TMessageSendFrame,
  type TServerFrame,
  WS_CLOSE_CODES,
} from "@parley/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { Bus } from "../chat/bus";
import type { Presence } from "../chat/presence";
import { systemClock } from "../clock";
import type { Config } from "../config";
import { AppError } from "../errors";
import { addressKey, type RequestCounter } from "../http/rate-limit";
import type { AppService } from "../modules/apps";
import type { AuthService } from "../modules/auth";
import type { CallService } from "../modules/calls";
import type { ChannelService } from "../modules/channels";
import type { ChatUserService } from "../modules/chat-users";
import { createSendLines, eventRetentionSeconds, type MessageService } from "../modules/messages";
import { permissionDenied } from "../modules/permissions";
import { type Connection, ConnectionIndex } from "./connections";
import { createFanout } from "./fanout";
import { budgetKey, FrameTally } from "./frame-budget";
import { createHeartbeat } from "./heartbeat";
import { MembershipChanges } from "./membership-changes";
import { createMessageSend, deliveredAnswer, errorFrame, refusalAck, refusedFrame } from "./message-send";
import { ackIdOf, parseFrame, rateLimitedAck, rateLimitedFrame, requestIdIn } from "./read-frame";
import { createReadGate } from "./read-gate";
import { AUTH_TIMEOUT_MS, createSignIn, FLOODED, REFUSALS, type SigningInSocket } from "./sign-in";
import { textFrame } from "./text-frame";
import { createTransientHub } from "./transient";
import { createWriteWindow } from "./write-window";

/**
 * How long a socket closed for flooding has to complete the closing handshake before it is cut: a flooding client
 * may never answer the close, and ws would otherwise hold the socket, and parse what it still sends, for 30 s.
 */
const FLOOD_CLOSE_GRACE_MS = 1000;

export interface GatewayDeps {
  bus: Bus;
  presence: Presence;
  auth: AuthService;
  apps: AppService;
  chatUsers: ChatUserService;
  channels: ChannelService;
  messages: MessageService;
  /** Relays the `call.signal` frames of end users to the other party of their call. */
  calls: Pick<CallService, "relaySignal">;
  /** How long frames may gather before they are written; see `createWriteWindow`. */
  writeWindowMs: number;
  /** How often every socket is pinged; one that did not answer the previous ping is cut. */
  heartbeatMs: number;
  /** The request budget of HTTP, which frames draw from too. */
  counter: RequestCounter;
  /** Sockets one chat user may hold open on this process; the next is refused. */
  maxConnectionsPerChatUser: number;
  /** Sockets one dashboard session may hold open on this process; the next is refused. */
  maxConnectionsPerDashboardSession: number;
  /** How long events are kept for catch-up, which the `ready` frame says. */
  eventRetentionSeconds: number;
}

/** The gateway's limits, and the event retention its `ready` frame tells, as the operator configured them. */
export function gatewayLimits(config: Config) {
  return {
    writeWindowMs: config.wsWriteWindowMs,
    heartbeatMs: config.wsHeartbeatMs,
    maxConnectionsPerChatUser: config.wsMaxConnectionsPerChatUser,
    maxConnectionsPerDashboardSession: config.wsMaxConnectionsPerDashboardSession,
    eventRetentionSeconds: eventRetentionSeconds(config),
  };
}

/** Where a socket keeps its session, for the listeners all sockets share. */
const SESSION = Symbol("session");
type SessionSocket = WebSocket & { [SESSION]: { onPong(): void; onClose(): void; onMessage(raw: Buffer): void } };

/**
 * The WebSocket at `/v1/ws`. The first frame authenticates with a chat session token, or with a dashboard
 * session and an app id (the dashboard's live chat view). Events from the bus reach every connection whose
 * user belongs to the event's channel, on whichever process the event was produced.
 */
export function registerGateway(app: FastifyInstance, path: string, deps: GatewayDeps) {
  const connections = new ConnectionIndex();
  const changes = new MembershipChanges();
  const transients = createTransientHub({
    bus: deps.bus,
    presence: deps.presence,
    chatUsers: deps.chatUsers,
    clock: systemClock,
    log: app.log,
  });
  const drop = (conn: Connection) => {
    const last = connections.remove(conn);
    if (conn.chatUserId) deps.presence.disconnected(conn.appId, conn.chatUserId);
    void transients.dropped(conn, last);
  };
  const window = createWriteWindow(deps.writeWindowMs);
  /** `frame` as an object, or as a whole text frame from `textFrame` to go on the wire as it is. */
  const send = (conn: Connection, frame: TServerFrame | Buffer) => {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    window.hold(conn.transport);
    // The stream is the one ws writes its own frames to, so they stay in order with these. No extension is ever
    // negotiated (the server offers none), which is what lets a frame made once go to every connection.
    if (Buffer.isBuffer(frame)) conn.transport.write(frame);
    else conn.socket.send(JSON.stringify(frame));
  };
  /** A whole text frame written at once, after anything held for the connection: see `release`. */
  const sendNow = (conn: Connection, framed: Buffer) => {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    window.release(conn.transport);
    conn.transport.write(framed);
  };
  /**
   * The answer to a sign-in leaves at once rather than with the next write window: a client waits on it before
   * anything else, and a burst of reconnecting clients (after a deploy, a network blip) would otherwise each wait
   * up to a window more. Whatever the window holds for the connection already leaves before it.
   */
  const sendReady = (conn: Connection, frame: Extract<TServerFrame, { type: "ready" }>) =>
    sendNow(conn, textFrame(Buffer.from(JSON.stringify(frame))));
  const gate = createReadGate({ channels: deps.channels, chatUsers: deps.chatUsers, clock: systemClock });
  const fanout = createFanout({
    connections,
    changes,
    transients,
    send,
    sendNow,
    channels: deps.channels,
    messages: deps.messages,
    gate,
    log: app.log,
  });
  const unsubscribe = deps.bus.subscribe(fanout.deliver);
  const userFrames = createMessageSend({
    apps: deps.apps,
    chatUsers: deps.chatUsers,
    messages: deps.messages,
    channels: deps.channels,
    log: app.log,
  });
  const signIn = createSignIn({
    ...deps,
    connections,
    changes,
    transients,
    lastEventIdOf: (appId) => fanout.lastEventIdOf(appId),
    sendReady,
    drop,
  });

  // A socket that has not answered the ping of the round before is gone. The ping waits in the write window with
  // the socket's frames, and leaves in the same write as they do.
  const heartbeat = createHeartbeat(connections.all, deps.heartbeatMs, (conn) => {
    if (!conn.alive) {
      conn.socket.terminate();
      return;
    }
    conn.alive = false;
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    window.hold(conn.transport);
    conn.socket.ping();
  });

  app.addHook("onClose", async () => {
    heartbeat.stop();
    unsubscribe();
    transients.close();
    window.flush();
  });

  /**
   * One socket, from its upgrade to its close. A class rather than a handler's closures: its methods are shared
   * by every socket, where closures (and the name each is given when the server runs from TypeScript source)
   * would cost a few hundred bytes apiece on each of ten thousand sockets.
   */
  class SocketSession implements SigningInSocket {
    conn: Connection | null = null;
    /**
     * The connection while it signs in: already counted, and pinged by the heartbeat, before `conn` is set. Its
     * pongs must count, or a sign-in slowed past a heartbeat would have a live socket cut at the next one.
     */
    pending: Connection | null = null;
    /**
     * Set by the first auth frame, before its lookups: a socket authenticates once, and any later auth frame is
     * ignored, so one socket never becomes two connections (one of them never dropped).
     */
    hasAuthFrame = false;
    /** Set once the server closes the socket: what the client sends after that is not read. */
    isClosing = false;
    /**
     * The chat session the socket signed in with, which each `message.send` is sent as, read through the session
     * cache as a request's bearer token is; null before sign-in and for a dashboard view, which only watches.
     */
    sessionToken: string | null = null;
    /** The last typing frame's judgement, which the next one's effect waits for; null once every one took effect. */
    typingTurn: Promise<boolean> | null = null;
    /** The socket's sends by channel, whose messages are stored in the order they came (decision 0331). */
    readonly sends = createSendLines();
    /** Dropped once it has done its work, so open sockets do not each keep a spent timer. */
    timer: ReturnType<typeof setTimeout> | null;
    readonly tally = new FrameTally(deps.counter.perSecond);

    constructor(
      readonly socket: WebSocket,
      readonly transport: Duplex,
      /** The rate-limit key of the client's address, which frames count against until the socket signs in. */
      readonly address: string,
    ) {
      this.timer = setTimeout(
        () => this.fail(Errors.CHAT_AUTH_REQUIRED, "authenticate within 10 seconds"),
        AUTH_TIMEOUT_MS,
      );
      // The plugin's own error listener holds the upgrade's request and reply for as long as the socket is open;
      // this one holds neither. ws closes the socket after the error.
      socket.removeAllListeners("error");
      socket.on("error", onSocketError);
      // Listeners shared by every socket, which find its session on it: one closure each would cost every socket
      // three functions and their context.
      (socket as SessionSocket)[SESSION] = this;
      socket.on("pong", onPong);
      socket.on("close", onClose);
      socket.on("message", onSocketMessage);
    }

    onPong() {
      const conn = this.conn ?? this.pending;
      if (conn) conn.alive = true;
    }

    onClose() {
      this.stopTimer();
      if (this.conn) drop(this.conn);
    }

    stopTimer() {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    }

    fail(code: string, message: string, closeCode: number = WS_CLOSE_CODES.refused, data?: ErrorData) {
      if (this.isClosing) return;
      this.isClosing = true;
      this.socket.send(
        JSON.stringify({ type: "error", code, message, ...(data ? { data } : {}) } satisfies TServerFrame),
      );
      this.socket.close(closeCode, message);
    }

    /**
     * Refuses a socket over the rate limit; its client's answer to the close ends it, or the grace period does. The
     * frame `raw` that tipped it over, when it asked for an ack, is answered with 005 first: its sender waits on it.
     */
    refuseFlood(retryAfterSeconds: number, raw?: Buffer) {
      const requestId = raw && !this.isClosing ? requestIdIn(raw) : null;
      if (requestId !== null) this.socket.send(JSON.stringify(rateLimitedAck(requestId, retryAfterSeconds)));
      this.fail(Errors.RATE_LIMITED, "too many frames", WS_CLOSE_CODES.rateLimited, { retryAfterSeconds });
      setTimeout(() => this.socket.terminate(), FLOOD_CLOSE_GRACE_MS);
    }

    /**
     * Counted before it is even parsed, and synchronously: the frames a flood still delivers once the socket is
     * refused cost a comparison each.
     */
    onMessage(raw: Buffer) {
      if (this.isClosing) return;
      const key = this.conn ? budgetKey(this.conn) : this.address;
      if (!this.tally.count(key)) return this.refuseFlood(1, raw);
      void this.receive(raw, key);
    }

    /** Counts a sign-in in the shared budget of `key`; false once it has refused the socket for it. */
    async admit(key: string): Promise<boolean> {
      const verdict = await deps.counter.countRequest(key);
      if (this.isClosing) return false;
      if (!verdict.isAdmitted) this.refuseFlood(verdict.retryAfterSeconds);
      return verdict.isAdmitted;
    }

    async receive(raw: Buffer, key: string) {
      const frame = parseFrame(raw);
      // The authentication frame counts against whom it authenticates as, once that is known, the way an HTTP
      // request does; every other frame against the socket's key now. Users behind one address (an office, a
      // carrier's NAT) then share only their upgrades, not their sign-ins.
      const isAuthFrame = !this.conn && !this.hasAuthFrame && typeof frame !== "string" && frame.type === "auth";
      if (!isAuthFrame) {
        // Refused in the frame's own continuation, after those of the frames admitted before it have answered.
        const verdict = await deps.counter.countRequest(key);
        if (this.isClosing) return;
        if (!verdict.isAdmitted) {
          // Refused as its HTTP request would be, and the socket stays open as a refused request's connection does:
          // the budget is the user's, which their requests spend too, and a burst of them must not cut the live
          // events. A frame that asked for an ack is answered in it, any other by an error frame naming it. A
          // socket that floods on regardless is closed by its own tally, as is one not yet signed in.
          const ackId = typeof frame === "string" ? null : ackIdOf(frame);
          if (ackId !== null) return this.answer(rateLimitedAck(ackId, verdict.retryAfterSeconds));
          if (typeof frame === "string" || frame.type === "refused" || !this.conn) {
            return this.refuseFlood(verdict.retryAfterSeconds);
          }
          return send(this.conn, rateLimitedFrame(frame.type, verdict.retryAfterSeconds));
        }
      }
      if (typeof frame === "string") return this.fail(Errors.INVALID_REQUEST, frame);
      if (frame.type === "refused") return this.answer(frame.ack);
      if (frame.type === "message.send") return this.sendMessage(frame);
      if (frame.type === "delivered") return this.markDelivered(frame);
      if (frame.type === "ping") {
        this.socket.send(JSON.stringify({ type: "pong" } satisfies TServerFrame));
        return;
      }
      if (frame.type === "subscribe") return this.subscribe(frame);
      if (frame.type === "typing" || frame.type === "presence.subscribe") return this.transient(frame);
      if (frame.type === "call.signal") return this.signal(frame, raw.length);
      if (this.hasAuthFrame) return;
      this.hasAuthFrame = true;
      const result = await signIn(this, frame.token, frame.appId).catch(() => Errors.CHAT_AUTH_REQUIRED);
      this.pending = null;
      if (result === FLOODED) return;
      if (typeof result === "string") {
        // A refused credential counts against the address, which answers 005 instead past its budget: guessing
        // tokens is not free.
        if (result === Errors.CHAT_AUTH_REQUIRED && !(await this.admit(key))) return;
        return this.fail(result, REFUSALS[result].message, REFUSALS[result].closeCode);
      }
      this.conn = result;
      if (result.chatUserId !== null) this.sessionToken = frame.token;
      this.stopTimer();
      // Closed while authenticating: its close event has passed, so it would never be dropped otherwise.
      if (this.socket.readyState === this.socket.CLOSED) drop(result);
    }

    /** An ack, with the write window's other frames once the socket is signed in. */
    answer(ack: TAckFrame) {
      if (this.conn) send(this.conn, ack);
      else if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(ack));
    }

    /** A message sent over the socket, through the send route's own function; the ack says how it went. */
    async sendMessage(frame: TMessageSendFrame) {
      const current = this.conn;
      if (!current) return this.answer(refusalAck(frame.requestId, new AppError(Errors.CHAT_AUTH_REQUIRED)));
      if (this.sessionToken === null) {
        const refusal = new AppError(Errors.ACCOUNT_KIND_FORBIDDEN, undefined, "only end users send messages");
        return this.answer(refusalAck(frame.requestId, refusal));
      }
      const turn = this.sends.turn(frame.channelId);
      try {
        send(current, await userFrames.send(this.sessionToken, frame, turn));
      } finally {
        turn.pass();
      }
    }

    /**
     * A delivered mark, through the delivered route's own function: acked with the mark when the frame asked, and
     * a refusal answered either way, as an error frame when there is no ack to carry it.
     */
    async markDelivered(frame: TDeliveredFrame) {
      const current = this.conn;
      const result =
        current && this.sessionToken !== null
          ? await userFrames.delivered(this.sessionToken, frame)
          : new AppError(Errors.ACCOUNT_KIND_FORBIDDEN, undefined, "only end users mark messages delivered");
      const answer = deliveredAnswer(frame, result);
      if (answer?.type === "ack") this.answer(answer);
      else if (answer && current) send(current, answer);
    }

    async transient(frame: Extract<TClientFrame, { type: "typing" | "presence.subscribe" }>) {
      const current = this.conn;
      if (!current) return this.fail(Errors.ACCOUNT_KIND_FORBIDDEN, "authenticate first");
      if (frame.type === "typing") {
        // Typing announces a message to come: judged as its send would be (decision 0299). A stop goes through too,
        // and each frame takes effect in the order it came: a judgement that reads afresh can outlast the next one's,
        // and a stop applied after the start that followed it would end typing that goes on.
        const judged = current.userId !== null && current.channels.has(frame.channelId);
        const judging = judged
          ? gate.may(current, frame.channelId, "send").catch((err: unknown) => {
              app.log.error({ err }, "could not judge a typing frame");
              return false;
            })
          : true;
        const turn = (this.typingTurn ?? Promise.resolve()).then(() => judging);
        this.typingTurn = turn;
        const granted = await turn;
        if (this.typingTurn === turn) this.typingTurn = null;
        if (frame.state === "start" && !granted) {
          send(current, refusedFrame(permissionDenied("send"), "typing"));
          return;
        }
        const answer = transients.typing(current, frame);
        if (answer) send(current, answer);
        return;
      }
      try {
        for (const event of await transients.watch(current, frame.userIds)) send(current, { type: "transient", event });
      } catch (err) {
        app.log.error({ err }, "could not read presence");
        send(current, errorFrame(Errors.UNEXPECTED, "presence is unavailable", "presence.subscribe"));
      }
    }

    async signal(frame: Extract<TClientFrame, { type: "call.signal" }>, frameBytes: number) {
      const current = this.conn;
      if (!current) return this.fail(Errors.ACCOUNT_KIND_FORBIDDEN, "authenticate first");
      if (current.userId === null || current.chatUserId === null) {
        send(current, errorFrame(Errors.ACCOUNT_KIND_FORBIDDEN, "only end users call", "call.signal"));
        return;
      }
      try {
        const refused = await deps.calls.relaySignal(
          { appId: current.appId, userId: current.userId, chatUserId: current.chatUserId },
          frame,
          frameBytes,
        );
        if (refused) send(current, refused);
      } catch (err) {
        app.log.error({ err }, "could not relay a call signal");
        send(current, errorFrame(Errors.UNEXPECTED, "the signal was not relayed", "call.signal"));
      }
    }

    async subscribe(frame: Extract<TClientFrame, { type: "subscribe" }>) {
      const current = this.conn;
      if (!current || current.userId !== null)
        return this.fail(Errors.ACCOUNT_KIND_FORBIDDEN, "only dashboard views subscribe");
      try {
        await deps.channels.requireChannel({ id: current.appId }, frame.channelId);
        connections.join(current, frame.channelId, frame.subchannel ?? null);
        // Queued behind nothing of this channel's and ahead of all its later events: the view reads history
        // once this arrives, and whatever was sent meanwhile comes as events it merges by seq.
        send(current, {
          type: "subscribed",
          channelId: frame.channelId,
          ...(frame.subchannel ? { subchannel: frame.subchannel } : {}),
        });
      } catch {
        send(current, errorFrame(Errors.CHANNEL_NOT_FOUND, "no such channel", "subscribe"));
      }
    }
  }

  app.route({
    method: "GET",
    url: path,
    schema: { hide: true },
    preHandler: releaseResponse,
    // A plain request (a browser tab, a health probe, a client that lost its Upgrade header at a proxy) gets its
    // answer at once: 426 names the protocol to switch to, where the route's default would leave it unanswered.
    handler: async (_request, reply) => {
      void reply.header("upgrade", "websocket");
      throw new AppError(Errors.WEBSOCKET_UPGRADE_REQUIRED);
    },
    wsHandler: (socket: WebSocket, request) => {
      new SocketSession(socket, request.raw.socket, addressKey(request));
    },
  });

  /**
   * An upgrade's HTTP response is never finished, so the socket would keep it, with its request, reply and
   * logger, for as long as it is open: a few kilobytes on every socket of a ten-thousand-member channel, for
   * nothing once ws owns the socket. Detached here, before the upgrade, they go with the upgrade's request. The
   * cost: the upgrade's own `onResponse` hooks (its log line and metrics) do not run; the gateway's sockets are
   * counted by the gauge of open connections instead.
   */
  function releaseResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    // Only an upgrade: a plain request's answer is written through the response, which needs its socket.
    if (request.ws) reply.raw.detachSocket(request.raw.socket);
    done();
  }

  function onPong(this: WebSocket) {
    (this as SessionSocket)[SESSION].onPong();
  }

  function onClose(this: WebSocket) {
    (this as SessionSocket)[SESSION].onClose();
  }

  function onSocketMessage(this: WebSocket, raw: Buffer) {
    (this as SessionSocket)[SESSION].onMessage(raw);
  }

  function onSocketError(this: WebSocket, err: Error) {
    app.log.warn({ err }, "websocket error");
    this.terminate();
  }

  return {
    connectionCount: () => connections.all.size,
  };
}
