import type { TChannelType, TChatEvent, TPermission } from "@parley/contract";
import type { Clock } from "../clock";
import { type ChannelService, MESSAGE_EVENT_TYPES } from "../modules/channels";
import type { ChatUserService } from "../modules/chat-users";
import { memberHas, type PermissionService } from "../modules/permissions";

/** How long a channel's type, owner and members' roles are trusted, as long as the matrices themselves are. */
const FACTS_MS = 5_000;
/** Far above the channels one process fans out to within that time. */
const FACTS_MAX = 20_000;

/**
 * What the gate knows of a socket: its app, its user and the app role its session carried at sign-in. Where a matrix
 * restricts, the role is read again (as stored now) with the channel role, so a role changed since sign-in binds
 * the socket within the facts' five seconds, as a channel role change does.
 */
export interface GatedConnection {
  appId: string;
  chatUserId: string | null;
  appRole?: string | undefined;
}

interface ChannelFacts {
  type: TChannelType;
  ownerId: string | null;
  /** Stored roles read so far: the channel role (null for a user found not to be a member) and the app role. */
  roles: Map<string, { channel: string | null; app: string | undefined }>;
  loadedAt: number;
}

/** Whether a connection's user may read the channel the event is about; observers always do. */
export type ReadVerdict = (conn: GatedConnection) => boolean;

/**
 * The permission matrix on the gateway's roads (decision 0299): which sockets hear a channel's messages, and
 * whether a frame's action is granted. Where every member of every type holds the permission (the default), it
 * answers from the cached matrices alone; only a matrix that takes it away from someone makes it read a channel's
 * type and the roles of the sockets' users there, kept for five seconds.
 */
export function createReadGate(deps: {
  channels: Pick<ChannelService, "requireChannel" | "memberRolesIn"> & { permissions: PermissionService };
  chatUsers: { roles: Pick<ChatUserService["roles"], "stored"> };
  clock: Clock;
}) {
  const { permissions } = deps.channels;
  const facts = new Map<string, ChannelFacts>();

  async function factsOf(appId: string, channelId: string): Promise<ChannelFacts> {
    const now = deps.clock.now().getTime();
    const known = facts.get(channelId);
    if (known && now - known.loadedAt < FACTS_MS && known.loadedAt <= now) return known;
    const channel = await deps.channels.requireChannel({ id: appId }, channelId);
    const fresh: ChannelFacts = { type: channel.type, ownerId: channel.ownerId, roles: new Map(), loadedAt: now };
    facts.delete(channelId);
    facts.set(channelId, fresh);
    for (const key of facts.keys()) {
      if (facts.size <= FACTS_MAX) break;
      facts.delete(key);
    }
    return fresh;
  }

  /** The stored channel and app roles of these users, read for those not read yet. */
  async function rolesOf(channelId: string, known: ChannelFacts, chatUserIds: readonly string[]) {
    const missing = chatUserIds.filter((id) => !known.roles.has(id));
    if (missing.length === 0) return;
    const [channelRoles, appRoles] = await Promise.all([
      deps.channels.memberRolesIn(channelId, missing),
      deps.chatUsers.roles.stored(missing),
    ]);
    for (const id of missing) known.roles.set(id, { channel: channelRoles.get(id) ?? null, app: appRoles.get(id) });
  }

  /** A user's roles in the channel from what `rolesOf` read, the app role falling back to the socket's. */
  function rolesIn(known: ChannelFacts, conn: GatedConnection & { chatUserId: string }) {
    const stored = known.roles.get(conn.chatUserId);
    return {
      app: stored?.app ?? conn.appRole ?? "member",
      channel: permissions.channelRole(conn.chatUserId, known, stored?.channel ?? null),
    };
  }

  return {
    /**
     * Whether an event's recipients must be judged before it is written: it carries a message or a channel's
     * preview, and the app's matrices take `read` from someone or are not loaded yet. False reads nothing.
     */
    mustJudge(appId: string, event: TChatEvent): boolean {
      if (!MESSAGE_EVENT_TYPES.has(event.type) && !event.channel?.lastMessage) return false;
      const restricted = permissions.peekTypesWithout(appId, "read");
      return restricted === undefined || restricted.length > 0;
    },

    /** Who among `conns` may read the event's channel; null when every member may. */
    async judge(appId: string, channelId: string, conns: Iterable<GatedConnection>): Promise<ReadVerdict | null> {
      const restricted = await permissions.typesWithout(appId, "read");
      if (restricted.length === 0) return null;
      const known = await factsOf(appId, channelId);
      if (!restricted.includes(known.type)) return null;
      const grants = await permissions.grants(appId, known.type);
      // Every connected user's roles are read, not only those whose sign-in role falls short: a role changed since.
      const users = [...conns].filter(
        (conn): conn is GatedConnection & { chatUserId: string } => conn.chatUserId !== null,
      );
      if (users.length === 0) return null;
      await rolesOf(
        channelId,
        known,
        users.map((conn) => conn.chatUserId),
      );
      const denied = new Set<string>();
      for (const conn of users) {
        const roles = rolesIn(known, conn);
        if (!memberHas(grants, roles.app, roles.channel, "read")) denied.add(conn.chatUserId);
      }
      if (denied.size === 0) return null;
      return (conn) => conn.chatUserId === null || !denied.has(conn.chatUserId);
    },

    /** Whether a socket's user may do `permission` in a channel they are a member of, as HTTP would judge it. */
    async may(conn: GatedConnection, channelId: string, permission: TPermission): Promise<boolean> {
      if (conn.chatUserId === null) return true;
      const restricted = await permissions.typesWithout(conn.appId, permission);
      if (restricted.length === 0) return true;
      const known = await factsOf(conn.appId, channelId);
      if (!restricted.includes(known.type)) return true;
      const grants = await permissions.grants(conn.appId, known.type);
      // An action is judged on the roles as stored now, not as a fan-out read them a moment ago.
      known.roles.delete(conn.chatUserId);
      await rolesOf(channelId, known, [conn.chatUserId]);
      const roles = rolesIn(known, { ...conn, chatUserId: conn.chatUserId });
      return memberHas(grants, roles.app, roles.channel, permission);
    },
  };
}

export type ReadGate = ReturnType<typeof createReadGate>;
