import {
  APP_ROLES,
  CHANNEL_TYPES,
  CUSTOM_ROLES_MAX,
  DEFAULT_PERMISSION_MATRIX,
  Errors,
  isBuiltInAppRole,
  PERMISSIONS,
  type TChannelRole,
  type TChannelType,
  type TCreateRoleRequest,
  type TPermission,
  type TPermissionMatrix,
  type TRole,
  type TSetPermissionMatrixRequest,
  type TUserRoleState,
} from "@parley/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import type { ChatUserService } from "../chat-users";
import { appGrants, defaultGrants, type Grants, matrixOf, permissionDenied, toGrants } from "./grants";
import { appRoles, type PermissionMatrixRow, permissionMatrices } from "./schema";

/**
 * Every user action reads its app's matrices, so they are cached. A change in this process binds at once; other
 * server processes see it within this many milliseconds, as the moderation rules' cache.
 */
const CACHE_MS = 5_000;
/** Far above the apps one process serves within the cache's life. */
const CACHE_MAX_APPS = 20_000;

/** Who acts: the app's server and the dashboard are never subject to the matrix; a user is, by their app role. */
export type PermissionSubject =
  | { kind: "server" | "admin"; app: { id: string } }
  | { kind: "user"; app: { id: string }; user: { id: string; role: string } };

/** What a check needs of a channel: its type picks the matrix, its owner is the `owner` channel role. */
export type PermissionChannel = { type: TChannelType; ownerId: string | null };

/**
 * The member's stored channel role (`moderator` or `member`; null or undefined for none), or a read of it, made
 * only when the app role alone does not grant the permission.
 */
export type MemberRoleSource = string | null | undefined | (() => Promise<string | null | undefined>);

/** A call is between two users, as a private channel is: its permission is read from that type's matrix. */
const CALL_CHANNEL_TYPE: TChannelType = "private";

const BUILT_IN_DESCRIPTIONS: Record<(typeof APP_ROLES)[number], string> = {
  admin: "Does anything in every channel of the app, as the app's server may.",
  moderator: "Keeps order in every channel: deletes others' messages, pins, removes, mutes, bans and freezes.",
  member: "Every user unless given another role.",
  guest: "A user signed in anonymously.",
};

function channelRoleOf(subject: { user: { id: string } }, channel: PermissionChannel, stored: string | null) {
  if (channel.ownerId === subject.user.id) return "owner";
  return stored === "moderator" ? "moderator" : stored === null ? null : "member";
}

/**
 * Whether every member of a channel holds `permission` whoever they are: every channel role grants it (a member
 * holds one of them), or every app role does (one the matrix does not name is granted what `member` is).
 */
export function everyMemberHas(grants: Grants, permission: TPermission): boolean {
  const { owner, moderator, member } = grants.channel;
  if (owner.has(permission) && moderator.has(permission) && member.has(permission)) return true;
  if (!(grants.app.get("member")?.has(permission) ?? false)) return false;
  for (const granted of grants.app.values()) if (!granted.has(permission)) return false;
  return true;
}

/** Whether a member holds `permission` by their app role or their channel role (null: not a member). */
export function memberHas(
  grants: Grants,
  appRole: string,
  channelRole: TChannelRole | null,
  permission: TPermission,
): boolean {
  return (
    appGrants(grants, appRole).has(permission) || (channelRole !== null && grants.channel[channelRole].has(permission))
  );
}

export function createPermissionService(ctx: Context, deps: { chatUsers: ChatUserService }) {
  const { db } = ctx.database;
  const { clock } = ctx;
  /**
   * The types each app departs from the default in; an app with none is on the default. Not the shared TTL cache:
   * checks run inside the channel's transactions and load with it (`q`), and on PGlite's single connection a load
   * shared with a reader outside the transaction would wait for it forever.
   */
  const cached = new Map<string, { grants: Map<TChannelType, Grants>; loadedAt: number }>();

  async function loadGrants(appId: string, q: Db): Promise<Map<TChannelType, Grants>> {
    const rows = await q.select().from(permissionMatrices).where(eq(permissionMatrices.appId, appId));
    return new Map(
      rows.map((row) => [
        row.channelType,
        toGrants({ app: row.appGrants, channel: row.channelGrants, isDefault: false }),
      ]),
    );
  }

  async function grantsFor(appId: string, channelType: TChannelType, q: Db = db): Promise<Grants> {
    const now = clock.now().getTime();
    let entry = cached.get(appId);
    if (!entry || now - entry.loadedAt >= CACHE_MS || entry.loadedAt > now) {
      entry = { grants: await loadGrants(appId, q), loadedAt: now };
      cached.delete(appId);
      cached.set(appId, entry);
      // Kept in the order of loading, so past the bound the oldest go first.
      for (const key of cached.keys()) {
        if (cached.size <= CACHE_MAX_APPS) break;
        cached.delete(key);
      }
    }
    return entry.grants.get(channelType) ?? defaultGrants();
  }

  /** Reloads an app's grants behind a synchronous read that found them stale; one reload at a time per app. */
  const reloading = new Set<string>();
  function reloadBehind(appId: string) {
    if (reloading.has(appId)) return;
    reloading.add(appId);
    void grantsFor(appId, "public")
      .catch((err: unknown) => ctx.log.error({ err, appId }, "could not reload the permission matrices"))
      .finally(() => reloading.delete(appId));
  }

  async function resolveStored(source: MemberRoleSource): Promise<string | null> {
    const value = typeof source === "function" ? await source() : source;
    return value ?? null;
  }

  async function customRoleNames(appId: string): Promise<string[]> {
    const rows = await db
      .select({ name: appRoles.name })
      .from(appRoles)
      .where(eq(appRoles.appId, appId))
      .orderBy(asc(appRoles.createdAt), asc(appRoles.name));
    return rows.map((row) => row.name).filter((name) => !isBuiltInAppRole(name));
  }

  async function requireRoleExists(appId: string, role: string): Promise<void> {
    if (isBuiltInAppRole(role)) return;
    const [row] = await db
      .select({ name: appRoles.name })
      .from(appRoles)
      .where(and(eq(appRoles.appId, appId), eq(appRoles.name, role)))
      .limit(1);
    if (!row) throw new AppError(Errors.ROLE_NOT_FOUND);
  }

  async function readMatrixRow(appId: string, channelType: TChannelType): Promise<PermissionMatrixRow | undefined> {
    const [row] = await db
      .select()
      .from(permissionMatrices)
      .where(and(eq(permissionMatrices.appId, appId), eq(permissionMatrices.channelType, channelType)))
      .limit(1);
    return row;
  }

  async function roleOf(app: AppRow, name: string): Promise<TRole> {
    const roles = await service.listRoles(app);
    const role = roles.find((r) => r.name === name);
    if (!role) throw new AppError(Errors.ROLE_NOT_FOUND);
    return role;
  }

  const service = {
    /**
     * Whether `subject` may do `permission` in `channel`: the union of their app role's grants and their channel
     * role's. The app role comes with the session; the member's role is read only when the app role falls short.
     */
    async can(
      subject: PermissionSubject,
      channel: PermissionChannel,
      permission: TPermission,
      memberRole?: MemberRoleSource,
      q: Db = db,
    ): Promise<boolean> {
      if (subject.kind !== "user") return true;
      const grants = await grantsFor(subject.app.id, channel.type, q);
      if (appGrants(grants, subject.user.role).has(permission)) return true;
      const role = channelRoleOf(
        subject,
        channel,
        channel.ownerId === subject.user.id ? null : await resolveStored(memberRole),
      );
      return role !== null && grants.channel[role].has(permission);
    },

    /** The one check every action goes through: refuses with the permission named (decision 0281). */
    async require(
      subject: PermissionSubject,
      channel: PermissionChannel,
      permission: TPermission,
      memberRole?: MemberRoleSource,
      q: Db = db,
    ): Promise<void> {
      if (!(await service.can(subject, channel, permission, memberRole, q))) throw permissionDenied(permission);
    },

    /** Whether the user's app role alone grants `permission`: what the send's fast path asks, reading nothing. */
    async appRoleGrants(subject: PermissionSubject, channelType: TChannelType, permission: TPermission) {
      if (subject.kind !== "user") return true;
      return appGrants(await grantsFor(subject.app.id, channelType), subject.user.role).has(permission);
    },

    /**
     * `typesWithout` as last loaded, without waiting (a stale answer is reloaded behind); undefined before the app's
     * first load.
     */
    peekTypesWithout(appId: string, permission: TPermission): TChannelType[] | undefined {
      const entry = cached.get(appId);
      if (!entry) return undefined;
      if (clock.now().getTime() - entry.loadedAt >= CACHE_MS) reloadBehind(appId);
      return [...entry.grants].filter(([, grants]) => !everyMemberHas(grants, permission)).map(([type]) => type);
    },

    /** The grants of a type, loaded when the cache does not hold them. */
    grants(appId: string, channelType: TChannelType, q: Db = db): Promise<Grants> {
      return grantsFor(appId, channelType, q);
    },

    /**
     * The types of the app's channels where some member may lack `permission`; empty (the default, and any matrix
     * that leaves every member the permission) means no member needs to be judged one by one.
     */
    async typesWithout(appId: string, permission: TPermission, q: Db = db): Promise<TChannelType[]> {
      await grantsFor(appId, "public", q);
      const entry = cached.get(appId);
      if (!entry) return [];
      return [...entry.grants].filter(([, grants]) => !everyMemberHas(grants, permission)).map(([type]) => type);
    },

    /** A call has no channel: the caller's app role must grant `startCall`. */
    async requireCall(subject: PermissionSubject): Promise<void> {
      if (!(await service.appRoleGrants(subject, CALL_CHANNEL_TYPE, "startCall"))) throw permissionDenied("startCall");
    },

    /** What a user may do in a channel, for `myPermissions`; `stored` is their membership's role (null: none). */
    async granted(
      subject: PermissionSubject & { kind: "user" },
      channel: PermissionChannel,
      stored: string | null,
    ): Promise<TPermission[]> {
      const grants = await grantsFor(subject.app.id, channel.type);
      const app = appGrants(grants, subject.user.role);
      const role = channelRoleOf(subject, channel, stored);
      const fromChannel = role === null ? new Set<TPermission>() : grants.channel[role];
      return PERMISSIONS.filter((p) => app.has(p) || fromChannel.has(p));
    },

    /** The channel role a user holds in a channel. */
    channelRole(userId: string, channel: PermissionChannel, stored: string | null): TChannelRole | null {
      return channelRoleOf({ user: { id: userId } }, channel, stored);
    },

    // --- The app's roles --------------------------------------------------------------------------------------

    async listRoles(app: AppRow): Promise<TRole[]> {
      const [rows, counts] = await Promise.all([
        db
          .select()
          .from(appRoles)
          .where(eq(appRoles.appId, app.id))
          .orderBy(asc(appRoles.createdAt), asc(appRoles.name)),
        deps.chatUsers.roles.counts(app.id),
      ]);
      const described = new Map(rows.map((row) => [row.name, row.description]));
      const builtIn = APP_ROLES.map((name) => ({
        name,
        builtIn: true,
        description: described.get(name) ?? BUILT_IN_DESCRIPTIONS[name],
        userCount: counts.get(name) ?? 0,
      }));
      const custom = rows
        .filter((row) => !isBuiltInAppRole(row.name))
        .map((row) => ({
          name: row.name,
          builtIn: false,
          description: row.description,
          userCount: counts.get(row.name) ?? 0,
        }));
      return [...builtIn, ...custom];
    },

    async createRole(app: AppRow, input: TCreateRoleRequest): Promise<TRole> {
      if (isBuiltInAppRole(input.name)) throw new AppError(Errors.ROLE_NAME_TAKEN);
      if ((await customRoleNames(app.id)).length >= CUSTOM_ROLES_MAX) throw new AppError(Errors.ROLE_LIMIT_REACHED);
      try {
        await db
          .insert(appRoles)
          .values({ appId: app.id, name: input.name, description: input.description ?? "", createdAt: clock.now() });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.ROLE_NAME_TAKEN);
        throw err;
      }
      return { name: input.name, builtIn: false, description: input.description ?? "", userCount: 0 };
    },

    /** A role's description; a built-in role's may change too, its name never. */
    async updateRole(app: AppRow, name: string, description: string): Promise<TRole> {
      await requireRoleExists(app.id, name);
      await db
        .insert(appRoles)
        .values({ appId: app.id, name, description, createdAt: clock.now() })
        .onConflictDoUpdate({ target: [appRoles.appId, appRoles.name], set: { description } });
      return roleOf(app, name);
    },

    /** Deletes a custom role: its users become members, and the matrices forget it. */
    async deleteRole(app: AppRow, name: string): Promise<void> {
      if (isBuiltInAppRole(name)) throw new AppError(Errors.ROLE_BUILT_IN);
      const removed = await db
        .delete(appRoles)
        .where(and(eq(appRoles.appId, app.id), eq(appRoles.name, name)))
        .returning({ name: appRoles.name });
      if (removed.length === 0) throw new AppError(Errors.ROLE_NOT_FOUND);
      await deps.chatUsers.roles.fallBack(app.id, name);
      await db
        .update(permissionMatrices)
        .set({ appGrants: sql`${permissionMatrices.appGrants} - ${name}::text` })
        .where(eq(permissionMatrices.appId, app.id));
      cached.delete(app.id);
    },

    /** Gives a user a built-in or custom role of the app (3198 for one it does not have). */
    async setUserRole(app: AppRow, userId: string, role: string): Promise<TUserRoleState> {
      // Another app's user is not found (3018) before the role is looked at: nothing of theirs is confirmed.
      await deps.chatUsers.requireUser(app.id, userId);
      await requireRoleExists(app.id, role);
      return deps.chatUsers.roles.set(app, userId, role);
    },

    // --- The matrices -------------------------------------------------------------------------------------------

    async listMatrices(app: AppRow): Promise<TPermissionMatrix[]> {
      const [rows, custom] = await Promise.all([
        db.select().from(permissionMatrices).where(eq(permissionMatrices.appId, app.id)),
        customRoleNames(app.id),
      ]);
      return CHANNEL_TYPES.map((type) =>
        matrixOf(
          type,
          rows.find((row) => row.channelType === type),
          custom,
        ),
      );
    },

    async getMatrix(app: AppRow, channelType: TChannelType): Promise<TPermissionMatrix> {
      const [row, custom] = await Promise.all([readMatrixRow(app.id, channelType), customRoleNames(app.id)]);
      return matrixOf(channelType, row, custom);
    },

    /** Replaces a type's matrix; it binds the next action in this process, and in others within the cache's life. */
    async setMatrix(app: AppRow, channelType: TChannelType, input: TSetPermissionMatrixRequest) {
      const custom = await customRoleNames(app.id);
      const appGrantsByRole: Record<string, TPermission[]> = {};
      for (const [role, granted] of Object.entries(input.app)) {
        if (!isBuiltInAppRole(role) && !custom.includes(role)) throw new AppError(Errors.ROLE_NOT_FOUND);
        appGrantsByRole[role] = PERMISSIONS.filter((p) => granted.includes(p));
      }
      // A built-in role left out is granted what `member` is, as a custom one would be.
      appGrantsByRole.member ??= matrixOf(channelType, undefined, []).app.member ?? [];
      for (const role of APP_ROLES) appGrantsByRole[role] ??= appGrantsByRole.member;
      const defaults = DEFAULT_PERMISSION_MATRIX(channelType).channel;
      const channelGrants = {
        owner: PERMISSIONS.filter((p) => (input.channel.owner ?? defaults.owner).includes(p)),
        moderator: PERMISSIONS.filter((p) => (input.channel.moderator ?? defaults.moderator).includes(p)),
        member: PERMISSIONS.filter((p) => (input.channel.member ?? defaults.member).includes(p)),
      };
      const now = clock.now();
      await db
        .insert(permissionMatrices)
        .values({ appId: app.id, channelType, appGrants: appGrantsByRole, channelGrants, updatedAt: now })
        .onConflictDoUpdate({
          target: [permissionMatrices.appId, permissionMatrices.channelType],
          set: { appGrants: appGrantsByRole, channelGrants, updatedAt: now },
        });
      cached.delete(app.id);
      return service.getMatrix(app, channelType);
    },

    async resetMatrix(app: AppRow, channelType: TChannelType): Promise<TPermissionMatrix> {
      await db
        .delete(permissionMatrices)
        .where(and(eq(permissionMatrices.appId, app.id), eq(permissionMatrices.channelType, channelType)));
      cached.delete(app.id);
      return service.getMatrix(app, channelType);
    },
  };
  return service;
}

export type PermissionService = ReturnType<typeof createPermissionService>;
