import {
  APP_ROLES,
  DEFAULT_PERMISSION_MATRIX,
  type ErrorCode,
  Errors,
  type TChannelRole,
  type TChannelType,
  type TPermission,
  type TPermissionMatrix,
} from "@parley/contract";
import { AppError } from "../../errors";
import type { PermissionMatrixRow } from "./schema";

/**
 * One channel type's grants as the checks read them: a set per app role and per channel role. An app role the
 * matrix does not name (a custom role it was not set for) is granted what `member` is.
 */
export interface Grants {
  isDefault: boolean;
  app: Map<string, ReadonlySet<TPermission>>;
  channel: Record<TChannelRole, ReadonlySet<TPermission>>;
}

export function toGrants(matrix: Pick<TPermissionMatrix, "app" | "channel" | "isDefault">): Grants {
  return {
    isDefault: matrix.isDefault,
    app: new Map(Object.entries(matrix.app).map(([role, granted]) => [role, new Set(granted)])),
    channel: {
      owner: new Set(matrix.channel.owner),
      moderator: new Set(matrix.channel.moderator),
      member: new Set(matrix.channel.member),
    },
  };
}

const DEFAULT_GRANTS = toGrants(DEFAULT_PERMISSION_MATRIX("public"));
/** The default is one matrix for every type, so its sets are shared. */
export const defaultGrants = (): Grants => DEFAULT_GRANTS;

export function appGrants(grants: Grants, appRole: string): ReadonlySet<TPermission> {
  return grants.app.get(appRole) ?? grants.app.get("member") ?? new Set();
}

/** The matrix of a type as the API shows it: every built-in role and every custom role named. */
export function matrixOf(
  channelType: TChannelType,
  row: PermissionMatrixRow | undefined,
  customRoles: readonly string[],
): TPermissionMatrix {
  const base = row
    ? { channelType, app: row.appGrants, channel: row.channelGrants, isDefault: false }
    : DEFAULT_PERMISSION_MATRIX(channelType);
  const app: Record<string, TPermission[]> = {};
  for (const role of [...APP_ROLES, ...customRoles]) app[role] = [...(base.app[role] ?? base.app.member ?? [])];
  return { channelType, app, channel: base.channel, isDefault: base.isDefault };
}

/**
 * The codes that refused these actions before roles existed: kept for them, so a client that knows them keeps
 * working, with the permission named beside (decision 0281). Every other refusal is 3197.
 */
const LEGACY_CODES: Partial<Record<TPermission, ErrorCode>> = {
  pin: Errors.NOT_CHANNEL_OWNER,
  invite: Errors.NOT_CHANNEL_OWNER,
  remove: Errors.NOT_CHANNEL_OWNER,
  mute: Errors.NOT_CHANNEL_OWNER,
  ban: Errors.NOT_CHANNEL_OWNER,
  freeze: Errors.NOT_CHANNEL_OWNER,
  changeChannel: Errors.NOT_CHANNEL_OWNER,
  editOthers: Errors.ONLY_SENDER_EDITS,
  deleteOthers: Errors.ONLY_SENDER_DELETES,
};

export function permissionDenied(permission: TPermission): AppError {
  const legacy = LEGACY_CODES[permission];
  if (legacy) return new AppError(legacy, { permission });
  return new AppError(
    Errors.PERMISSION_DENIED,
    { permission },
    `The caller's roles do not grant the permission "${permission}" here.`,
  );
}
