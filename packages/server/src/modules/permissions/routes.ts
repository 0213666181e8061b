import {
  chatApi,
  chatOperation,
  dashboardRoles,
  type TChannelType,
  zAppChannelTypeParams,
  zAppChannelUserParams,
  zAppIdParams,
  zAppRoleParams,
  zAppUserParams,
  zChannelMemberParams,
  zChannelTypeParams,
  zCreateRoleRequest,
  zMemberRoleState,
  zOk,
  zPermissionMatricesResponse,
  zPermissionMatrixResponse,
  zRoleParams,
  zRoleResponse,
  zRolesResponse,
  zSetMemberRoleRequest,
  zSetPermissionMatrixRequest,
  zSetUserRoleRequest,
  zUpdateRoleRequest,
  zUserIdParams,
  zUserRoleState,
} from "@parley/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { resolveChatCaller, serverOnly } from "../../http/chat-principal";
import type { AppRow, AppService } from "../apps";
import type { AuthService } from "../auth";
import type { ChannelService } from "../channels";
import type { ChatUserService } from "../chat-users";
import type { PermissionService } from "./service";

type RoleDeps = {
  apps: AppService;
  chatUsers: ChatUserService;
  channels: ChannelService;
  permissions: PermissionService;
};

type Paths = {
  roles: string;
  role: string;
  permissions: string;
  permission: string;
  userRole: string;
  memberRole: string;
};

type Params = {
  /** The app's own path parameters; none under `/v1`, where the API key names the app. */
  base?: z.ZodTypeAny;
  role: z.ZodTypeAny;
  channelType: z.ZodTypeAny;
  user: z.ZodTypeAny;
  member: z.ZodTypeAny;
};

/** Only what the chat API's reference names each route by; the dashboard's routes are not in it. */
type Named = (operationId: Parameters<typeof chatOperation>[0], summary: string) => object;

/**
 * The same routes for the app's server under `/v1` and for the dashboard under `/api/apps/{id}`: `appOf` says whose
 * app a request acts on (and refuses anyone else), `paths` and `params` where and how it is named.
 */
function registerRoleRoutes(
  fastify: FastifyInstance,
  deps: RoleDeps,
  shape: { paths: Paths; params: Params; appOf: (request: FastifyRequest) => Promise<AppRow> | AppRow; named: Named },
) {
  const { permissions, channels } = deps;
  const { paths, params, appOf, named } = shape;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  const p = (request: FastifyRequest) => request.params as Record<string, string>;
  const base = params.base ? { params: params.base } : {};

  r.get(
    paths.roles,
    { schema: { ...named("listRoles", "List the app's roles"), ...base, response: { 200: zRolesResponse } } },
    async (request) => ({ roles: await permissions.listRoles(await appOf(request)) }),
  );
  r.post(
    paths.roles,
    {
      schema: {
        ...named("createRole", "Create a custom role"),
        ...base,
        body: zCreateRoleRequest,
        response: { 200: zRoleResponse },
      },
    },
    async (request) => ({ role: await permissions.createRole(await appOf(request), request.body) }),
  );
  r.patch(
    paths.role,
    {
      schema: {
        ...named("updateRole", "Change a role's description"),
        params: params.role,
        body: zUpdateRoleRequest,
        response: { 200: zRoleResponse },
      },
    },
    async (request) => ({
      role: await permissions.updateRole(await appOf(request), p(request).name as string, request.body.description),
    }),
  );
  r.delete(
    paths.role,
    { schema: { ...named("deleteRole", "Delete a custom role"), params: params.role, response: { 200: zOk } } },
    async (request) => {
      await permissions.deleteRole(await appOf(request), p(request).name as string);
      return { ok: true as const };
    },
  );
  r.get(
    paths.permissions,
    {
      schema: {
        ...named("listPermissions", "Read the permission matrix of every channel type"),
        ...base,
        response: { 200: zPermissionMatricesResponse },
      },
    },
    async (request) => ({ permissions: await permissions.listMatrices(await appOf(request)) }),
  );
  const channelType = (request: FastifyRequest) => p(request).channelType as TChannelType;
  r.get(
    paths.permission,
    {
      schema: {
        ...named("getPermissions", "Read one channel type's permission matrix"),
        params: params.channelType,
        response: { 200: zPermissionMatrixResponse },
      },
    },
    async (request) => ({ permissions: await permissions.getMatrix(await appOf(request), channelType(request)) }),
  );
  r.put(
    paths.permission,
    {
      schema: {
        ...named("setPermissions", "Replace one channel type's permission matrix"),
        params: params.channelType,
        body: zSetPermissionMatrixRequest,
        response: { 200: zPermissionMatrixResponse },
      },
    },
    async (request) => ({
      permissions: await permissions.setMatrix(await appOf(request), channelType(request), request.body),
    }),
  );
  r.delete(
    paths.permission,
    {
      schema: {
        ...named("resetPermissions", "Reset one channel type's permission matrix to the default"),
        params: params.channelType,
        response: { 200: zPermissionMatrixResponse },
      },
    },
    async (request) => ({ permissions: await permissions.resetMatrix(await appOf(request), channelType(request)) }),
  );
  r.put(
    paths.userRole,
    {
      schema: {
        ...named("setUserRole", "Give a user an app role"),
        params: params.user,
        body: zSetUserRoleRequest,
        response: { 200: zUserRoleState },
      },
    },
    async (request) => permissions.setUserRole(await appOf(request), p(request).userId as string, request.body.role),
  );
  r.put(
    paths.memberRole,
    {
      schema: {
        ...named("setMemberRole", "Make a member a moderator of the channel, or a member again"),
        params: params.member,
        body: zSetMemberRoleRequest,
        response: { 200: zMemberRoleState },
      },
    },
    async (request) =>
      channels.setMemberRole(
        { kind: "server", app: await appOf(request) },
        p(request).channelId as string,
        p(request).userId as string,
        request.body.role,
      ),
  );
}

/** The app's server reads and sets roles and the matrices under `/v1`; a user's session hears 1023. */
export const roleChatRoutes: FastifyPluginAsync<RoleDeps> = async (fastify, deps) => {
  fastify.addHook("preHandler", resolveChatCaller(deps));
  registerRoleRoutes(fastify, deps, {
    paths: {
      roles: chatApi.roles,
      role: chatApi.role,
      permissions: chatApi.permissions,
      permission: chatApi.permission,
      userRole: chatApi.userRole,
      memberRole: chatApi.memberRole,
    },
    params: {
      role: zRoleParams,
      channelType: zChannelTypeParams,
      user: zUserIdParams,
      member: zChannelMemberParams,
    },
    appOf: serverOnly,
    named: chatOperation,
  });
};

/** The dashboard's roles page and a user's and a member's role, as the app's administrator. */
export const dashboardRoleRoutes: FastifyPluginAsync<RoleDeps & { auth: AuthService }> = async (fastify, deps) => {
  fastify.addHook("preValidation", requireAuth(deps.auth));
  registerRoleRoutes(fastify, deps, {
    paths: dashboardRoles,
    params: {
      base: zAppIdParams,
      role: zAppRoleParams,
      channelType: zAppChannelTypeParams,
      user: zAppUserParams,
      member: zAppChannelUserParams,
    },
    appOf: (request) => deps.apps.requireAppAccess(authOf(request), (request.params as { id: string }).id),
    named: () => ({}),
  });
};
