/**
 * Roles and permissions. A user holds one app role (a built-in one or a custom role of the app) and, in each channel
 * they belong to, one channel role. What they may do in a channel is the union of what the channel type's matrix
 * grants their app role and their channel role. The app's server (API key) and the dashboard are never subject to
 * the matrix. See docs/decisions/0281-roles-and-permissions.md.
 */
import { z } from "zod";
import { type TChannelType, zChannelType } from "./chat-channels";
import { PERMISSIONS, type TPermission, zPermission } from "./permission-names";
import { V } from "./validation";

export { PERMISSIONS, type TPermission, zPermission } from "./permission-names";

/** The built-in app roles. Every user holds `member` until given another; an anonymous user holds `guest`. */
export const APP_ROLES = ["admin", "moderator", "member", "guest"] as const;
export type TAppRole = (typeof APP_ROLES)[number];
/** The channel roles. `owner` is the channel's owner (set by creation or a transfer), never assigned as a role. */
export const CHANNEL_ROLES = ["owner", "moderator", "member"] as const;
export type TChannelRole = (typeof CHANNEL_ROLES)[number];
/** The channel roles a member may be given; the owner is changed by a transfer of ownership. */
export const ASSIGNABLE_CHANNEL_ROLES = ["moderator", "member"] as const;

/** Custom roles an app may define, besides the built-in ones. */
export const CUSTOM_ROLES_MAX = 20;
export const ROLE_DESCRIPTION_MAX = 200;
/** A custom role's name: lower-case letters, digits, `_` and `-`, starting with a letter, at most 32. */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;

export const isBuiltInAppRole = (name: string): name is TAppRole => (APP_ROLES as readonly string[]).includes(name);

/** A role's name as a path or body field: any name that could exist (built-in or custom). */
export const zRoleName = z.string().regex(ROLE_NAME_PATTERN, V.invalidFormat);

export const zRole = z.object({
  name: z.string(),
  builtIn: z.boolean(),
  description: z.string().max(ROLE_DESCRIPTION_MAX),
  /** How many users of the app hold the role. */
  userCount: z.number().int().optional(),
});
export type TRole = z.infer<typeof zRole>;
export const zRolesResponse = z.object({ roles: z.array(zRole) });
export type TRolesResponse = z.infer<typeof zRolesResponse>;
export const zRoleResponse = z.object({ role: zRole });
export type TRoleResponse = z.infer<typeof zRoleResponse>;

/** `POST /v1/roles`: a built-in role's name is taken (3199). */
export const zCreateRoleRequest = z.object({
  name: zRoleName,
  description: z.string().trim().max(ROLE_DESCRIPTION_MAX, V.tooLong).optional(),
});
export type TCreateRoleRequest = z.infer<typeof zCreateRoleRequest>;
/** `PATCH /v1/roles/{name}`: a built-in role's description may change too. */
export const zUpdateRoleRequest = z.object({ description: z.string().trim().max(ROLE_DESCRIPTION_MAX, V.tooLong) });
export type TUpdateRoleRequest = z.infer<typeof zUpdateRoleRequest>;

const zGrants = z.array(zPermission).max(PERMISSIONS.length);

/** The matrix of one channel type: what each app role and each channel role is granted. */
export const zPermissionMatrix = z.object({
  channelType: zChannelType,
  /**
   * Every built-in app role and every custom role of the app, each with its grants. A custom role the app has not
   * set grants for is granted what `member` is.
   */
  app: z.record(z.string(), z.array(zPermission)),
  channel: z.object({ owner: z.array(zPermission), moderator: z.array(zPermission), member: z.array(zPermission) }),
  /** The channel type follows {@link DEFAULT_PERMISSION_MATRIX}: the app never set it, or reset it. */
  isDefault: z.boolean(),
});
export type TPermissionMatrix = z.infer<typeof zPermissionMatrix>;
export const zPermissionMatrixResponse = z.object({ permissions: zPermissionMatrix });
export type TPermissionMatrixResponse = z.infer<typeof zPermissionMatrixResponse>;
/** `GET /v1/permissions`: one matrix per channel type, in the order of `CHANNEL_TYPES`. */
export const zPermissionMatricesResponse = z.object({ permissions: z.array(zPermissionMatrix) });
export type TPermissionMatricesResponse = z.infer<typeof zPermissionMatricesResponse>;

/**
 * `PUT /v1/permissions/{channelType}`: the whole matrix of the type. Each key of `app` must name a built-in role or
 * a custom role of the app (else 3198); an app role left out is granted what `member` is, so a new custom role
 * starts out as a member.
 */
export const zSetPermissionMatrixRequest = z.object({
  app: z.record(zRoleName, zGrants),
  /** A channel role left out (or all of them) keeps the default's grants. */
  channel: z
    .object({ owner: zGrants.optional(), moderator: zGrants.optional(), member: zGrants.optional() })
    .default({}),
});
export type TSetPermissionMatrixRequest = z.infer<typeof zSetPermissionMatrixRequest>;
export type TSetPermissionMatrixRequestInput = z.input<typeof zSetPermissionMatrixRequest>;

/** Path parameters of `/v1/roles/{name}` and `/v1/permissions/{channelType}`, and the dashboard's. */
export const zRoleParams = z.object({ name: zRoleName });
export const zChannelTypeParams = z.object({ channelType: zChannelType });
export const zAppRoleParams = z.object({ id: z.string().uuid(), name: zRoleName });
export const zAppChannelTypeParams = z.object({ id: z.string().uuid(), channelType: zChannelType });
/** The answer to a role assignment: who holds which role now. */
export const zUserRoleState = z.object({ userId: z.string(), role: z.string() });
export type TUserRoleState = z.infer<typeof zUserRoleState>;
export const zMemberRoleState = z.object({ userId: z.string(), role: z.enum(CHANNEL_ROLES) });
export type TMemberRoleState = z.infer<typeof zMemberRoleState>;

/** `PUT /v1/users/{userId}/role`: a built-in or custom app role. */
export const zSetUserRoleRequest = z.object({ role: zRoleName });
export type TSetUserRoleRequest = z.infer<typeof zSetUserRoleRequest>;
/** `PUT /v1/channels/{channelId}/members/{userId}/role`. */
export const zSetMemberRoleRequest = z.object({ role: z.enum(ASSIGNABLE_CHANNEL_ROLES) });
export type TSetMemberRoleRequest = z.infer<typeof zSetMemberRoleRequest>;

/** What every user may do today in a channel they belong to, whatever their role. */
const EVERY_MEMBER: TPermission[] = [
  "read",
  "send",
  "sendFile",
  "react",
  "reply",
  "mentionEveryone",
  "editOwn",
  "deleteOwn",
  "startCall",
];
/** A channel's moderators: they keep order but do not reshape the channel. */
const MODERATING: TPermission[] = ["pin", "invite", "remove", "mute", "ban"];

/**
 * The built-in matrix, the same for every channel type. It keeps what was true before roles: any member reads,
 * sends, reacts, replies and edits or deletes their own messages; the channel's owner pins, invites, removes,
 * mutes, bans and changes the channel; nobody but the app's server edits or deletes another's message or freezes a
 * channel. App admins and moderators and channel moderators are granted more, but no user holds those roles until
 * the app gives them.
 */
export function DEFAULT_PERMISSION_MATRIX(channelType: TChannelType): TPermissionMatrix {
  return {
    channelType,
    app: {
      admin: [...PERMISSIONS],
      moderator: [...EVERY_MEMBER, "deleteOthers", ...MODERATING, "freeze"],
      member: [...EVERY_MEMBER],
      guest: [...EVERY_MEMBER],
    },
    channel: {
      owner: [...MODERATING, "changeChannel"],
      moderator: [...MODERATING],
      member: [],
    },
    isDefault: true,
  };
}

/** The dashboard's role and permission paths, beside the `dashboardChat` ones they follow. */
export const dashboardRoles = {
  /** The app's roles (GET) and a new custom role (POST). */
  roles: "/apps/:id/roles",
  /** One role: PATCH its description, DELETE a custom role. */
  role: "/apps/:id/roles/:name",
  /** Every channel type's matrix (GET). */
  permissions: "/apps/:id/permissions",
  /** One channel type's matrix: GET, PUT, DELETE (reset to the default). */
  permission: "/apps/:id/permissions/:channelType",
  /** A user's app role (PUT). */
  userRole: "/apps/:id/users/:userId/role",
  /** A member's channel role (PUT). */
  memberRole: "/apps/:id/channels/:channelId/members/:userId/role",
} as const;
