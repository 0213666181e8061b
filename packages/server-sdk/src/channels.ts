import { randomUUID } from "node:crypto";
import type {
  TBulkChannelItemInput,
  TBulkChannelsResponse,
  TBulkItemError,
  TBulkMembersResponse,
  TChannel,
  TChannelsPage,
  TCreateChannelRequestInput,
  TMember,
  TMemberRoleState,
  TMembersPage,
  TShadowBanState,
  TUpdateChannelRequestInput,
} from "@parley/contract";
import { chatApi, isErrorCode, statusOf } from "@parley/contract/client";
import { ParleyError } from "./errors";
import type { Http } from "./http";
import type { ListOptions } from "./users";

/** A channel to create: a create's fields, and optionally its ID and its owner. */
export type CreateChannelInput = TCreateChannelRequestInput & {
  /** The channel's ID, a UUID; drawn by the client when left out. */
  channelId?: string;
  /** The owner, one of the app's users, made a member; without one the channel is the app's. */
  ownerUserId?: string;
};

/** The error of a failed item of a bulk call, as the same call for that item alone would have thrown it. */
function itemError(error: TBulkItemError | undefined): ParleyError {
  const code = error?.code ?? "001";
  return new ParleyError(
    { code, message: error?.message ?? "the item failed", ...(error?.data ? { data: error.data } : {}) },
    isErrorCode(code) ? statusOf(code) : 500,
  );
}

/** The app's channels, managed with the API key. */
export class Channels {
  constructor(private readonly http: Http) {}

  /**
   * Makes a channel and answers it. The client chooses its ID (unless given), so a create retried after its answer
   * was lost finds the channel it made instead of making a second. With `distinct: true` it answers the app's
   * distinct channel of exactly these members when there is one.
   */
  async create(channel: CreateChannelInput): Promise<TChannel> {
    if (channel.distinct) {
      // A distinct channel is found by its members, so it takes neither an ID nor an owner of the caller's choosing.
      if (channel.channelId !== undefined || channel.ownerUserId !== undefined) {
        throw new TypeError("a distinct channel takes neither channelId nor ownerUserId");
      }
      const { channel: made } = await this.http.request<{ channel: TChannel }>("POST", chatApi.channels, {
        body: channel,
      });
      return made;
    }
    const { distinct: _, ...item } = channel;
    const { results } = await this.createMany([item]);
    const [result] = results;
    if (result?.channel && result.status !== "failed") return result.channel;
    throw itemError(result?.error);
  }

  /**
   * Makes up to 100 channels in one call (one transaction), with their members, and answers a result per item in
   * order: `created`, `exists` (the app has a channel of this ID, left as it is) or `failed` with the item's own
   * error. Items without a `channelId` get one drawn here, so the call is safe to repeat.
   */
  createMany(channels: TBulkChannelItemInput[]): Promise<TBulkChannelsResponse> {
    const items = channels.map((item) => ({ ...item, channelId: item.channelId ?? randomUUID() }));
    return this.http.request<TBulkChannelsResponse>("POST", chatApi.channelsBulk, { body: { channels: items } });
  }

  /** One channel; `3007` when the app has none of this ID. */
  async get(channelId: string): Promise<TChannel> {
    const { channel } = await this.http.request<{ channel: TChannel }>("GET", chatApi.channel, {
      params: { channelId },
    });
    return channel;
  }

  /** Changes what `changes` gives; `data` replaces the whole map. */
  async update(channelId: string, changes: TUpdateChannelRequestInput): Promise<TChannel> {
    const { channel } = await this.http.request<{ channel: TChannel }>("PATCH", chatApi.channel, {
      params: { channelId },
      body: changes,
    });
    return channel;
  }

  /** Deletes the channel and its messages. A delete retried after its answer was lost succeeds. */
  async delete(channelId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.channel, {
      params: { channelId },
      appliedBefore: (error) => (error.code === "3007" ? { ok: true } : undefined),
    });
  }

  /** The app's channels, a page at a time. */
  list(options: ListOptions = {}): Promise<TChannelsPage> {
    return this.http.request<TChannelsPage>("GET", chatApi.channels, { query: { ...options } });
  }

  /** Makes a member a moderator of the channel, or a member again; the owner changes by a transfer only. */
  setMemberRole(channelId: string, userId: string, role: "moderator" | "member"): Promise<TMemberRoleState> {
    return this.http.request<TMemberRoleState>("PUT", chatApi.memberRole, {
      params: { channelId, userId },
      body: { role },
    });
  }
}

/** The members of the app's channels. */
export class Members {
  constructor(private readonly http: Http) {}

  /** A channel's members, a page at a time. */
  list(channelId: string, options: ListOptions = {}): Promise<TMembersPage> {
    return this.http.request<TMembersPage>("GET", chatApi.members, { params: { channelId }, query: { ...options } });
  }

  /** Adds users (up to 100) to the channel and answers the channel; adding a member again changes nothing. */
  async add(channelId: string, userIds: string[]): Promise<TChannel> {
    const { channel } = await this.http.request<{ channel: TChannel }>("POST", chatApi.members, {
      params: { channelId },
      body: { userIds },
    });
    return channel;
  }

  /** Removes a member. A removal retried after its answer was lost succeeds. */
  async remove(channelId: string, userId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.member, {
      params: { channelId, userId },
      appliedBefore: (error) => (error.code === "3020" ? { ok: true } : undefined),
    });
  }

  /**
   * Adds and removes up to 100 members in one call (one transaction; the removals first), with a result per user:
   * `added`, `already_member`, `removed`, `not_member` or `failed` with its own error.
   */
  change(channelId: string, changes: { add?: string[]; remove?: string[] }): Promise<TBulkMembersResponse> {
    return this.http.request<TBulkMembersResponse>("POST", chatApi.membersBulk, {
      params: { channelId },
      body: { add: changes.add ?? [], remove: changes.remove ?? [] },
    });
  }

  /** {@link Members.change} with additions only. */
  addMany(channelId: string, userIds: string[]): Promise<TBulkMembersResponse> {
    return this.change(channelId, { add: userIds });
  }

  /** {@link Members.change} with removals only. */
  removeMany(channelId: string, userIds: string[]): Promise<TBulkMembersResponse> {
    return this.change(channelId, { remove: userIds });
  }
}

/** Moderation of the app's channels: bans, mutes and shadow bans. */
export class Moderation {
  constructor(private readonly http: Http) {}

  /** Bans the user from the channel: they leave it and cannot join or be added until unbanned. */
  async ban(channelId: string, userId: string): Promise<void> {
    await this.http.request("POST", chatApi.ban, { params: { channelId, userId } });
  }

  async unban(channelId: string, userId: string): Promise<void> {
    await this.http.request("POST", chatApi.unban, { params: { channelId, userId } });
  }

  /** Mutes a member for `minutes` (1 to 1,440): they stay in the channel but cannot send. */
  mute(channelId: string, userId: string, minutes: number): Promise<TMember> {
    return this.http.request<TMember>("POST", chatApi.mute, { params: { channelId, userId }, body: { minutes } });
  }

  unmute(channelId: string, userId: string): Promise<TMember> {
    return this.http.request<TMember>("POST", chatApi.unmute, { params: { channelId, userId } });
  }

  /**
   * Shadow-bans a member in the channel: their new messages there are seen by them only, and no one is told. It ends
   * when they leave the channel, as a mute does.
   */
  shadowBan(channelId: string, userId: string): Promise<TShadowBanState> {
    return this.http.request<TShadowBanState>("POST", chatApi.channelShadowBans, {
      params: { channelId },
      body: { userId },
    });
  }

  /** Lifts a member's shadow ban in the channel. */
  liftShadowBan(channelId: string, userId: string): Promise<TShadowBanState> {
    return this.http.request<TShadowBanState>("DELETE", chatApi.channelShadowBan, { params: { channelId, userId } });
  }

  /** Whether a member is shadow-banned in the channel (a user shadow-banned in the whole app is not counted here). */
  async isShadowBanned(channelId: string, userId: string): Promise<boolean> {
    const state = await this.http.request<TShadowBanState>("GET", chatApi.channelShadowBan, {
      params: { channelId, userId },
    });
    return state.shadowBanned;
  }
}
