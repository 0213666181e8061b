import type { Duplex } from "node:stream";
import { Errors, type TServerFrame, WS_CLOSE_CODES } from "@parley/contract";
import type { WebSocket } from "ws";
import type { Presence } from "../chat/presence";
import { deactivationCode } from "../errors";
import type { AppService } from "../modules/apps";
import type { AuthService } from "../modules/auth";
import type { ChannelService } from "../modules/channels";
import { type ChatUserService, type SignInMembership, toChatUser } from "../modules/chat-users";
import { ChannelPlacements, type Connection, type ConnectionIndex } from "./connections";
import { budgetKey } from "./frame-budget";
import type { ChangeMark, MembershipChanges } from "./membership-changes";
import type { TransientHub } from "./transient";

/** How long a socket has to sign in; past it the socket is refused with 3028. */
export const AUTH_TIMEOUT_MS = 10_000;

/** Why a socket is refused at authentication: a catalogue code and the close code that goes with it. */
export type Refusal = (typeof Errors)[
  | "CHAT_AUTH_REQUIRED"
  | "APP_ACCESS_DENIED"
  | "APP_DEACTIVATED"
  | "ACCOUNT_APPS_DEACTIVATED"
  | "NO_ACTIVE_PLAN"
  | "TOO_MANY_SOCKETS"];
/** A sign-in over its caller's budget: the socket is already refused with 005. */
export const FLOODED = "flooded";

export const REFUSALS: Record<Refusal, { message: string; closeCode: number }> = {
  [Errors.CHAT_AUTH_REQUIRED]: { message: "invalid token", closeCode: WS_CLOSE_CODES.refused },
  [Errors.APP_ACCESS_DENIED]: { message: "no access to this app", closeCode: WS_CLOSE_CODES.refused },
  [Errors.APP_DEACTIVATED]: { message: "the app is deactivated", closeCode: WS_CLOSE_CODES.refused },
  [Errors.ACCOUNT_APPS_DEACTIVATED]: {
    message: "the apps of this account are deactivated",
    closeCode: WS_CLOSE_CODES.refused,
  },
  [Errors.NO_ACTIVE_PLAN]: { message: "no active plan", closeCode: WS_CLOSE_CODES.refused },
  [Errors.TOO_MANY_SOCKETS]: { message: "too many connections", closeCode: WS_CLOSE_CODES.tooManyConnections },
};

/** Why an app refuses the chat API, as a socket's refusal: deactivated (3001, 3002), otherwise no active plan. */
function accessRefusal(err: unknown): Refusal {
  return deactivationCode(err) ?? Errors.NO_ACTIVE_PLAN;
}

/** A socket as its sign-in sees it. */
export interface SigningInSocket {
  readonly socket: WebSocket;
  readonly transport: Duplex;
  /** Set to the connection once it is counted, before the sign-in returns it, so its pongs count meanwhile. */
  pending: Connection | null;
  /** Counts the sign-in in the shared budget of `key`; false once it has refused the socket for it. */
  admit(key: string): Promise<boolean>;
}

/** What a sign-in reads and what it adds the connection to: the gateway's services and its own indexes. */
export interface SignInDeps {
  auth: Pick<AuthService, "authenticate">;
  apps: Pick<AppService, "requireAppAccess" | "requireChatAccess">;
  chatUsers: Pick<ChatUserService, "authenticateSocket">;
  channels: Pick<ChannelService, "placementsFrom" | "placementsOf">;
  presence: Pick<Presence, "connected">;
  connections: ConnectionIndex;
  changes: MembershipChanges;
  transients: Pick<TransientHub, "connected">;
  maxConnectionsPerChatUser: number;
  maxConnectionsPerDashboardSession: number;
  /** The id of the app's latest event, which the `ready` frame carries. */
  lastEventIdOf(appId: string): Promise<string>;
  /** How long events are kept for `GET /v1/events`, which the `ready` frame carries. */
  eventRetentionSeconds: number;
  /** Writes the `ready` frame at once, after whatever the write window holds for the connection. */
  sendReady(conn: Connection, frame: Extract<TServerFrame, { type: "ready" }>): void;
  /** Takes a connection off the indexes and out of presence. */
  drop(conn: Connection): void;
}

/** The sign-in of a socket, from its auth frame to its `ready` frame. */
export function createSignIn(deps: SignInDeps) {
  /**
   * The connection, or the catalogue code to refuse it with. Past a cap the newest socket is refused, not the
   * oldest closed: the open ones are working, and closing the oldest would have a reconnecting client and another
   * take turns pushing each other out. Each cap is checked and the connection added with no await between, so
   * sockets authenticating at once cannot together pass it.
   */
  async function authenticate(
    session: SigningInSocket,
    token: string,
    appId: string | undefined,
  ): Promise<Connection | Refusal | typeof FLOODED> {
    const { socket, transport } = session;
    /** Counts the sign-in in its caller's budget once the caller is known; false once it refused the socket. */
    const admit = (key: string) => session.admit(key);
    if (appId) {
      const dashboard = await deps.auth.authenticate(token);
      if (!dashboard) return Errors.CHAT_AUTH_REQUIRED;
      if (!(await admit(budgetKey({ chatUserId: null, accountId: dashboard.account.id })))) return FLOODED;
      const refused = await deps.apps.requireAppAccess(dashboard, appId).then(
        () => null,
        (err: unknown) => deactivationCode(err) ?? Errors.APP_ACCESS_DENIED,
      );
      if (refused) return refused;
      if (deps.connections.ofSession(dashboard.sessionId).size >= deps.maxConnectionsPerDashboardSession)
        return Errors.TOO_MANY_SOCKETS;
      const conn: Connection = {
        socket,
        transport,
        appId,
        userId: null,
        chatUserId: null,
        sessionId: dashboard.sessionId,
        accountId: dashboard.account.id,
        channels: new ChannelPlacements(),
        alive: true,
      };
      session.pending = conn;
      deps.connections.add(conn);
      return ready(conn, async () => {
        deps.sendReady(conn, {
          type: "ready",
          user: null,
          lastEventId: await deps.lastEventIdOf(appId),
          eventRetentionSeconds: deps.eventRetentionSeconds,
        });
      });
    }
    const mark = deps.changes.mark();
    const signIn = await deps.chatUsers.authenticateSocket(token);
    if (!signIn) return Errors.CHAT_AUTH_REQUIRED;
    const { principal, memberships } = signIn;
    if (!(await admit(budgetKey({ chatUserId: principal.user.id, accountId: null })))) return FLOODED;
    const refused = await deps.apps.requireChatAccess(principal.app).then(() => null, accessRefusal);
    if (refused) return refused;
    if (deps.connections.ofUser(principal.app.id, principal.user.userId).length >= deps.maxConnectionsPerChatUser) {
      return Errors.TOO_MANY_SOCKETS;
    }
    const conn: Connection = {
      socket,
      transport,
      appId: principal.app.id,
      userId: principal.user.userId,
      chatUserId: principal.user.id,
      appRole: principal.user.role,
      sessionId: principal.sessionId,
      accountId: null,
      channels: new ChannelPlacements(),
      alive: true,
    };
    session.pending = conn;
    const first = deps.connections.add(conn);
    deps.presence.connected(conn.appId, principal.user.id);
    deps.transients.connected(conn, first);
    return ready(conn, async () => {
      const subchannels = await joinChannels(mark, conn, memberships);
      deps.sendReady(conn, {
        type: "ready",
        user: toChatUser(principal.user),
        lastEventId: await deps.lastEventIdOf(conn.appId),
        ...(Object.keys(subchannels).length > 0 ? { subchannels } : {}),
        eventRetentionSeconds: deps.eventRetentionSeconds,
      });
    });
  }

  /**
   * Joins a connection just counted to its channels, from the memberships its sign-in read at `mark`; its
   * subchannels, by channel. The connection is counted, so the fan-out applies every change heard from now on; one
   * heard between the read and now is not in the read, which is done again, as often as changes overtake the reads.
   * Each read is a batched query a few milliseconds long, so only a user whose memberships change without pause keeps
   * this going, and the sign-in's deadline (`AUTH_TIMEOUT_MS`) closes the socket then. The last check and the joins
   * run with no await between, so no change slips in after the check.
   */
  async function joinChannels(
    mark: ChangeMark,
    conn: Connection,
    memberships: readonly SignInMembership[],
  ): Promise<Record<string, number>> {
    const chatUserId = conn.chatUserId as string;
    let placements = await deps.channels.placementsFrom(conn.appId, chatUserId, memberships);
    while (conn.socket.readyState === conn.socket.OPEN) {
      const channelIds = placements.map((p) => p.channelId);
      if (!deps.changes.changedSince(mark, conn.appId, conn.userId as string, channelIds)) break;
      mark = deps.changes.mark();
      placements = await deps.channels.placementsOf(chatUserId);
    }
    const subchannels: Record<string, number> = {};
    for (const { channelId, subchannel } of placements) {
      deps.connections.join(conn, channelId, subchannel);
      if (subchannel !== null) subchannels[channelId] = subchannel;
    }
    return subchannels;
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
      deps.drop(conn);
      throw err;
    }
  }

  return authenticate;
}
