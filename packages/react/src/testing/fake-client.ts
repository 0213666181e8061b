import {
  type Call,
  type ChannelListOptions,
  type ConnectionState,
  type CreateChannelInput,
  type FileInput,
  type HistoryOptions,
  type MessagesApi,
  type OfflineApi,
  type PageOptions,
  ParleyConnectionError,
  type ParleyEventMap,
  type ParleyListener,
  type SendFileOptions,
  type SendOptions,
  type TCallsPage,
  type TChannel,
  type TChannelPushMode,
  type TChannelsPage,
  type TChatUser,
  type TEditMessageRequest,
  type TMember,
  type TMembersPage,
  type TMessage,
  type TMessagesResponse,
  type TPushPreferences,
  type TUnreadResponse,
  type TUpdatePushPreferencesRequest,
  type UnreadCounts,
} from "@parley/sdk";
import type { ChatClient } from "../client";
import { makeChannel, makeMember, makeMessage, makeUser } from "./fake-data";
import { FakePolls } from "./fake-polls";
import { FakeReceipts } from "./fake-receipts";
import { FakeScheduled } from "./fake-scheduled";
import { AT } from "./fake-time";

interface FakeChannel {
  channel: TChannel;
  joined: boolean;
  members: TMember[];
  messages: TMessage[];
  unread: UnreadCounts;
}

/** How the fake's server answers: at once, never (every request fails as unreachable), or not yet (they wait). */
export type FakeNetwork = "online" | "offline" | "stalled";

/**
 * An in-memory stand-in for the part of `ParleyClient` the kit uses: channels, members, messages (history pages,
 * replies, reactions, edits, and files as the offline layer's outbox sends them), unread counts and typing, with the
 * events a server would send for the user's own actions. Tests seed it, drive the UI, and call `emit` for what other
 * users do. `setNetwork` cuts its server off or holds its answers; `offline` is null unless a test gives it a store
 * (`src/testing/offline.ts`). Receipts follow the members' marks as the SDK's do: `load` reads them from the members
 * list, and `channel.delivered` / `channel.read` a test emits move them.
 */
export class FakeClient implements ChatClient {
  readonly appId = "app_fake";
  currentUser: TChatUser;
  connectionState: ConnectionState = "open";
  sessionToken: string | null = "pcs_fake";
  lastEventId: string | null = null;
  offline: OfflineApi | null = null;
  #network: FakeNetwork = "online";
  #networkChanged: Array<() => void> = [];
  readonly #refusals = new Map<string, Error[]>();
  readonly #listeners = new Map<string, Set<(payload: never) => void>>();
  readonly #channels = new Map<string, FakeChannel>();
  readonly #typing = new Map<string, string[]>();
  readonly #pushModes = new Map<string, TChannelPushMode>();
  /** Every request made, by name, with its arguments, for tests to check what the UI asked for. */
  readonly requests: { name: string; args: unknown[] }[] = [];

  constructor(me = "kim") {
    this.currentUser = makeUser(me);
    this.on("channel.delivered", (event) => this.receipts.move(event.channelId, event.userId, event.seq ?? 0, 0));
    this.on("channel.read", (event) =>
      this.receipts.move(event.channelId, event.userId, event.seq ?? 0, event.seq ?? 0),
    );
  }

  /** Adds a channel, joined by the user unless `joined` is false. */
  addChannel(
    channel: TChannel,
    options: { joined?: boolean; members?: TMember[]; messages?: TMessage[]; unread?: Partial<UnreadCounts> } = {},
  ): void {
    this.#channels.set(channel.id, {
      channel,
      joined: options.joined ?? true,
      members: options.members ?? [makeMember(this.currentUser.userId)],
      messages: options.messages ?? [],
      unread: { unreadCount: 0, unreadMentionCount: 0, ...options.unread },
    });
  }

  /** Another user joins a channel: they are listed, counted, and `member.joined` is sent, as the server would. */
  addMember(channelId: string, member: TMember): void {
    const state = this.#channel(channelId);
    state.members = [...state.members, member];
    state.channel = { ...state.channel, memberCount: state.channel.memberCount + 1 };
    this.emit("member.joined", {
      type: "member.joined",
      channelId,
      userId: member.userId,
    } as ParleyEventMap["member.joined"]);
  }

  /** Another user leaves a channel, with its `member.left` event. */
  removeMember(channelId: string, userId: string): void {
    const state = this.#channel(channelId);
    state.members = state.members.filter((m) => m.userId !== userId);
    state.channel = { ...state.channel, memberCount: state.channel.memberCount - 1 };
    this.emit("member.left", { type: "member.left", channelId, userId } as ParleyEventMap["member.left"]);
  }

  /** Someone else's event reaches the client, as the real-time link would deliver it. */
  emit<K extends keyof ParleyEventMap>(type: K, payload: ParleyEventMap[K]): void {
    for (const listener of this.#listeners.get(type) ?? []) (listener as ParleyListener<K>)(payload);
  }

  /** Another user starts typing in a channel. */
  startTyping(channelId: string, userId: string): void {
    this.#typing.set(channelId, [...(this.#typing.get(channelId) ?? []), userId]);
    this.emit("typing.started", { type: "typing.started", channelId, userId } as ParleyEventMap["typing.started"]);
  }

  on<K extends keyof ParleyEventMap>(type: K, listener: ParleyListener<K>): () => void {
    const set = this.#listeners.get(type) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.#listeners.set(type, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Cuts the server off (`offline`), holds its answers until the network changes (`stalled`), or lets it answer. */
  setNetwork(network: FakeNetwork): void {
    this.#network = network;
    for (const wake of this.#networkChanged.splice(0)) wake();
  }

  /** The link moves to `state`, with its `connection` event. */
  setConnection(state: ConnectionState): void {
    this.connectionState = state;
    this.emit("connection", { state } as ParleyEventMap["connection"]);
  }

  readonly #slowMode = new Map<string, number>();
  /** Slow mode's time left as the SDK keeps it; a test sets it with `setSlowModeRemaining`. */
  readonly slowMode = { remainingSeconds: (channelId: string) => this.#slowMode.get(channelId) ?? 0 };

  setSlowModeRemaining(channelId: string, seconds: number): void {
    this.#slowMode.set(channelId, seconds);
  }

  /** The next request by this name (`messages.send`, …) is refused with `error`, as the server would refuse it. */
  refuseNext(name: string, error: Error): void {
    this.#refusals.set(name, [...(this.#refusals.get(name) ?? []), error]);
  }

  async connect(): Promise<void> {
    this.requests.push({ name: "connect", args: [] });
  }

  disconnect(): void {
    this.requests.push({ name: "disconnect", args: [] });
  }

  #record(name: string, ...args: unknown[]): void {
    this.requests.push({ name, args });
    const refusal = this.#refusals.get(name)?.shift();
    if (refusal) throw refusal;
  }

  /** Waits while the network is stalled, and fails as a fetch would while it is off. */
  /** A call to the fake server: waits while the network stalls, fails offline, and is recorded. */
  async #call(name: string, ...args: unknown[]): Promise<void> {
    if (this.#network !== "online") await this.#reach();
    this.#record(name, ...args);
  }

  async #reach(): Promise<void> {
    while (this.#network === "stalled") await new Promise<void>((wake) => this.#networkChanged.push(wake));
    if (this.#network === "offline") throw new ParleyConnectionError("The fake server cannot be reached.");
  }

  #channel(channelId: string): FakeChannel {
    const found = this.#channels.get(channelId);
    if (!found) throw new Error(`no channel ${channelId}`);
    return found;
  }

  #replace(channelId: string, message: TMessage): TMessage {
    const state = this.#channel(channelId);
    state.messages = state.messages.map((m) => (m.id === message.id ? message : m));
    return message;
  }

  #find(channelId: string, messageId: string): TMessage {
    const message = this.#channel(channelId).messages.find((m) => m.id === messageId);
    if (!message) throw new Error(`no message ${messageId}`);
    return message;
  }

  #page(messages: TMessage[], options: HistoryOptions): TMessagesResponse {
    const limit = options.limit ?? 30;
    const before = options.before;
    const older = before === undefined ? messages : messages.filter((m) => m.seq < before);
    return { messages: older.slice(-limit), hasMore: older.length > limit };
  }

  readonly channels: ChatClient["channels"] = {
    list: async (options: ChannelListOptions = {}): Promise<TChannelsPage> => {
      await this.#call("channels.list", options);
      const mine = options.scope !== "public";
      const channels = [...this.#channels.values()]
        .filter((c) => (mine ? c.joined : c.channel.type === "public"))
        .map((c) => ({ ...c.channel, ...(mine ? c.unread : {}) }));
      return { channels, nextCursor: null };
    },
    get: async (channelId: string) => this.#channel(channelId).channel,
    create: async (input: CreateChannelInput) => {
      await this.#call("channels.create", input);
      const type = input.type ?? "public";
      const channel = makeChannel(`c${this.#channels.size + 1}`, { name: input.name ?? "", type });
      this.addChannel(channel);
      return channel;
    },
    join: async (channelId: string) => {
      await this.#call("channels.join", channelId);
      const state = this.#channel(channelId);
      state.joined = true;
      return state.channel;
    },
    leave: async (channelId: string) => {
      await this.#call("channels.leave", channelId);
      this.#channel(channelId).joined = false;
    },
    pin: async (channelId: string, messageId: string) => {
      const state = this.#channel(channelId);
      state.channel = { ...state.channel, pinnedMessageIds: [...(state.channel.pinnedMessageIds ?? []), messageId] };
      return state.channel;
    },
    unpin: async (channelId: string, messageId: string) => {
      const state = this.#channel(channelId);
      const pinned = (state.channel.pinnedMessageIds ?? []).filter((id) => id !== messageId);
      state.channel = { ...state.channel, pinnedMessageIds: pinned };
      return state.channel;
    },
  };

  readonly members: ChatClient["members"] = {
    list: async (channelId: string, _options: PageOptions = {}): Promise<TMembersPage> => {
      if (this.#network !== "online") await this.#reach();
      return { members: this.#channel(channelId).members, nextCursor: null };
    },
  };

  /** The kit's messages, and `sendFile`, which only the offline layer's outbox calls. */
  readonly messages: ChatClient["messages"] & Pick<MessagesApi, "sendFile"> = {
    send: async (channelId: string, text: string, _metadata?: Record<string, string>, options: SendOptions = {}) => {
      await this.#call("messages.send", channelId, text, options);
      const state = this.#channel(channelId);
      const seq = (state.messages[state.messages.length - 1]?.seq ?? 0) + 1;
      const { mentionedUserIds, parentMessageId, showInChannel, type, customType, clientMessageId } = options;
      const message = makeMessage(channelId, seq, this.currentUser.userId, text, {
        ...(clientMessageId ? { clientMessageId } : {}),
        ...(mentionedUserIds ? { mentionedUserIds } : {}),
        ...(parentMessageId ? { parentMessageId } : {}),
        ...(showInChannel ? { showInChannel } : {}),
        ...(type === "custom" ? { type, customType } : {}),
      });
      state.messages.push(message);
      // The event comes over the real-time link, so a client whose link is down hears only the send's answer.
      if (this.connectionState === "open") {
        this.emit("message.created", {
          type: "message.created",
          channelId,
          message,
        } as ParleyEventMap["message.created"]);
      }
      return message;
    },
    sendFile: async (channelId: string, file: FileInput, options: SendFileOptions = {}) => {
      if (this.#network !== "online") await this.#reach();
      const size = file instanceof Blob ? file.size : "bytes" in file ? file.bytes.byteLength : 0;
      const name =
        file instanceof Blob ? ("name" in file && typeof file.name === "string" ? file.name : "file") : file.name;
      const mimeType = file.type || "application/octet-stream";
      this.#record("messages.sendFile", channelId, { name, size, mimeType }, options);
      const state = this.#channel(channelId);
      const seq = (state.messages[state.messages.length - 1]?.seq ?? 0) + 1;
      // As the server stores one: the caption is the message's text.
      const message = makeMessage(channelId, seq, this.currentUser.userId, options.caption ?? "", {
        type: "file",
        file: { url: `/files/${encodeURIComponent(name)}`, name, size, mimeType },
        ...(options.clientMessageId ? { clientMessageId: options.clientMessageId } : {}),
      });
      state.messages.push(message);
      this.emit("message.created", {
        type: "message.created",
        channelId,
        message,
      } as ParleyEventMap["message.created"]);
      return message;
    },
    history: async (channelId: string, options: HistoryOptions = {}) => {
      await this.#call("messages.history", channelId, options);
      const inChannel = this.#channel(channelId).messages.filter((m) => !m.parentMessageId || m.showInChannel);
      return this.#page(inChannel, options);
    },
    replies: async (channelId: string, messageId: string, options: HistoryOptions = {}) => {
      await this.#call("messages.replies", channelId, messageId, options);
      const replies = this.#channel(channelId).messages.filter((m) => m.parentMessageId === messageId);
      return this.#page(replies, options);
    },
    edit: async (channelId: string, messageId: string, changes: TEditMessageRequest) => {
      await this.#call("messages.edit", channelId, messageId, changes);
      const message = this.#find(channelId, messageId);
      return this.#replace(channelId, { ...message, text: changes.text ?? message.text, editedAt: AT });
    },
    delete: async (channelId: string, messageId: string) => {
      await this.#call("messages.delete", channelId, messageId);
      const state = this.#channel(channelId);
      state.messages = state.messages.filter((m) => m.id !== messageId);
    },
    react: async (channelId: string, messageId: string, reaction: string) => {
      await this.#call("messages.react", channelId, messageId, reaction);
      const message = this.#find(channelId, messageId);
      const reactions = { ...message.reactions, [reaction]: (message.reactions?.[reaction] ?? 0) + 1 };
      const myReactions = [...(message.myReactions ?? []), reaction];
      return this.#replace(channelId, { ...message, reactions, myReactions });
    },
    unreact: async (channelId: string, messageId: string, reaction: string) => {
      await this.#call("messages.unreact", channelId, messageId, reaction);
      const message = this.#find(channelId, messageId);
      const count = (message.reactions?.[reaction] ?? 1) - 1;
      const { [reaction]: _gone, ...others } = message.reactions ?? {};
      const reactions = count > 0 ? { ...others, [reaction]: count } : others;
      const myReactions = (message.myReactions ?? []).filter((r) => r !== reaction);
      return this.#replace(channelId, { ...message, reactions, myReactions });
    },
    removeLinkPreview: async (channelId: string, messageId: string) => {
      await this.#call("messages.removeLinkPreview", channelId, messageId);
      const { linkPreview: _gone, ...message } = this.#find(channelId, messageId);
      return this.#replace(channelId, message);
    },
    markRead: async (channelId: string, seq?: number) => {
      await this.#call("messages.markRead", channelId, seq);
      const state = this.#channel(channelId);
      state.unread = { unreadCount: 0, unreadMentionCount: 0 };
      this.emit("unread.changed", { channelId, ...state.unread, totals: null });
      return seq ?? state.messages[state.messages.length - 1]?.seq ?? 0;
    },
  };

  readonly unread: ChatClient["unread"] & { read(channelId: string): void } = {
    of: (channelId: string) => this.#channels.get(channelId)?.unread,
    // What the SDK does for a read mark it has not sent yet (the offline layer's): the counts clear at once.
    read: (channelId: string) => {
      const state = this.#channels.get(channelId);
      if (!state) return;
      state.unread = { unreadCount: 0, unreadMentionCount: 0 };
      this.emit("unread.changed", { channelId, ...state.unread, totals: null });
    },
    totals: null,
    refresh: async (): Promise<TUnreadResponse> => {
      const unreadCount = [...this.#channels.values()].reduce((sum, c) => sum + c.unread.unreadCount, 0);
      const unreadMentionCount = [...this.#channels.values()].reduce((sum, c) => sum + c.unread.unreadMentionCount, 0);
      const channels = [...this.#channels.values()].filter((c) => c.unread.unreadCount > 0).length;
      return { unreadCount, unreadMentionCount, channels };
    },
  };

  readonly typing: ChatClient["typing"] = {
    keystroke: (channelId: string) => this.#record("typing.keystroke", channelId),
    stop: (channelId: string) => this.#record("typing.stop", channelId),
    users: (channelId: string) => this.#typing.get(channelId) ?? [],
  };

  readonly presence: ChatClient["presence"] = {
    subscribe: (userIds: string[]) => this.#record("presence.subscribe", userIds),
  };

  readonly calls: ChatClient["calls"] = {
    current: null,
    start: async (): Promise<Call> => {
      throw new Error("the fake client makes no calls");
    },
    history: async (): Promise<TCallsPage> => ({ calls: [], nextCursor: null }),
  };

  readonly users: ChatClient["users"] = {
    get: async (userId: string) => makeUser(userId),
  };

  readonly polls = new FakePolls({
    call: (name, ...args) => this.#call(name, ...args),
    record: (name, ...args) => this.#record(name, ...args),
    messagesOf: (channelId) => this.#channel(channelId).messages,
    userId: () => this.currentUser.userId,
    emit: (type, payload) => this.emit(type, payload),
  });

  /** Receipts as the SDK keeps them: read from the members list on `load`, moved by the events a test emits. */
  readonly receipts = new FakeReceipts({
    call: (name, ...args) => this.#call(name, ...args),
    membersOf: (channelId) => this.#channel(channelId).members,
    userId: () => this.currentUser.userId,
  });

  /** The user's push mode per channel, `default` until set; a test may set one first with `setPushModeOf`. */
  setPushModeOf(channelId: string, mode: TChannelPushMode): void {
    this.#pushModes.set(channelId, mode);
  }

  async channelPushMode(channelId: string): Promise<TChannelPushMode> {
    await this.#call("channelPushMode", channelId);
    return this.#pushModes.get(channelId) ?? "default";
  }

  async setChannelPushMode(channelId: string, mode: TChannelPushMode): Promise<TChannelPushMode> {
    await this.#call("setChannelPushMode", channelId, mode);
    this.#pushModes.set(channelId, mode);
    return mode;
  }

  /** The user's push preferences as the server keeps them; a test may set them first. */
  pushPreferencesState: TPushPreferences = { level: "all", doNotDisturb: null, snoozeUntil: null };

  async pushPreferences(): Promise<TPushPreferences> {
    await this.#call("pushPreferences");
    return this.pushPreferencesState;
  }

  async setPushPreferences(changes: TUpdatePushPreferencesRequest): Promise<TPushPreferences> {
    await this.#call("setPushPreferences", changes);
    const { level, doNotDisturb, snoozeUntil } = { ...this.pushPreferencesState, ...changes };
    this.pushPreferencesState = { level, doNotDisturb: doNotDisturb ?? null, snoozeUntil: snoozeUntil ?? null };
    return this.pushPreferencesState;
  }

  /** The user's scheduled messages, in memory, under the server's range and limit. */
  readonly scheduled = new FakeScheduled((name, ...args) => this.#call(name, ...args));

  /** The server's limit on waiting messages per user, lowered by tests that reach it. */
  get scheduledLimit(): number {
    return this.scheduled.limit;
  }

  set scheduledLimit(limit: number) {
    this.scheduled.limit = limit;
  }

  /** Ends a scheduled message as the server would at its time: `sent`, or `failed` with the refusal's code. */
  finishScheduled(id: string, outcome: { status: "sent" } | { status: "failed"; errorCode: string }): void {
    this.scheduled.finish(id, outcome);
  }
}

export { makeChannel, makeMember, makeMessage, makePollMessage, makeUser } from "./fake-data";
