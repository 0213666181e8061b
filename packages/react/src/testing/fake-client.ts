import {
  type Call,
  type ChannelListOptions,
  type ConnectionState,
  type CreateChannelInput,
  type CreatePollInput,
  type FileInput,
  type HistoryOptions,
  type MessageReceipt,
  type MessagesApi,
  type OfflineApi,
  type PageOptions,
  ParleyConnectionError,
  ParleyError,
  type ParleyEventMap,
  type ParleyListener,
  type ScheduledListOptions,
  type ScheduledMessageChanges,
  type ScheduleOptions,
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
  type TPoll,
  type TScheduledMessage,
  type TScheduledMessagesPage,
  type TUnreadResponse,
  type UnreadCounts,
} from "@parley/sdk";
import type { ChatClient } from "../client";
import { SCHEDULE_MAX_AHEAD_MS, SCHEDULE_MIN_AHEAD_MS } from "../lib/schedule-time";

const AT = "2025-01-02T03:04:05.000Z";

export function makeUser(userId: string, nickname = userId.toUpperCase()): TChatUser {
  return {
    userId,
    nickname,
    profileImageUrl: "",
    isActive: true,
    isAnonymous: true,
    metadata: {},
    createdAt: AT,
    lastSeenAt: AT,
  };
}

export function makeChannel(id: string, fields: Partial<TChannel> = {}): TChannel {
  return {
    id,
    name: id,
    imageUrl: "",
    type: "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: false,
    ownerUserId: null,
    memberCount: 2,
    tags: [],
    lastMessage: null,
    createdAt: AT,
    ...fields,
  };
}

export function makeMember(userId: string, fields: Partial<TMember> = {}): TMember {
  return {
    userId,
    nickname: userId.toUpperCase(),
    profileImageUrl: "",
    isActive: true,
    role: "member",
    isOnline: false,
    joinedAt: AT,
    mutedUntil: null,
    ...fields,
  };
}

export function makeMessage(
  channelId: string,
  seq: number,
  sender: string,
  text: string,
  fields: Partial<TMessage> = {},
) {
  const message: TMessage = {
    id: `${channelId}-m${seq}`,
    channelId,
    seq,
    type: "text",
    text,
    sender: { userId: sender, nickname: sender.toUpperCase(), profileImageUrl: "" },
    metadata: {},
    file: null,
    createdAt: AT,
    ...fields,
  };
  return message;
}

/** A channel's state in the fake: its record, members and messages (replies included), oldest first. */
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
  readonly #marks = new Map<string, Map<string, { delivered: number; read: number }>>();
  readonly #receiptListeners = new Set<(channelId: string) => void>();
  /** Every request made, by name, with its arguments, for tests to check what the UI asked for. */
  readonly requests: { name: string; args: unknown[] }[] = [];

  constructor(me = "kim") {
    this.currentUser = makeUser(me);
    this.on("channel.delivered", (event) => this.#moveMark(event.channelId, event.userId, event.seq ?? 0, 0));
    this.on("channel.read", (event) => this.#moveMark(event.channelId, event.userId, event.seq ?? 0, event.seq ?? 0));
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
  async #reach(): Promise<void> {
    while (this.#network === "stalled") await new Promise<void>((wake) => this.#networkChanged.push(wake));
    if (this.#network === "offline") throw new ParleyConnectionError("The fake server cannot be reached.");
  }

  #moveMark(channelId: string, userId: string | undefined, delivered: number, read: number): void {
    const marks = this.#marks.get(channelId);
    if (!marks || !userId) return;
    const current = marks.get(userId) ?? { delivered: 0, read: 0 };
    marks.set(userId, { delivered: Math.max(current.delivered, delivered, read), read: Math.max(current.read, read) });
    for (const listener of [...this.#receiptListeners]) listener(channelId);
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
      if (this.#network !== "online") await this.#reach();
      this.#record("channels.list", options);
      const mine = options.scope !== "public";
      const channels = [...this.#channels.values()]
        .filter((c) => (mine ? c.joined : c.channel.type === "public"))
        .map((c) => ({ ...c.channel, ...(mine ? c.unread : {}) }));
      return { channels, nextCursor: null };
    },
    get: async (channelId: string) => this.#channel(channelId).channel,
    create: async (input: CreateChannelInput) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("channels.create", input);
      const channel = makeChannel(`c${this.#channels.size + 1}`, { name: input.name ?? "" });
      this.addChannel(channel);
      return channel;
    },
    join: async (channelId: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("channels.join", channelId);
      const state = this.#channel(channelId);
      state.joined = true;
      return state.channel;
    },
    leave: async (channelId: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("channels.leave", channelId);
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
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.send", channelId, text, options);
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
      this.emit("message.created", {
        type: "message.created",
        channelId,
        message,
      } as ParleyEventMap["message.created"]);
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
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.history", channelId, options);
      const inChannel = this.#channel(channelId).messages.filter((m) => !m.parentMessageId || m.showInChannel);
      return this.#page(inChannel, options);
    },
    replies: async (channelId: string, messageId: string, options: HistoryOptions = {}) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.replies", channelId, messageId, options);
      const replies = this.#channel(channelId).messages.filter((m) => m.parentMessageId === messageId);
      return this.#page(replies, options);
    },
    edit: async (channelId: string, messageId: string, changes: TEditMessageRequest) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.edit", channelId, messageId, changes);
      const message = this.#find(channelId, messageId);
      return this.#replace(channelId, { ...message, text: changes.text ?? message.text, editedAt: AT });
    },
    delete: async (channelId: string, messageId: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.delete", channelId, messageId);
      const state = this.#channel(channelId);
      state.messages = state.messages.filter((m) => m.id !== messageId);
    },
    react: async (channelId: string, messageId: string, reaction: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.react", channelId, messageId, reaction);
      const message = this.#find(channelId, messageId);
      const reactions = { ...message.reactions, [reaction]: (message.reactions?.[reaction] ?? 0) + 1 };
      const myReactions = [...(message.myReactions ?? []), reaction];
      return this.#replace(channelId, { ...message, reactions, myReactions });
    },
    unreact: async (channelId: string, messageId: string, reaction: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.unreact", channelId, messageId, reaction);
      const message = this.#find(channelId, messageId);
      const count = (message.reactions?.[reaction] ?? 1) - 1;
      const { [reaction]: _gone, ...others } = message.reactions ?? {};
      const reactions = count > 0 ? { ...others, [reaction]: count } : others;
      const myReactions = (message.myReactions ?? []).filter((r) => r !== reaction);
      return this.#replace(channelId, { ...message, reactions, myReactions });
    },
    removeLinkPreview: async (channelId: string, messageId: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.removeLinkPreview", channelId, messageId);
      const { linkPreview: _gone, ...message } = this.#find(channelId, messageId);
      return this.#replace(channelId, message);
    },
    markRead: async (channelId: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("messages.markRead", channelId);
      const state = this.#channel(channelId);
      state.unread = { unreadCount: 0, unreadMentionCount: 0 };
      this.emit("unread.changed", { channelId, ...state.unread, totals: null });
      return state.messages[state.messages.length - 1]?.seq ?? 0;
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

  /** Each poll's votes by user, as the server keeps them. */
  readonly #pollVotes = new Map<string, Map<string, string[]>>();

  /** A poll's message in the channel, its votes recounted, the event every member hears sent, and the user's view. */
  #pollChanged(channelId: string, pollId: string, change: (poll: TPoll, votes: Map<string, string[]>) => TPoll): TPoll {
    const message = this.#channel(channelId).messages.find((m) => m.poll?.id === pollId);
    if (!message?.poll) throw new Error(`no poll ${pollId}`);
    const votes = this.#pollVotes.get(pollId) ?? new Map<string, string[]>();
    this.#pollVotes.set(pollId, votes);
    const changed = change(message.poll, votes);
    const all = [...votes.values()].filter((chosen) => chosen.length > 0);
    const poll: TPoll = {
      ...changed,
      options: changed.options.map((o) => ({ ...o, voteCount: all.filter((chosen) => chosen.includes(o.id)).length })),
      totalVoters: all.length,
    };
    const { myVotes: _mine, ...shared } = poll;
    message.poll = shared;
    this.emit("poll.updated", {
      type: "poll.updated",
      channelId,
      messageId: message.id,
      poll: shared,
    } as ParleyEventMap["poll.updated"]);
    return { ...shared, myVotes: votes.get(this.currentUser.userId) ?? [] };
  }

  readonly polls: Required<NonNullable<ChatClient["polls"]>> = {
    create: async (channelId: string, input: CreatePollInput) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("polls.create", channelId, input);
      const state = this.#channel(channelId);
      const seq = (state.messages[state.messages.length - 1]?.seq ?? 0) + 1;
      const message = makePollMessage(channelId, seq, this.currentUser.userId, input.question, input.options, {
        allowsMultiple: input.allowsMultiple ?? false,
        anonymous: input.anonymous ?? false,
      });
      state.messages.push(message);
      this.emit("message.created", {
        type: "message.created",
        channelId,
        message,
      } as ParleyEventMap["message.created"]);
      return message;
    },
    vote: async (channelId: string, pollId: string, optionIds: string[]) => {
      this.#record("polls.vote", channelId, pollId, optionIds);
      return this.#pollChanged(channelId, pollId, (poll, votes) => {
        votes.set(this.currentUser.userId, optionIds);
        return poll;
      });
    },
    retract: async (channelId: string, pollId: string) => {
      this.#record("polls.retract", channelId, pollId);
      return this.#pollChanged(channelId, pollId, (poll, votes) => {
        votes.delete(this.currentUser.userId);
        return poll;
      });
    },
    close: async (channelId: string, pollId: string) => {
      this.#record("polls.close", channelId, pollId);
      return this.#pollChanged(channelId, pollId, (poll) => ({ ...poll, closedAt: AT }));
    },
  };

  readonly receipts: NonNullable<ChatClient["receipts"]> = {
    load: async (channelId: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("receipts.load", channelId);
      const marks = new Map<string, { delivered: number; read: number }>();
      for (const member of this.#channel(channelId).members) {
        const read = member.lastReadSeq ?? 0;
        marks.set(member.userId, { delivered: Math.max(member.lastDeliveredSeq ?? 0, read), read });
      }
      this.#marks.set(channelId, marks);
      for (const listener of [...this.#receiptListeners]) listener(channelId);
    },
    onChange: (listener: (channelId: string) => void) => {
      this.#receiptListeners.add(listener);
      return () => this.#receiptListeners.delete(listener);
    },
    of: (message: Pick<TMessage, "channelId" | "seq">): MessageReceipt | undefined => {
      const marks = this.#marks.get(message.channelId);
      if (!marks) return undefined;
      const others = [...marks].filter(([userId]) => userId !== this.currentUser.userId).map(([, m]) => m);
      const deliveredTo = others.filter((m) => m.delivered >= message.seq).length;
      const readBy = others.filter((m) => m.read >= message.seq).length;
      const all = others.length;
      const state = all > 0 && readBy === all ? "read" : all > 0 && deliveredTo === all ? "delivered" : "sent";
      return { state, deliveredTo, readBy, members: all };
    },
  };

  /** The user's push mode per channel, `default` until set; a test may set one first with `setPushModeOf`. */
  setPushModeOf(channelId: string, mode: TChannelPushMode): void {
    this.#pushModes.set(channelId, mode);
  }

  async channelPushMode(channelId: string): Promise<TChannelPushMode> {
    if (this.#network !== "online") await this.#reach();
    this.#record("channelPushMode", channelId);
    return this.#pushModes.get(channelId) ?? "default";
  }

  async setChannelPushMode(channelId: string, mode: TChannelPushMode): Promise<TChannelPushMode> {
    if (this.#network !== "online") await this.#reach();
    this.#record("setChannelPushMode", channelId, mode);
    this.#pushModes.set(channelId, mode);
    return mode;
  }

  // Scheduled messages.
  readonly #scheduled = new Map<string, TScheduledMessage>();
  /** The server's limit on waiting messages per user, lowered by tests that reach it. */
  scheduledLimit = 100;

  /** Ends a scheduled message as the server would at its time: `sent`, or `failed` with the refusal's code. */
  finishScheduled(id: string, outcome: { status: "sent" } | { status: "failed"; errorCode: string }): void {
    const found = this.#scheduled.get(id);
    if (!found) throw new Error(`no scheduled message ${id}`);
    const finished = { ...found, status: outcome.status, updatedAt: AT, finishedAt: AT };
    this.#scheduled.set(
      id,
      outcome.status === "sent"
        ? { ...finished, messageId: `${found.channelId}-sent-${id}` }
        : { ...finished, errorCode: outcome.errorCode },
    );
  }

  /** Answers 3230 for a time outside 1 minute to 30 days from now, with the allowed range, as the server does. */
  #scheduledTime(at: Date | string): string {
    const time = new Date(at).getTime();
    const now = Date.now();
    if (Number.isNaN(time) || time < now + SCHEDULE_MIN_AHEAD_MS || time > now + SCHEDULE_MAX_AHEAD_MS) {
      const earliest = new Date(now + SCHEDULE_MIN_AHEAD_MS).toISOString();
      const latest = new Date(now + SCHEDULE_MAX_AHEAD_MS).toISOString();
      throw new ParleyError({ code: "3230", message: "The time is out of range.", data: { earliest, latest } }, 400);
    }
    return new Date(time).toISOString();
  }

  /** The user's scheduled messages, in memory, under the server's range and limit. */
  readonly scheduled: NonNullable<ChatClient["scheduled"]> = {
    schedule: async (channelId: string, text: string, at: Date | string, options: ScheduleOptions = {}) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("scheduled.schedule", channelId, text, at, options);
      const scheduledAt = this.#scheduledTime(at);
      const waiting = [...this.#scheduled.values()].filter((m) => m.status === "scheduled").length;
      if (waiting >= this.scheduledLimit) {
        throw new ParleyError({ code: "3233", message: "Too many scheduled messages." }, 409);
      }
      const message: TScheduledMessage = {
        id: `s${this.#scheduled.size + 1}`,
        channelId,
        text,
        metadata: options.metadata ?? {},
        mentionedUserIds: options.mentionedUserIds ?? [],
        scheduledAt,
        status: "scheduled",
        messageId: null,
        errorCode: null,
        createdAt: AT,
        updatedAt: AT,
        finishedAt: null,
      };
      this.#scheduled.set(message.id, message);
      return message;
    },
    list: async (channelId?: string, options: ScheduledListOptions = {}): Promise<TScheduledMessagesPage> => {
      if (this.#network !== "online") await this.#reach();
      this.#record("scheduled.list", channelId, options);
      const scheduledMessages = [...this.#scheduled.values()]
        .filter((m) => channelId === undefined || m.channelId === channelId)
        .filter((m) => options.status === undefined || m.status === options.status)
        .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
      return { scheduledMessages, nextCursor: null };
    },
    edit: async (id: string, changes: ScheduledMessageChanges) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("scheduled.edit", id, changes);
      const found = this.#scheduled.get(id);
      if (!found) throw new ParleyError({ code: "3231", message: "No such scheduled message." }, 404);
      if (found.status !== "scheduled") {
        throw new ParleyError({ code: "3232", message: "Not waiting.", data: { status: found.status } }, 409);
      }
      const { scheduledAt, ...rest } = changes;
      const edited = {
        ...found,
        ...rest,
        ...(scheduledAt === undefined ? {} : { scheduledAt: this.#scheduledTime(scheduledAt) }),
      };
      this.#scheduled.set(id, edited);
      return edited;
    },
    cancel: async (id: string) => {
      if (this.#network !== "online") await this.#reach();
      this.#record("scheduled.cancel", id);
      const found = this.#scheduled.get(id);
      if (!found) throw new ParleyError({ code: "3231", message: "No such scheduled message." }, 404);
      if (found.status === "sending") {
        throw new ParleyError({ code: "3232", message: "Being sent.", data: { status: found.status } }, 409);
      }
      this.#scheduled.delete(id);
    },
  };
  // End of scheduled messages.
}

/** A poll message of `senderId` with no votes yet. */
export function makePollMessage(
  channelId: string,
  seq: number,
  senderId: string,
  question: string,
  options: string[],
  fields: Partial<TPoll> = {},
): TMessage {
  const message = makeMessage(channelId, seq, senderId, question, { type: "poll" });
  return {
    ...message,
    poll: {
      id: `${message.id}-poll`,
      messageId: message.id,
      question,
      options: options.map((text, i) => ({ id: String(i + 1), text, voteCount: 0 })),
      allowsMultiple: false,
      anonymous: false,
      closesAt: null,
      closedAt: null,
      totalVoters: 0,
      createdBy: senderId,
      myVotes: [],
      ...fields,
    },
  };
}
