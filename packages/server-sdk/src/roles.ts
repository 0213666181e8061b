import type { TChannelType, TPermissionMatrix, TRole, TSetPermissionMatrixRequestInput } from "@parley/contract";
import { chatApi } from "@parley/contract/client";
import type { Http } from "./http";

/** The app's roles: the built-in ones (admin, moderator, member, guest) and up to 20 of its own. */
export class Roles {
  constructor(private readonly http: Http) {}

  /** Every role of the app, built-in first, each with how many users hold it. */
  async list(): Promise<TRole[]> {
    return (await this.http.request<{ roles: TRole[] }>("GET", chatApi.roles)).roles;
  }

  /** Makes a custom role; `3199` when the name is taken (or built in), `3200` past 20. */
  async create(name: string, description?: string): Promise<TRole> {
    const body = description === undefined ? { name } : { name, description };
    return (await this.http.request<{ role: TRole }>("POST", chatApi.roles, { body })).role;
  }

  /** Changes a role's description; a built-in role's too. */
  async update(name: string, description: string): Promise<TRole> {
    return (
      await this.http.request<{ role: TRole }>("PATCH", chatApi.role, { params: { name }, body: { description } })
    ).role;
  }

  /** Deletes a custom role: its users become members. `3201` for a built-in role. */
  async delete(name: string): Promise<void> {
    await this.http.request("DELETE", chatApi.role, { params: { name } });
  }
}

/** The permission matrix of each channel type: what each app role and channel role may do there. */
export class Permissions {
  constructor(private readonly http: Http) {}

  /** One channel type's matrix, or, without a type, every type's. */
  get(channelType: TChannelType): Promise<TPermissionMatrix>;
  get(): Promise<TPermissionMatrix[]>;
  async get(channelType?: TChannelType): Promise<TPermissionMatrix | TPermissionMatrix[]> {
    if (channelType === undefined) {
      return (await this.http.request<{ permissions: TPermissionMatrix[] }>("GET", chatApi.permissions)).permissions;
    }
    const answer = await this.http.request<{ permissions: TPermissionMatrix }>("GET", chatApi.permission, {
      params: { channelType },
    });
    return answer.permissions;
  }

  /** Replaces a type's matrix; it binds users' next actions at once. An app role left out gets `member`'s grants. */
  async set(channelType: TChannelType, matrix: TSetPermissionMatrixRequestInput): Promise<TPermissionMatrix> {
    const answer = await this.http.request<{ permissions: TPermissionMatrix }>("PUT", chatApi.permission, {
      params: { channelType },
      body: matrix,
    });
    return answer.permissions;
  }

  /** Puts a type's matrix back to the default. */
  async reset(channelType: TChannelType): Promise<TPermissionMatrix> {
    const answer = await this.http.request<{ permissions: TPermissionMatrix }>("DELETE", chatApi.permission, {
      params: { channelType },
    });
    return answer.permissions;
  }
}
