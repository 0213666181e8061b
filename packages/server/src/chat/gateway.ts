import "@fastify/websocket";
import type { Duplex } from "node:stream";
import { type ErrorData, type TClientFrame, type TServerFrame, WS_CLOSE_CODES, zClientFrame } from "@parley/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { Config } from "../config";
import { addressKey, type RequestCounter } from "../http/rate-limit";
import type { AppService } from "../modules/apps";
import type { AuthService } from "../modules/auth";
import type { ChannelService } from "../modules/channels";
import { type ChatUserService, toChatUser } from "../modules/chat-users";
import type { MessageService } from "../modules/messages";
import type { Bus, BusMessage, ChatEventMessage, EndedSessions } from "./bus";
import type { Presence } from "./presence";
import { textFrame } from "./text-frame";
import { createWriteWindow } from "./write-window";

const AUTH_TIMEOUT_MS = 10_000;
/**
 * How long a socket closed for flooding has to complete the closing handshake before it is cut: a flooding client
 * may never answer the close, and ws would otherwise hold the socket, and parse what it still sends, for 30 s.
 */
const FLOOD_CLOSE_GRACE_MS = 1000;

interface Connection {
  socket: WebSocket;
  /** The TCP stream under the socket, held while a write window's frames for it gather. */
  transport: Duplex;
  appId: string;
  /** The end user's id, or null for a dashboard observer, who sees only the channels it subscribes to. */
  userId: string | null;
  /** The end user's `chat_users` id, what presence is kept by; null for a dashboard observer. */
  chatUserId: string | null;
  /** The session the socket was opened with (a chat session, or the observer's dashboard session). */
  sessionId: string;
  /** The observer's dashboard account; null for an end user. */
  accountId: string | null;
  /**
   * The channels it hears, each with a subchannel: for an end user their own in a split super group, for an
   * observer the one it watches; null for the whole channel.
   */
  channels: Map<string, number | null>;
  alive: boolean;
}

export interface GatewayDeps {
  bus: Bus;
  presence: Presence;
  auth: AuthService;
  apps: AppService;
  chatUsers: ChatUserService;
  channels: ChannelService;
  messages: MessageService;
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
}

/** The gateway's limits, as the operator configured them. */
export function gatewayLimits(config: Config) {
  return {
    writeWindowMs: config.wsWriteWindowMs,
    heartbeatMs: config.wsHeartbeatMs,
    maxConnectionsPerChatUser: config.wsMaxConnectionsPerChatUser,
    maxConnectionsPerDashboardSession: config.wsMaxConnectionsPerDashboardSession,
  };
}

/** Why a socket is refused at authentication: a catalogue code and the close code that goes with it. */
type Refusal = "3028" | "3003" | "4000" | "008";
/** A sign-in over its caller's budget: the socket is already refused with 005. */
const FLOODED = "flooded";

const REFUSALS: Record<Refusal, { message: string; closeCode: number }> = {
  "3028": { message: "invalid token", closeCode: WS_CLOSE_CODES.refused },
  "3003": { message: "no access to this app", closeCode: WS_CLOSE_CODES.refused },
  "4000": { message: "no active plan", closeCode: WS_CLOSE_CODES.refused },
  "008": { message: "too many connections", closeCode: WS_CLOSE_CODES.tooManyConnections },
};

/** A client frame, or why it is not one. */
function parseFrame(raw: Buffer): TClientFrame | string {
  let data: unknown;
  try {
    data = JSON.parse(raw.toString("utf8"));
  } catch {
    return "frames are JSON";
  }
  const parsed = zClientFrame.safeParse(data);
  return parsed.success ? parsed.data : "unknown frame";
}

/**
 * A socket's own frames in the current second, for one key. Every frame also counts in the shared budget of
 * whoever the socket speaks for, but once the socket's frames alone exceed the budget the shared count (which holds
 * them all) must too: a flood is refused there and then, in the frame's own event, without a round trip to Redis
 * for each of its frames and with nothing left pending for the rest of the burst; and it is refused still while
 * Redis is away and the shared count lets everything pass.
 */
class FrameTally {
  #key = "";
  #count = 0;
  #startedAt = 0;

  constructor(readonly perSecond: number) {}

  /** Counts a frame spent by `spentBy`; whether it is within the budget. */
  count(spentBy: string): boolean {
    const now = Date.now();
    if (spentBy !== this.#key || now - this.#startedAt >= 1000) {
      this.#key = spentBy;
      this.#count = 0;
      this.#startedAt = now;
    }
    this.#count += 1;
    return this.perSecond <= 0 || this.#count <= this.perSecond;
  }
}

/**
 * The WebSocket at `/v1/ws`. The first frame authenticates with a chat session token, or with a dashboard
 * session and an app id (the dashboard's live chat view). Events from the bus reach every connection whose
 * user belongs to the event's channel, on whichever process the event was produced.
 */
export function registerGateway(app: FastifyInstance, path: string, deps: GatewayDeps) {
  /** Every connection that hears a channel, whatever its subchannel. */
  const byChannel = new Map<string, Set<Connection>>();
  /** The connections of one subchannel (`subKey`): its members, and observers watching it. */
  const bySubchannel = new Map<string, Set<Connection>>();
  /** Observers watching a whole channel: they hear every subchannel's messages. */
  const watchingAll = new Map<string, Set<Connection>>();
  const byUser = new Map<string, Set<Connection>>();
  /** Dashboard observers' connections by the session they were opened with, for the cap. */
  const bySession = new Map<string, Set<Connection>>();
  /** Every authenticated connection of this process, end users' and observers'. */
  const all = new Set<Connection>();
  const userKey = (appId: string, userId: string) => `${appId}\u0000${userId}`;

  const subKey = (channelId: string, subchannel: number) => `${channelId}\u0000${subchannel}`;
  const addTo = (index: Map<string, Set<Connection>>, key: string, conn: Connection) => {
    const set = index.get(key) ?? new Set<Connection>();
    index.set(key, set);
    set.add(conn);
  };
  const removeFrom = (index: Map<string, Set<Connection>>, key: string, conn: Connection) => {
    const set = index.get(key);
    set?.delete(conn);
    if (set?.size === 0) index.delete(key);
  };

  const join = (conn: Connection, channelId: string, subchannel: number | null) => {
    if (conn.channels.has(channelId)) part(conn, channelId);
    conn.channels.set(channelId, subchannel);
    addTo(byChannel, channelId, conn);
    if (subchannel !== null) addTo(bySubchannel, subKey(channelId, subchannel), conn);
    else if (conn.userId === null) addTo(watchingAll, channelId, conn);
  };
  const part = (conn: Connection, channelId: string) => {
    const subchannel = conn.channels.get(channelId);
    conn.channels.delete(channelId);
    removeFrom(byChannel, channelId, conn);
    if (subchannel !== null && subchannel !== undefined) removeFrom(bySubchannel, subKey(channelId, subchannel), conn);
    removeFrom(watchingAll, channelId, conn);
  };
  /** Moves this process's end users of a channel to where the database now places them. */
  async function replace(channelId: string) {
    const members = [...(byChannel.get(channelId) ?? [])].filter((conn) => conn.chatUserId !== null);
    const placements = await deps.channels.placementsIn(
      channelId,
      members.map((conn) => conn.chatUserId as string),
    );
    for (const conn of members) {
      // Left the channel meanwhile: its own event parted it.
      if (!conn.channels.has(channelId) || !placements.has(conn.chatUserId as string)) continue;
      join(conn, channelId, placements.get(conn.chatUserId as string) ?? null);
    }
  }
  const drop = (conn: Connection) => {
    for (const channelId of [...conn.channels.keys()]) part(conn, channelId);
    all.delete(conn);
    if (conn.userId) {
      const key = userKey(conn.appId, conn.userId);
      byUser.get(key)?.delete(conn);
      if (byUser.get(key)?.size === 0) byUser.delete(key);
    } else {
      bySession.get(conn.sessionId)?.delete(conn);
      if (bySession.get(conn.sessionId)?.size === 0) bySession.delete(conn.sessionId);
    }
    if (conn.chatUserId) deps.presence.disconnected(conn.appId, conn.chatUserId);
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

  /** Whether a connection was opened with one of the sessions that ended. */
  const openedWith = (conn: Connection, ended: EndedSessions): boolean => {
    switch (ended.kind) {
      case "dashboard":
        return conn.accountId !== null && ended.sessionIds.includes(conn.sessionId);
      case "dashboard-account":
        return conn.accountId === ended.accountId && conn.sessionId !== ended.exceptSessionId;
      case "chat":
        return conn.accountId === null && ended.sessionIds.includes(conn.sessionId);
      case "chat-user":
        return conn.chatUserId === ended.chatUserId;
    }
  };

  /** A socket outlives no logout: what its session no longer admits, it must not go on hearing. */
  function closeEnded(ended: EndedSessions) {
    // A copy: closing one changes the set.
    for (const conn of [...all]) {
      if (!openedWith(conn, ended)) continue;
      send(conn, { type: "error", code: "3028", message: "the session ended" });
      // Its close event drops it from the maps; until then it is no longer open, so nothing more is sent to it.
      conn.socket.close(4001, "the session ended");
    }
  }

  function deliver(message: BusMessage) {
    if ("sessionsEnded" in message) return closeEnded(message.sessionsEnded);
    deliverEvent(message);
  }

  /**
   * The newest event id of each app this process has heard of. Every process hears every app's events on the bus,
   * so after one read per app the `ready` frame's cursor comes from here, not from a query per socket: ten
   * thousand sockets signing in at once would otherwise each ask the database for it.
   */
  const latestEventIds = new Map<string, bigint>();
  const heard = (appId: string, id: bigint) => {
    const known = latestEventIds.get(appId);
    if (known === undefined || id > known) latestEventIds.set(appId, id);
  };
  async function lastEventIdOf(appId: string): Promise<string> {
    const known = latestEventIds.get(appId);
    if (known !== undefined) return known.toString();
    heard(appId, BigInt(await deps.messages.lastEventId(appId)));
    return String(latestEventIds.get(appId));
  }

  function deliverEvent({ appId, event }: ChatEventMessage) {
    heard(appId, BigInt(event.id));
    const subject = event.userId ? byUser.get(userKey(appId, event.userId)) : undefined;
    if (event.type === "member.joined" && subject) {
      for (const conn of subject) join(conn, event.channelId, event.subchannel ?? null);
    }
    if (event.type === "subchannels.changed") {
      const merge = event.merge;
      // A merge says where everyone went; any other re-placement is read back from the database.
      if (merge) {
        for (const conn of [...(bySubchannel.get(subKey(event.channelId, merge.from)) ?? [])]) {
          if (conn.chatUserId !== null) join(conn, event.channelId, merge.into);
        }
      } else {
        void replace(event.channelId).catch((err: unknown) =>
          app.log.error({ err, channelId: event.channelId }, "could not re-read subchannel placements"),
        );
      }
    }
    // Encoded and framed once: a channel of a thousand members must not pay a thousand of either per event.
    const frame = textFrame(Buffer.from(JSON.stringify({ type: "event", event } satisfies TServerFrame)));
    const subchannel = event.message?.subchannel;
    if (typeof subchannel === "number") {
      // A member's message in a split super group: their subchannel, and the observers watching every subchannel.
      for (const conn of bySubchannel.get(subKey(event.channelId, subchannel)) ?? [])
        if (conn.appId === appId) send(conn, frame);
      for (const conn of watchingAll.get(event.channelId) ?? []) if (conn.appId === appId) send(conn, frame);
      return;
    }
    const members = byChannel.get(event.channelId);
    // A user removed from a channel still hears that it happened.
    const targets = subject ? new Set([...(members ?? []), ...subject]) : (members ?? new Set<Connection>());
    for (const conn of targets) if (conn.appId === appId) send(conn, frame);
    if ((event.type === "member.left" || event.type === "member.banned") && subject) {
      for (const conn of subject) part(conn, event.channelId);
    }
    if (event.type === "channel.deleted") for (const conn of [...targets]) part(conn, event.channelId);
  }
  const unsubscribe = deps.bus.subscribe(deliver);

  const heartbeat = setInterval(() => {
    for (const conn of [...all]) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, deps.heartbeatMs);
  heartbeat.unref();

  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    unsubscribe();
    window.flush();
  });

  /**
   * One socket, from its upgrade to its close. A class rather than a handler's closures: its methods are shared
   * by every socket, where closures (and the name each is given when the server runs from TypeScript source)
   * would cost a few hundred bytes apiece on each of ten thousand sockets.
   */
  class SocketSession {
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
    /** Dropped once it has done its work, so open sockets do not each keep a spent timer. */
    timer: ReturnType<typeof setTimeout> | null;
    readonly tally = new FrameTally(deps.counter.perSecond);

    constructor(
      readonly socket: WebSocket,
      readonly transport: Duplex,
      /** The rate-limit key of the client's address, which frames count against until the socket signs in. */
      readonly address: string,
    ) {
      this.timer = setTimeout(() => this.fail("3028", "authenticate within 10 seconds"), AUTH_TIMEOUT_MS);
      // The plugin's own error listener holds the upgrade's request and reply for as long as the socket is open;
      // this one holds neither. ws closes the socket after the error.
      socket.removeAllListeners("error");
      socket.on("error", onSocketError);
      socket.on("pong", () => {
        const conn = this.conn ?? this.pending;
        if (conn) conn.alive = true;
      });
      socket.on("close", () => {
        this.stopTimer();
        if (this.conn) drop(this.conn);
      });
      socket.on("message", (raw: Buffer) => this.onMessage(raw));
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

    /** Refuses a socket over the rate limit; its client's answer to the close ends it, or the grace period does. */
    refuseFlood(retryAfterSeconds: number) {
      this.fail("005", "too many frames", WS_CLOSE_CODES.rateLimited, { retryAfterSeconds });
      setTimeout(() => this.socket.terminate(), FLOOD_CLOSE_GRACE_MS);
    }

    /**
     * Counted before it is even parsed, and synchronously: the frames a flood still delivers once the socket is
     * refused cost a comparison each.
     */
    onMessage(raw: Buffer) {
      if (this.isClosing) return;
      const key = this.conn ? budgetKey(this.conn) : this.address;
      if (!this.tally.count(key)) return this.refuseFlood(1);
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
        if (!verdict.isAdmitted) return this.refuseFlood(verdict.retryAfterSeconds);
      }
      if (typeof frame === "string") return this.fail("300", frame);
      if (frame.type === "ping") {
        this.socket.send(JSON.stringify({ type: "pong" } satisfies TServerFrame));
        return;
      }
      if (frame.type === "subscribe") return this.subscribe(frame);
      if (this.hasAuthFrame) return;
      this.hasAuthFrame = true;
      const result = await authenticate(this, frame.token, frame.appId).catch(() => "3028" as const);
      this.pending = null;
      if (result === FLOODED) return;
      if (typeof result === "string") {
        // A refused credential counts against the address, which answers 005 instead past its budget: guessing
        // tokens is not free.
        if (result === "3028" && !(await this.admit(key))) return;
        return this.fail(result, REFUSALS[result].message, REFUSALS[result].closeCode);
      }
      this.conn = result;
      this.stopTimer();
      // Closed while authenticating: its close event has passed, so it would never be dropped otherwise.
      if (this.socket.readyState === this.socket.CLOSED) drop(result);
    }

    async subscribe(frame: Extract<TClientFrame, { type: "subscribe" }>) {
      const current = this.conn;
      if (!current || current.userId !== null) return this.fail("1023", "only dashboard views subscribe");
      try {
        await deps.channels.requireChannel({ id: current.appId }, frame.channelId);
        join(current, frame.channelId, frame.subchannel ?? null);
        // Queued behind nothing of this channel's and ahead of all its later events: the view reads history
        // once this arrives, and whatever was sent meanwhile comes as events it merges by seq.
        send(current, {
          type: "subscribed",
          channelId: frame.channelId,
          ...(frame.subchannel ? { subchannel: frame.subchannel } : {}),
        });
      } catch {
        send(current, { type: "error", code: "3007", message: "no such channel" });
      }
    }
  }

  app.get(path, { websocket: true, preHandler: releaseResponse }, (socket: WebSocket, request) => {
    new SocketSession(socket, request.raw.socket, addressKey(request));
  });

  /**
   * An upgrade's HTTP response is never finished, so the socket would keep it, with its request, reply and
   * logger, for as long as it is open: a few kilobytes on every socket of a ten-thousand-member channel, for
   * nothing once ws owns the socket. Detached here, before the upgrade, they go with the upgrade's request. The
   * cost: the upgrade's own `onResponse` hooks (its log line and metrics) do not run; the gateway's sockets are
   * counted by the gauge of open connections instead.
   */
  function releaseResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    reply.raw.detachSocket(request.raw.socket);
    done();
  }

  function onSocketError(this: WebSocket, err: Error) {
    app.log.warn({ err }, "websocket error");
    this.terminate();
  }

  /** Whose budget an authenticated socket's frames draw from: the same key as their HTTP requests. */
  function budgetKey(conn: Pick<Connection, "chatUserId" | "accountId">): string {
    return conn.chatUserId ? `chat-user:${conn.chatUserId}` : `account:${conn.accountId}`;
  }

  /**
   * The connection, or the catalogue code to refuse it with. Past a cap the newest socket is refused, not the
   * oldest closed: the open ones are working, and closing the oldest would have a reconnecting client and another
   * take turns pushing each other out. Each cap is checked and the connection added with no await between, so
   * sockets authenticating at once cannot together pass it.
   */
  async function authenticate(
    session: SocketSession,
    token: string,
    appId: string | undefined,
  ): Promise<Connection | Refusal | typeof FLOODED> {
    const { socket, transport } = session;
    /** Counts the sign-in in its caller's budget once the caller is known; false once it refused the socket. */
    const admit = (key: string) => session.admit(key);
    if (appId) {
      const dashboard = await deps.auth.authenticate(token);
      if (!dashboard) return "3028";
      if (!(await admit(budgetKey({ chatUserId: null, accountId: dashboard.account.id })))) return FLOODED;
      const allowed = await deps.apps.requireAppAccess(dashboard, appId).then(
        () => true,
        () => false,
      );
      if (!allowed) return "3003";
      const sessionSet = bySession.get(dashboard.sessionId) ?? new Set<Connection>();
      if (sessionSet.size >= deps.maxConnectionsPerDashboardSession) return "008";
      const conn: Connection = {
        socket,
        transport,
        appId,
        userId: null,
        chatUserId: null,
        sessionId: dashboard.sessionId,
        accountId: dashboard.account.id,
        channels: new Map(),
        alive: true,
      };
      session.pending = conn;
      bySession.set(dashboard.sessionId, sessionSet);
      sessionSet.add(conn);
      all.add(conn);
      return ready(conn, async () => {
        send(conn, { type: "ready", user: null, lastEventId: await lastEventIdOf(appId) });
      });
    }
    const principal = await deps.chatUsers.authenticateSession(token);
    if (!principal) return "3028";
    if (!(await admit(budgetKey({ chatUserId: principal.user.id, accountId: null })))) return FLOODED;
    const stopped = await deps.apps.requireChatAccess(principal.app).then(
      () => false,
      () => true,
    );
    if (stopped) return "4000";
    const key = userKey(principal.app.id, principal.user.userId);
    const set = byUser.get(key) ?? new Set<Connection>();
    if (set.size >= deps.maxConnectionsPerChatUser) return "008";
    const conn: Connection = {
      socket,
      transport,
      appId: principal.app.id,
      userId: principal.user.userId,
      chatUserId: principal.user.id,
      sessionId: principal.sessionId,
      accountId: null,
      channels: new Map(),
      alive: true,
    };
    session.pending = conn;
    byUser.set(key, set);
    set.add(conn);
    all.add(conn);
    deps.presence.connected(conn.appId, principal.user.id);
    return ready(conn, async () => {
      const subchannels: Record<string, number> = {};
      for (const { channelId, subchannel } of await deps.channels.placementsOf(principal.user.id)) {
        join(conn, channelId, subchannel);
        if (subchannel !== null) subchannels[channelId] = subchannel;
      }
      send(conn, {
        type: "ready",
        user: toChatUser(principal.user),
        lastEventId: await lastEventIdOf(conn.appId),
        ...(Object.keys(subchannels).length > 0 ? { subchannels } : {}),
      });
    });
  }

  /**
   * Finishes a connection already counted in the maps and in presence. If that fails the socket is refused, and
   * since it then never holds the connection its close would not drop it: it is dropped here.
   */
  async function ready(conn: Connection, finish: () => Promise<void>): Promise<Connection> {
    try {
      await finish();
      return conn;
    } catch (err) {
      drop(conn);
      throw err;
    }
  }

  return {
    connectionCount: () => all.size,
  };
}
