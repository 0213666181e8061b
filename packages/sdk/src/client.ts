import {
  CHAT_API_PREFIX,
  chatApi,
  type TChannel,
  type TChannelsPage,
  type TChatSession,
  type TChatUser,
  type TEventsResponse,
  type TMember,
  type TMembersPage,
  type TMessage,
  type TMessagesResponse,
  type TMessageTranslation,
  type TPushDevice,
  type TPushPlatform,
  type TSubchannelsResponse,
  type zCreateChannelRequest,
  type zUpdateChannelRequest,
  type zUpdateChatUserRequest,
} from "@parley/contract";
import type { z } from "zod";
import { Emitter } from "./emitter";
import { ParleyConnectionError, ParleyError } from "./errors";
import { basePath, Http, resolveBaseUrl } from "./http";
import { Realtime, type ReconnectOptions } from "./realtime";
import type { ConnectionState, ParleyEventMap, ParleyListener, WebSocketConstructor } from "./types";

/** Settings of a {@link ParleyClient}. */
export interface ParleyClientOptions {
  /**
   * Where the Parley server is, e.g. `https://chat.example.com`. In a browser it may be relative (`""` or `/`)
   * to use the page's origin, e.g. behind a dev proxy.
   */
  baseUrl: string;
  /** The app's id, from the dashboard. */
  appId: string;
  /** The WebSocket class. Browsers have one; in Node pass `WebSocket` from the `ws` package. */
  WebSocket?: WebSocketConstructor;
  /** A `fetch` to use instead of the global one, e.g. to add tracing. */
  fetch?: typeof fetch;
  /** A request without an answer after this many ms fails with `ParleyConnectionError` (default 30 000). */
  requestTimeoutMs?: number;
  /** Retry policy for a dropped real-time link, or `false` to go `closed` on the first drop. */
  reconnect?: ReconnectOptions | false;
  /** How often the link is pinged to notice a dead connection, in ms (default 25 000). */
  pingIntervalMs?: number;
}

/** Fields of a new channel; `type` defaults to `public`. */
export type CreateChannelInput = z.input<typeof zCreateChannelRequest>;
/** Fields of a channel to change; the others stay. */
export type UpdateChannelInput = z.input<typeof zUpdateChannelRequest>;
/** What an end user may change about themselves. */
export type UpdateMeInput = Omit<z.input<typeof zUpdateChatUserRequest>, "metadata">;
/** Paging of a list: pass the previous page's `nextCursor` as `cursor`. */
export interface PageOptions {
  cursor?: string;
  limit?: number;
  search?: string;
}
/** Which channels to list: the user's own (`mine`, default) or the app's public ones (`public`). */
export interface ChannelListOptions extends PageOptions {
  scope?: "mine" | "public";
}
/**
 * A slice of history, always oldest first. Without `before`/`after`: the latest messages. `before`: older than
 * that seq (to load older). `after`: newer than that seq.
 */
export interface HistoryOptions {
  before?: number;
  after?: number;
  limit?: number;
}

/** Channels: create, find, join and leave them. */
export class ChannelsApi {
  constructor(private readonly http: Http) {}

  /** Creates a channel owned by the current user, who becomes its first member. */
  async create(input: CreateChannelInput): Promise<TChannel> {
    return (await this.http.request<{ channel: TChannel }>("POST", chatApi.channels, { body: input })).channel;
  }

  /** Lists the user's channels (`scope: "mine"`) or the app's public ones (`scope: "public"`), by cursor. */
  list(options: ChannelListOptions = {}): Promise<TChannelsPage> {
    return this.http.request("GET", chatApi.channels, { query: { ...options } });
  }

  /** One channel the user may see. */
  async get(channelId: string): Promise<TChannel> {
    return (await this.http.request<{ channel: TChannel }>("GET", chatApi.channel, { params: { channelId } })).channel;
  }

  /** Changes a channel; only its owner may. */
  async update(channelId: string, input: UpdateChannelInput): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("PATCH", chatApi.channel, { params: { channelId }, body: input })
    ).channel;
  }

  /** Deletes a channel with its messages; only its owner may. */
  async delete(channelId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.channel, { params: { channelId } });
  }

  /** Joins a channel; a private channel needs its `inviteCode` (3008 without, 3032 when wrong). */
  async join(channelId: string, options: { inviteCode?: string } = {}): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("POST", chatApi.join, { params: { channelId }, body: options })
    ).channel;
  }

  /** Leaves a channel; an owner who leaves hands the channel to the longest-standing member. */
  async leave(channelId: string): Promise<void> {
    await this.http.request("POST", chatApi.leave, { params: { channelId }, body: {} });
  }

  /**
   * A super group's subchannels (number and members each) and the user's own (`mine`, null when subchannels are
   * off). In a super group with subchannels on, a member's messages reach their own subchannel only.
   */
  subchannels(channelId: string): Promise<TSubchannelsResponse> {
    return this.http.request("GET", chatApi.subchannels, { params: { channelId } });
  }
}

/** Members of a channel and their moderation; changes other than `list` are for the channel's owner. */
export class MembersApi {
  constructor(private readonly http: Http) {}

  /** Lists the members of a channel, by cursor. */
  list(channelId: string, options: PageOptions = {}): Promise<TMembersPage> {
    return this.http.request("GET", chatApi.members, { params: { channelId }, query: { ...options } });
  }

  /** Adds users to a channel, e.g. to an invite-only one. */
  async add(channelId: string, userIds: string[]): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("POST", chatApi.members, {
        params: { channelId },
        body: { userIds },
      })
    ).channel;
  }

  /** Removes a member; unlike a ban, they may join again. */
  async remove(channelId: string, userId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.member, { params: { channelId, userId } });
  }

  /** Keeps a member from sending for `minutes` (at most a day); their sends fail with 3022. */
  mute(channelId: string, userId: string, minutes: number): Promise<TMember> {
    return this.http.request("POST", chatApi.mute, { params: { channelId, userId }, body: { minutes } });
  }

  /** Lifts a mute before it ends. */
  unmute(channelId: string, userId: string): Promise<TMember> {
    return this.http.request("POST", chatApi.unmute, { params: { channelId, userId }, body: {} });
  }

  /** Removes a member and keeps them out (3023) until unbanned. */
  async ban(channelId: string, userId: string): Promise<void> {
    await this.http.request("POST", chatApi.ban, { params: { channelId, userId }, body: {} });
  }

  /** Lets a banned user join again. */
  async unban(channelId: string, userId: string): Promise<void> {
    await this.http.request("POST", chatApi.unban, { params: { channelId, userId }, body: {} });
  }

  /** Hands the channel to another member. */
  async changeOwner(channelId: string, userId: string): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("PUT", chatApi.owner, { params: { channelId }, body: { userId } })
    ).channel;
  }
}

const SEND_ATTEMPTS = 3;

/** How long to wait before trying a send again, or null when it should not be tried again. */
function retryDelayMs(err: unknown, attempt: number): number | null {
  if (attempt >= SEND_ATTEMPTS) return null;
  if (err instanceof ParleyConnectionError) return 250 * 2 ** (attempt - 1);
  if (err instanceof ParleyError && err.code === "005") return (err.data?.retryAfterSeconds ?? 1) * 1000;
  return null;
}

/** Messages of a channel. */
export class MessagesApi {
  constructor(private readonly http: Http) {}

  /**
   * Sends a text message. Refusals come as {@link ParleyError}: 3012 empty, 3013 too long, 3020 not a member,
   * 3021 frozen channel, 3022 muted, 3023 banned. The message also arrives as a `message.created` event.
   *
   * Every send carries an idempotency key (`clientMessageId`, generated unless given), so when the connection drops
   * before the answer, or the rate limit (005) refuses it, the send is tried again without ever storing the message
   * twice.
   */
  async send(
    channelId: string,
    text: string,
    metadata?: Record<string, string>,
    options: { clientMessageId?: string } = {},
  ): Promise<TMessage> {
    const clientMessageId = options.clientMessageId ?? globalThis.crypto.randomUUID();
    const body = metadata === undefined ? { text, clientMessageId } : { text, metadata, clientMessageId };
    for (let attempt = 1; ; attempt++) {
      try {
        const sent = await this.http.request<{ message: TMessage }>("POST", chatApi.messages, {
          params: { channelId },
          body,
        });
        return sent.message;
      } catch (err) {
        const wait = retryDelayMs(err, attempt);
        if (wait === null) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** A page of history, oldest first; `hasMore` tells whether there is more in the direction asked. */
  history(channelId: string, options: HistoryOptions = {}): Promise<TMessagesResponse> {
    return this.http.request("GET", chatApi.messages, { params: { channelId }, query: { ...options } });
  }

  /** Deletes one of the user's own messages (3033 for someone else's). */
  async delete(channelId: string, messageId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.message, { params: { channelId, messageId } });
  }

  /** Marks messages read up to `seq` (default: the latest) and returns the read position. */
  async markRead(channelId: string, seq?: number): Promise<number> {
    const body = seq === undefined ? {} : { seq };
    return (await this.http.request<{ lastReadSeq: number }>("POST", chatApi.read, { params: { channelId }, body }))
      .lastReadSeq;
  }

  /**
   * The message's text in `language` (`ko`, `en`, `zh-CN`, …), translated by the app's Google key and cached by
   * the server, so asking again is cheap. Fails with 3037 when the app has translation off or no key, 3038 when
   * the translation service failed (retry later), 300 for a language it does not support, and 3020 for a
   * channel the user is not in. A file sent without a caption translates to empty text.
   */
  async translate(channelId: string, messageId: string, language: string): Promise<TMessageTranslation> {
    return (
      await this.http.request<{ translation: TMessageTranslation }>("GET", chatApi.translation, {
        params: { channelId, messageId, language },
      })
    ).translation;
  }
}

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

  /** Changes the user's nickname or picture. */
  async update(input: UpdateMeInput): Promise<TChatUser> {
    const { user } = await this.http.request<{ user: TChatUser }>("PATCH", chatApi.me, { body: input });
    this.remember(user);
    return user;
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

/**
 * The Parley chat client for one end user of one app: log in, call the chat API, and receive events in real
 * time.
 *
 * ```ts
 * const client = new ParleyClient({ baseUrl: "https://chat.example.com", appId });
 * await client.loginWithToken("kim", tokenFromYourServer);
 * client.on("message.created", (event) => render(event.message));
 * await client.connect();
 * ```
 */
export class ParleyClient {
  /** The app this client belongs to. */
  readonly appId: string;
  /** Channels: create, list, join, leave. */
  readonly channels: ChannelsApi;
  /** Members and moderation. */
  readonly members: MembersApi;
  /** Send, page and delete messages. */
  readonly messages: MessagesApi;
  /** The signed-in user's profile. */
  readonly me: MeApi;
  /** The event log, for apps that keep their own cursor. */
  readonly events: EventsApi;

  readonly #http: Http;
  readonly #emitter = new Emitter();
  readonly #realtime: Realtime;
  readonly #wsUrl: string;
  #sessionToken: string | null = null;
  #currentUser: TChatUser | null = null;
  /** The user's subchannel in each split super group, as the server last said. */
  #subchannels = new Map<string, number>();

  /** Creates a client; nothing is sent until a login or `resume`. */
  constructor(options: ParleyClientOptions) {
    if (!options.appId) throw new TypeError("appId is required");
    this.appId = options.appId;
    const base = resolveBaseUrl(options.baseUrl);
    const ws = new URL(base);
    ws.protocol = base.protocol === "https:" ? "wss:" : "ws:";
    ws.pathname = `${basePath(base)}${CHAT_API_PREFIX}${chatApi.ws}`;
    this.#wsUrl = ws.toString();
    this.#http = new Http({
      base,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeoutMs: options.requestTimeoutMs ?? 30_000,
      token: () => this.#sessionToken,
    });
    this.channels = new ChannelsApi(this.#http);
    this.members = new MembersApi(this.#http);
    this.messages = new MessagesApi(this.#http);
    this.me = new MeApi(this.#http, (user) => {
      this.#currentUser = user;
    });
    this.events = new EventsApi(this.#http);
    this.#realtime = new Realtime({
      url: () => this.#wsUrl,
      WebSocket: options.WebSocket,
      token: () => this.#sessionToken,
      fetchEvents: (after) => this.events.since(after, 500),
      emitter: this.#emitter,
      onReady: (user, subchannels) => {
        if (user) this.#currentUser = user;
        this.#subchannels = new Map(Object.entries(subchannels));
      },
      reconnect:
        options.reconnect === false
          ? false
          : {
              initialDelayMs: options.reconnect?.initialDelayMs ?? 500,
              maxDelayMs: options.reconnect?.maxDelayMs ?? 30_000,
              maxAttempts: options.reconnect?.maxAttempts ?? Number.POSITIVE_INFINITY,
            },
      pingIntervalMs: options.pingIntervalMs ?? 25_000,
      authTimeoutMs: 15_000,
    });
    this.#followSubchannels();
  }

  /** Keeps {@link subchannelOf} current; registered first, so the app's listeners already see the new value. */
  #followSubchannels(): void {
    const isMe = (userId: string | undefined) => userId !== undefined && userId === this.#currentUser?.userId;
    this.#emitter.on("member.joined", (event) => {
      if (isMe(event.userId) && event.subchannel !== undefined)
        this.#subchannels.set(event.channelId, event.subchannel);
    });
    for (const type of ["member.left", "member.banned", "channel.deleted"] as const) {
      this.#emitter.on(type, (event) => {
        if (type === "channel.deleted" || isMe(event.userId)) this.#subchannels.delete(event.channelId);
      });
    }
    this.#emitter.on("subchannels.changed", (event) => {
      const mine = this.#subchannels.get(event.channelId);
      if (event.merge) {
        if (mine === event.merge.from) this.#subchannels.set(event.channelId, event.merge.into);
        return;
      }
      // Placed anew (subchannels turned on or off): only the server knows where.
      this.channels.subchannels(event.channelId).then(
        ({ mine }) => {
          if (mine === null) this.#subchannels.delete(event.channelId);
          else this.#subchannels.set(event.channelId, mine);
        },
        // Unknown until the next connection's ready frame says it again.
        () => this.#subchannels.delete(event.channelId),
      );
    });
  }

  /** The signed-in user, or null before login and after logout. */
  get currentUser(): TChatUser | null {
    return this.#currentUser;
  }

  /**
   * The user's subchannel in a super group with subchannels on (their messages reach its members only), or null
   * for any other channel. Known once connected, and kept up to date as the user joins and subchannels merge.
   */
  subchannelOf(channelId: string): number | null {
    return this.#subchannels.get(channelId) ?? null;
  }

  /** The session token; store it to `resume` the session later, e.g. after a page reload. */
  get sessionToken(): string | null {
    return this.#sessionToken;
  }

  /** The real-time link's state. */
  get connectionState(): ConnectionState {
    return this.#realtime.state;
  }

  /**
   * The id of the newest event seen; a reconnect asks for what came after it. Null before the first
   * `connect()`. Store it with the session and pass it to `connect({ after })` to catch up across restarts.
   */
  get lastEventId(): string | null {
    return this.#realtime.lastEventId;
  }

  /** Logs in with a login token the app's server issued (`POST /v1/users/:userId/token` with the API key). */
  async loginWithToken(userId: string, token: string): Promise<TChatUser> {
    return this.#begin(
      await this.#http.request<TChatSession>("POST", chatApi.login, {
        body: { appId: this.appId, userId, token },
        auth: false,
      }),
    );
  }

  /**
   * Logs in without a token, creating the user on first use or updating the nickname. Works only when the app
   * allows anonymous login (3016 otherwise), and only for users made this way: a user ID that the app's server or
   * dashboard created is refused with 3062.
   */
  async loginAnonymously(userId: string, nickname: string): Promise<TChatUser> {
    return this.#begin(
      await this.#http.request<TChatSession>("POST", chatApi.anonymousLogin, {
        body: { appId: this.appId, userId, nickname },
        auth: false,
      }),
    );
  }

  /**
   * Continues a stored session. Fails with {@link ParleyError} 3028 when the session has ended; the stored
   * token is then forgotten.
   */
  async resume(sessionToken: string): Promise<TChatUser> {
    const previous = this.#currentUser?.userId;
    this.#sessionToken = sessionToken;
    try {
      const user = await this.me.get();
      if (previous !== user.userId) this.#realtime.resetCursor(null);
      return user;
    } catch (error) {
      this.#sessionToken = null;
      this.#currentUser = null;
      throw error;
    }
  }

  /** Ends the session on the server and locally, and closes the real-time link. */
  async logout(): Promise<void> {
    this.#realtime.disconnect();
    try {
      if (this.#sessionToken) await this.#http.request("POST", chatApi.logout, { body: {} });
    } finally {
      this.#sessionToken = null;
      this.#currentUser = null;
      this.#realtime.resetCursor(null);
    }
  }

  /**
   * Registers this device's FCM registration token, so the signed-in user gets push notifications here while
   * not connected. Call it after login and whenever Firebase hands out a new token; registering the same token
   * again is harmless, and moves it to whoever is signed in now. A user keeps the 20 newest devices.
   */
  async registerPushToken(token: string, platform: TPushPlatform): Promise<TPushDevice> {
    return (
      await this.#http.request<{ device: TPushDevice }>("POST", chatApi.pushTokens, { body: { token, platform } })
    ).device;
  }

  /** The signed-in user's registered devices, newest first (tokens are not sent back). */
  async listPushTokens(): Promise<TPushDevice[]> {
    return (await this.#http.request<{ devices: TPushDevice[] }>("GET", chatApi.pushTokens)).devices;
  }

  /**
   * Stops push to a device, by the `id` that `registerPushToken` returned; call it before `logout` so a shared
   * device stops receiving this user's notifications. Fails with 3042 for a device that is not the user's.
   */
  async unregisterPushToken(deviceId: string): Promise<void> {
    await this.#http.request("DELETE", chatApi.pushToken, { params: { deviceId } });
  }

  /**
   * Opens the real-time link and resolves once it is authenticated and caught up. A failure of this first
   * attempt rejects (call again to retry); once open, drops are retried on their own (see `reconnect`).
   * `after` resumes from a stored {@link lastEventId}: what happened since is delivered first.
   */
  connect(options: { after?: string } = {}): Promise<void> {
    if (options.after !== undefined && this.#realtime.state === "closed") this.#realtime.resetCursor(options.after);
    return this.#realtime.connect();
  }

  /** Closes the real-time link and stops retrying. `lastEventId` is kept, so a later `connect()` catches up. */
  disconnect(): void {
    this.#realtime.disconnect();
  }

  /** Listens to a chat event type or to `connection` changes; returns a function that stops listening. */
  on<K extends keyof ParleyEventMap>(type: K, listener: ParleyListener<K>): () => void {
    return this.#emitter.on(type, listener);
  }

  /** Stops a listener added with `on`. */
  off<K extends keyof ParleyEventMap>(type: K, listener: ParleyListener<K>): void {
    this.#emitter.off(type, listener);
  }

  #begin(session: TChatSession): TChatUser {
    if (this.#currentUser?.userId !== session.user.userId) {
      this.#realtime.disconnect();
      this.#realtime.resetCursor(null);
    }
    this.#sessionToken = session.sessionToken;
    this.#currentUser = session.user;
    return session.user;
  }
}
