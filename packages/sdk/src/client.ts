import {
  chatApi,
  type TChannel,
  type TChannelPushMode,
  type TChatSession,
  type TChatUser,
  type TPushDevice,
  type TPushPlatform,
  type TPushPreferences,
  type TPushProvider,
  type TUpdatePushPreferencesRequest,
} from "@parley/contract/client";
import { ChannelsApi, MembersApi, MessagesApi } from "./apis";
import { type CallOptions, CallsApi } from "./calls";
import type { ClientHost, PlatformState, SessionChange } from "./client-host";
import { Emitter } from "./emitter";
import { Http } from "./http";
import { PresenceApi, TypingApi } from "./live";
import type { OfflineApi } from "./offline-api";
import { type AppStateMonitor, browserNetwork, type NetworkMonitor } from "./platform";
import { PollsApi } from "./polls";
import {
  readChannelPushMode,
  readPushPreferences,
  writeChannelPushMode,
  writePushPreferences,
} from "./push-preferences";
import { Realtime, type ReconnectOptions } from "./realtime";
import { ReceiptsApi } from "./receipts";
import { ScheduledMessagesApi } from "./scheduled";
import { SlowModeApi } from "./slow-mode";
import { followSubchannels } from "./subchannels";
import type { ConnectionState, ConnectionWait, ParleyEventMap, ParleyListener, WebSocketConstructor } from "./types";
import { UnreadApi } from "./unread";
import { resolveBaseUrl, socketUrl } from "./urls";
import { EventsApi, MeApi, UsersApi } from "./users";

/** Something that plugs into a {@link ParleyClient} through its options, e.g. `offline` from `@parley/sdk/offline`. */
export interface ClientExtension<T> {
  attach(client: ParleyClient, host: ClientHost): T;
}

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
  /**
   * A request without an answer after this many ms fails with `ParleyConnectionError` (default 30 000). A message
   * sent over the real-time link without an ack in this time is sent again by HTTP.
   */
  requestTimeoutMs?: number;
  /**
   * Whether `messages.send` and the delivered marks of `receipts` use the real-time link while it is open (default
   * true), which costs the server less than an HTTP request; false sends every one by HTTP. Either way the answer, the errors and the idempotency
   * by `clientMessageId` are the same, and a send the link drops before its ack goes again by HTTP.
   */
  sendOverSocket?: boolean;
  /** Retry policy for a dropped real-time link, or `false` to go `closed` on the first drop. */
  reconnect?: ReconnectOptions | false;
  /** How often the link is pinged to notice a dead connection, in ms (default 25 000). */
  pingIntervalMs?: number;
  /**
   * The app's foreground and background, e.g. `reactNativeAppState(AppState)`. In the background the real-time link
   * is closed and nothing is retried (the offline outbox waits too), except while a call goes on; back in front it
   * reconnects at once and catches up on what it missed. Without it the client does not follow the app's state.
   */
  appState?: AppStateMonitor;
  /**
   * The device's network, e.g. `netInfoNetwork(NetInfo)`. Without a network the link stops trying and its
   * `connection` change says `waitingFor: "network"`; when it is back it reconnects at once. In a browser the page's
   * `online` and `offline` events are followed when this is left out.
   */
  network?: NetworkMonitor;
  /** Voice and video calls: the WebRTC to use outside a browser, and the ICE transport policy. */
  calls?: CallOptions;
  /**
   * Keeps a local copy and a durable outbox: `offline({ storage })` from `@parley/sdk/offline`. Off by default;
   * then everything is in memory and starts from the network, as without it.
   */
  offline?: ClientExtension<OfflineApi>;
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
  /** Other users of the app. */
  readonly users: UsersApi;
  /** Unread counts per channel and in all, kept current from events. */
  readonly unread: UnreadApi;
  /** Delivery and read receipts: sends what reached this client on its own, and where the user's messages stand. */
  readonly receipts: ReceiptsApi;
  /** Messages the user schedules to be sent later: schedule, list, edit, cancel. */
  readonly scheduled: ScheduledMessagesApi;
  /** Each channel's slow mode as the user meets it: `remainingSeconds(channelId)` before they may send again. */
  readonly slowMode: SlowModeApi;
  /** Saying the user is typing, and who else is. */
  readonly typing: TypingApi;
  /** Who is online, for the users the app follows. */
  readonly presence: PresenceApi;
  /** One-to-one voice and video calls. */
  readonly calls: CallsApi;
  /** Polls: create, vote, close, read voters; every poll seen kept current from events. */
  readonly polls: PollsApi;
  /** The local copy and the outbox, when the client was made with the `offline` option; otherwise null. */
  readonly offline: OfflineApi | null;

  readonly #http: Http;
  readonly #emitter = new Emitter(() => this.#http.forgetReads());
  readonly #realtime: Realtime;
  readonly #wsUrl: string;
  #sessionToken: string | null = null;
  #currentUser: TChatUser | null = null;
  /** The user's subchannel in each split super group, as the server last said. */
  readonly #subchannels = new Map<string, number>();
  readonly #sessionListeners: Array<(change: SessionChange) => Promise<void>> = [];
  #knownSession: ((sessionToken: string) => Promise<TChatUser | null>) | null = null;
  /** The platform's last word, and who hears it. */
  #platform: PlatformState = { online: true, active: true };
  readonly #platformListeners: Array<(state: PlatformState) => void> = [];

  /** Creates a client; nothing is sent until a login or `resume`. */
  constructor(options: ParleyClientOptions) {
    if (!options.appId) throw new TypeError("appId is required");
    this.appId = options.appId;
    const base = resolveBaseUrl(options.baseUrl);
    this.#wsUrl = socketUrl(base);
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#http = new Http({
      base,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeoutMs: requestTimeoutMs,
      token: () => this.#sessionToken,
    });
    this.unread = new UnreadApi(
      this.#emitter,
      () => this.#currentUser?.userId ?? null,
      () => this.me.unread(),
    );
    this.slowMode = new SlowModeApi(this.#emitter, () => this.#currentUser?.userId ?? null);
    const sendOverSocket = options.sendOverSocket ?? true;
    this.receipts = new ReceiptsApi(
      this.#emitter,
      this.#http,
      () => this.#currentUser?.userId ?? null,
      (channelId, seq) => (sendOverSocket ? this.#realtime.markDelivered(channelId, seq) : null),
    );
    const seen = { seen: (channels: TChannel[]) => this.#seen(channels), read: (id: string) => this.unread.read(id) };
    this.channels = new ChannelsApi(this.#http, seen);
    this.members = new MembersApi(this.#http);
    this.messages = new MessagesApi(
      this.#http,
      this.unread,
      (channelId, body) => (sendOverSocket ? this.#realtime.sendMessage(channelId, body) : null),
      this.slowMode,
    );
    this.me = new MeApi(this.#http, (user) => {
      this.#currentUser = user;
    });
    this.events = new EventsApi(this.#http);
    this.scheduled = new ScheduledMessagesApi(this.#http);
    this.users = new UsersApi(this.#http);
    this.polls = new PollsApi(this.#http, this.#emitter);
    this.#realtime = new Realtime({
      url: () => this.#wsUrl,
      WebSocket: options.WebSocket,
      token: () => this.#sessionToken,
      fetchEvents: (after) => this.events.since(after, 500),
      emitter: this.#emitter,
      onReady: (user, subchannels) => {
        if (user) this.#currentUser = user;
        // Refilled in place: the follower of the events holds this map.
        this.#subchannels.clear();
        for (const [channelId, subchannel] of Object.entries(subchannels)) this.#subchannels.set(channelId, subchannel);
      },
      reconnect:
        options.reconnect === false
          ? false
          : {
              initialDelayMs: options.reconnect?.initialDelayMs ?? 500,
              maxDelayMs: options.reconnect?.maxDelayMs ?? 30_000,
              maxAttempts: options.reconnect?.maxAttempts ?? Number.POSITIVE_INFINITY,
            },
      retryFirstAttempt: () => this.offline !== null,
      pingIntervalMs: options.pingIntervalMs ?? 25_000,
      authTimeoutMs: 15_000,
      ackTimeoutMs: requestTimeoutMs,
      onCallSignal: (callId, data) => this.calls.signal(callId, data),
    });
    this.typing = new TypingApi(this.#realtime, this.#emitter);
    this.presence = new PresenceApi(this.#realtime, this.#emitter);
    this.calls = new CallsApi(
      this.#http,
      this.#realtime,
      this.#emitter,
      () => this.#currentUser?.userId ?? null,
      options.calls,
      () => this.#followForeground(),
    );
    // Registered first, so the app's listeners already see the new subchannel.
    followSubchannels(this.#emitter, this.#subchannels, {
      currentUserId: () => this.#currentUser?.userId,
      mine: (channelId) => this.channels.subchannels(channelId),
    });
    this.offline = options.offline ? options.offline.attach(this, this.#host()) : null;
    // After the extension is attached, so that it hears the first word too (an app started in the background).
    (options.network ?? browserNetwork())?.subscribe((online) => this.#setPlatform({ online }));
    options.appState?.subscribe((state) => this.#setPlatform({ active: state === "active" }));
  }

  /** Takes the platform's word: the link waits for the network, and for the foreground. */
  #setPlatform(change: Partial<PlatformState>): void {
    const next = { ...this.#platform, ...change };
    if (next.online === this.#platform.online && next.active === this.#platform.active) return;
    this.#platform = next;
    if (next.online) this.#realtime.release("network");
    else this.#realtime.hold("network");
    this.#followForeground();
    for (const listener of this.#platformListeners) listener(next);
  }

  /**
   * The link waits for the foreground while the app is in the background, but not during a call: a voice call goes
   * on with the screen off, and its signalling (a restart of its media, the hang-up) needs the link.
   */
  #followForeground(): void {
    if (!this.#platform.active && this.calls.current === null) this.#realtime.hold("foreground");
    else this.#realtime.release("foreground");
  }

  #host(): ClientHost {
    return {
      onSession: (listener) => {
        this.#sessionListeners.push(listener);
      },
      resumeFrom: (lastEventId) => {
        if (this.#realtime.state === "closed") this.#realtime.resetCursor(lastEventId);
      },
      knownSession: (source) => {
        this.#knownSession = source;
      },
      retryNow: () => {
        this.#setPlatform({ online: true });
        this.#realtime.retryNow();
      },
      networkLost: () => this.#setPlatform({ online: false }),
      onPlatform: (listener) => {
        this.#platformListeners.push(listener);
      },
      seenChannels: (channels) => this.#seen(channels),
    };
  }

  #seen(channels: TChannel[]): void {
    this.unread.seen(channels);
    this.slowMode.seen(channels);
    this.receipts.seen(channels);
  }

  async #announce(change: SessionChange): Promise<void> {
    for (const listener of this.#sessionListeners) await listener(change);
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
   * What the link waits for before its next attempt, as the last `connection` change said: `network` or
   * `foreground`, or null when it is not held back by the platform.
   */
  get connectionWaitingFor(): ConnectionWait | null {
    return this.#realtime.state === "open" || this.#realtime.state === "closed" ? null : this.#realtime.waitingFor;
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
    return await this.#begin(
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
    return await this.#begin(
      await this.#http.request<TChatSession>("POST", chatApi.anonymousLogin, {
        body: { appId: this.appId, userId, nickname },
        auth: false,
      }),
    );
  }

  /**
   * Continues a stored session. Fails with {@link ParleyError} 3028 when the session has ended; the stored
   * token is then forgotten. With the `offline` option, a session this device used before resumes at once from the
   * local copy, without waiting for the network (as the user it belonged to); an ended session then shows when the
   * link is refused (3028).
   */
  async resume(sessionToken: string): Promise<TChatUser> {
    const previous = this.#currentUser?.userId;
    this.#sessionToken = sessionToken;
    const known = this.#knownSession ? await this.#knownSession(sessionToken) : null;
    if (known) {
      // The device's copy opens at once, before any network answer; the server's word on the session comes with
      // the profile asked here and with the link (an ended session closes it with 3028).
      this.#currentUser = known;
      if (previous !== known.userId) this.#realtime.resetCursor(null);
      await this.#announce({ user: known, sessionToken });
      // Asked in the next task, so a screen drawn from the copy as this answers is drawn before the request is made.
      setTimeout(() => {
        if (this.#sessionToken === sessionToken) this.me.get().catch(() => undefined);
      }, 0);
      return known;
    }
    let user: TChatUser;
    try {
      user = await this.me.get();
    } catch (error) {
      this.#sessionToken = null;
      this.#currentUser = null;
      throw error;
    }
    if (previous !== user.userId) this.#realtime.resetCursor(null);
    await this.#announce({ user, sessionToken });
    return user;
  }

  /**
   * Ends the session on the server and locally, and closes the real-time link. With the `offline` option the
   * user's local copy is deleted too, unless `keepOfflineData` keeps it for their next login on this device.
   */
  async logout(options: { keepOfflineData?: boolean } = {}): Promise<void> {
    this.#realtime.disconnect();
    try {
      if (this.#sessionToken) await this.#http.request("POST", chatApi.logout, { body: {} });
    } finally {
      this.#sessionToken = null;
      this.#currentUser = null;
      this.#realtime.resetCursor(null);
      await this.#announce({ user: null, keepData: options.keepOfflineData ?? false });
    }
  }

  /**
   * Registers this device's push token, so the signed-in user gets push notifications here while not connected:
   * an FCM registration token (the default), or with `{ provider: "apns" }` the hex device token iOS hands to
   * `didRegisterForRemoteNotificationsWithDeviceToken`, for push straight through Apple. Call it after login and
   * whenever the platform hands out a new token; registering the same token again is harmless, and moves it to
   * whoever is signed in now. A user keeps the 20 newest devices.
   */
  async registerPushToken(
    token: string,
    platform: TPushPlatform,
    options: { provider?: TPushProvider } = {},
  ): Promise<TPushDevice> {
    const body = { token, platform, provider: options.provider ?? "fcm" };
    return (await this.#http.request<{ device: TPushDevice }>("POST", chatApi.pushTokens, { body })).device;
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

  #userId(): string {
    const userId = this.#currentUser?.userId;
    if (!userId) throw new TypeError("sign in first");
    return userId;
  }

  /** The signed-in user's push preferences: level (`all`, `mentions`, `none`), quiet hours and snooze. */
  pushPreferences(): Promise<TPushPreferences> {
    return readPushPreferences(this.#http, this.#userId());
  }

  /**
   * Changes the signed-in user's push preferences: the fields given, null clearing quiet hours or the snooze.
   * FCM and APNs pushes follow them from the next event. 3241 for a time zone the server does not know.
   */
  setPushPreferences(changes: TUpdatePushPreferencesRequest): Promise<TPushPreferences> {
    return writePushPreferences(this.#http, this.#userId(), changes);
  }

  /** The signed-in user's push mode in one channel: `default`, `mentions` or `mute`. */
  channelPushMode(channelId: string): Promise<TChannelPushMode> {
    return readChannelPushMode(this.#http, channelId, this.#userId());
  }

  /** Mutes a channel's pushes for the signed-in user, keeps only its mentions, or goes back to `default`. */
  setChannelPushMode(channelId: string, mode: TChannelPushMode): Promise<TChannelPushMode> {
    return writeChannelPushMode(this.#http, channelId, this.#userId(), mode);
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

  async #begin(session: TChatSession): Promise<TChatUser> {
    if (this.#currentUser?.userId !== session.user.userId) {
      this.#realtime.disconnect();
      this.#realtime.resetCursor(null);
    }
    this.#sessionToken = session.sessionToken;
    this.#currentUser = session.user;
    await this.#announce({ user: session.user, sessionToken: session.sessionToken });
    return session.user;
  }
}
