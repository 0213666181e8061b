import type {
  TBulkUserItemInput,
  TBulkUsersResponse,
  TChatUser,
  TChatUsersPage,
  TCreateChatUserRequestInput,
  TShadowBanState,
  TUpdateChatUserRequestInput,
  TUserRoleState,
} from "@parley/contract";
import { chatApi } from "@parley/contract/client";
import type { Http } from "./http";

/** A page of a list: `cursor` is the `nextCursor` of the page before; `search` matches a prefix of IDs and names. */
export interface ListOptions {
  cursor?: string;
  /** 1 to 100; default 20. */
  limit?: number;
  search?: string;
}

/** The app's end users, managed with the API key. */
export class Users {
  constructor(private readonly http: Http) {}

  /**
   * Makes a user. Refused with `3019` when the app has a user of this ID; a create retried after its answer was lost
   * answers the user it made.
   */
  async create(user: TCreateChatUserRequestInput): Promise<TChatUser> {
    const { user: created } = await this.http.request<{ user: TChatUser }>("POST", chatApi.users, {
      body: user,
      appliedBefore: async (error) => (error.code === "3019" ? { user: await this.get(user.userId) } : undefined),
    });
    return created;
  }

  /** One user; `3018` when the app has none of this ID. */
  async get(userId: string): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("GET", chatApi.user, { params: { userId } });
    return user;
  }

  /** Changes what `changes` gives; `metadata` replaces the whole map. */
  async update(userId: string, changes: TUpdateChatUserRequestInput): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("PATCH", chatApi.user, {
      params: { userId },
      body: changes,
    });
    return user;
  }

  /** Deletes the user, their memberships and sessions. A delete retried after its answer was lost succeeds. */
  async delete(userId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.user, {
      params: { userId },
      appliedBefore: (error) => (error.code === "3018" ? { ok: true } : undefined),
    });
  }

  /** The app's users, a page at a time. */
  list(options: ListOptions = {}): Promise<TChatUsersPage> {
    return this.http.request<TChatUsersPage>("GET", chatApi.users, { query: { ...options } });
  }

  /**
   * Creates or changes up to 100 users in one call (one transaction), with a result per item in order: `created`,
   * `updated`, `unchanged`, or `failed` with the item's own error. Sending the same items again changes nothing.
   */
  upsertMany(users: TBulkUserItemInput[]): Promise<TBulkUsersResponse> {
    return this.http.request<TBulkUsersResponse>("POST", chatApi.usersBulk, { body: { users } });
  }

  /** Stops the user: they cannot log in or send, and their sessions end. */
  async deactivate(userId: string): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("POST", chatApi.userDeactivate, {
      params: { userId },
    });
    return user;
  }

  /** Lets a deactivated user log in and send again. */
  async activate(userId: string): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("POST", chatApi.userActivate, {
      params: { userId },
    });
    return user;
  }

  /**
   * Shadow-bans the user in the app: they go on sending and see their messages as before, but no one else sees any
   * new one. Neither they nor other users are told; webhooks carry their messages marked `shadowed`.
   */
  shadowBan(userId: string): Promise<TShadowBanState> {
    return this.http.request<TShadowBanState>("PUT", chatApi.userShadowBan, { params: { userId } });
  }

  /** Lifts the user's shadow ban in the app: their next messages reach everyone again. */
  liftShadowBan(userId: string): Promise<TShadowBanState> {
    return this.http.request<TShadowBanState>("DELETE", chatApi.userShadowBan, { params: { userId } });
  }

  /** Whether the user is shadow-banned in the app. */
  async isShadowBanned(userId: string): Promise<boolean> {
    const state = await this.http.request<TShadowBanState>("GET", chatApi.userShadowBan, { params: { userId } });
    return state.shadowBanned;
  }

  /** Gives the user an app role, built-in or custom; `3198` for a role the app does not have. */
  setRole(userId: string, role: string): Promise<TUserRoleState> {
    return this.http.request<TUserRoleState>("PUT", chatApi.userRole, { params: { userId }, body: { role } });
  }
}
