import {
  chatApi,
  type TBlockedUser,
  type TBlockedUsersPage,
  type TChatUser,
  type TEventsResponse,
  type TReport,
  type TReportReason,
  type TUnreadResponse,
  type TUserReportRequestInput,
} from "@parley/contract/client";
import type { PageOptions, UpdateMeInput } from "./apis";
import type { Http } from "./http";

/** The signed-in user's own profile. */
export class MeApi {
  constructor(
    private readonly http: Http,
    private readonly remember: (user: TChatUser) => void,
  ) {}

  /** The current user, fresh from the server. */
  async get(): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("GET", chatApi.me);
    this.remember(user);
    return user;
  }

  /** The user's unread totals over all their channels, fresh from the server. */
  unread(): Promise<TUnreadResponse> {
    return this.http.request("GET", chatApi.unread);
  }

  /** Changes the user's nickname or picture. */
  async update(input: UpdateMeInput): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("PATCH", chatApi.me, { body: input });
    this.remember(user);
    return user;
  }

  /**
   * Blocks a user of the app: their messages no longer reach this user, in real time, in history, as pushes or in
   * unread counts, and they cannot open a distinct one-to-one channel with this user. Blocking again is harmless and
   * answers the same block. 3084 for oneself, 3018 for an unknown user, 3085 past 1,000 blocked users.
   */
  async block(userId: string): Promise<TBlockedUser> {
    return (await this.http.request<{ user: TBlockedUser }>("POST", chatApi.block, { params: { userId } })).user;
  }

  /** Unblocks a user: their messages reach this user again, history included. 3083 when not blocked. */
  async unblock(userId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.block, { params: { userId } });
  }

  /** The users this user blocks, most recently blocked first, by cursor. */
  blocked(options: Omit<PageOptions, "search"> = {}): Promise<TBlockedUsersPage> {
    return this.http.request("GET", chatApi.blocks, { query: { ...options } });
  }
}

/** Other users of the app, as the signed-in user may see them. */
export class UsersApi {
  constructor(private readonly http: Http) {}

  /** A user of the app by id, with whether they are online now. 3018 for an unknown user. */
  async get(userId: string): Promise<TChatUser> {
    return (await this.http.request<{ user: TChatUser }>("GET", chatApi.user, { params: { userId } })).user;
  }

  /**
   * Reports a user to the app's moderators; give the channel where it happened so they can mute or ban the user
   * there. 3110 for oneself, 3018 an unknown user, 3020 a channel the caller is not a member of.
   */
  async report(
    userId: string,
    reason: TReportReason,
    options: { description?: string; channelId?: string } = {},
  ): Promise<TReport> {
    const body: TUserReportRequestInput = { reason, ...options };
    return (await this.http.request<{ report: TReport }>("POST", chatApi.userReport, { params: { userId }, body }))
      .report;
  }
}

/** The event log behind the real-time link; `connect()` uses it to catch up on its own. */
export class EventsApi {
  constructor(private readonly http: Http) {}

  /** Events of the user's channels after the event id `after`, oldest first; page on while `hasMore`. */
  since(after: string, limit?: number): Promise<TEventsResponse> {
    return this.http.request("GET", chatApi.events, { query: { after, limit } });
  }
}
