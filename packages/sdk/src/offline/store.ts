import type {
  Cached,
  CachedMessages,
  ClientHost,
  MessageRef,
  OfflineApi,
  OfflineEventMap,
  OutboxItem,
  ParleyClient,
  QueuedFile,
  SendOptions,
  SessionChange,
  TChannel,
  TChatUser,
  TEditMessageRequest,
  TMember,
  TMessage,
} from "@parley/sdk";
import type { VoiceRecording } from "../file-input";
import { fileAction, listMyChannels, sendAction, withEdit } from "./actions";
import { byActivity, inChannelList, mergeMessages, pageOverCopy, threadOnly, withOwnReaction } from "./cache";
import { LocalCopy, MEMBERS_PREFIX, MESSAGES_PREFIX, REPLIES_PREFIX } from "./copy";
import { followEvents } from "./follow";
import { Listeners } from "./listeners";
import { memoryStorage } from "./memory-storage";
import { followPlatform, tabsChannel } from "./network";
import type { OfflineOptions } from "./options";
import { Outbox } from "./outbox";
import { SessionIndex } from "./sessions";
import type { OfflineStorage } from "./storage";
import { AreaWriter, readArea } from "./writer";

/**
 * The signed-in user's local copy of their chat and their outbox. Reads answer from the copy at once and say so
 * (`source: "store"`); refreshes answer from the server and keep the copy. Changes made through it (send, edit,
 * delete, react, mark read) are stored first and go out when the server can be reached, each once.
 */
export class OfflineStore implements OfflineApi {
  readonly #client: ParleyClient;
  readonly #host: ClientHost;
  readonly #storage: OfflineStorage;
  readonly #limit: number;
  readonly #maxStoredFileBytes: number;
  readonly #outbox: Outbox;
  readonly #writer: AreaWriter;
  /** The channel list, the outbox and the cursor are loaded: what login and `resume` wait for. */
  #opened: Promise<void> = Promise.resolve();
  /** The rest of the copy (messages, replies, members) is loaded too. */
  #loaded: Promise<void> = Promise.resolve();
  readonly #copy: LocalCopy;
  readonly #sessions: SessionIndex;
  /** What was loaded from the server in this session and kept current by events since. */
  #fresh = new Set<string>();
  readonly #listeners = new Listeners<OfflineEventMap>();
  #tabs: BroadcastChannel | null = null;
  #channelsRefresh: Promise<Cached<TChannel[]>> | null = null;
  /** The channels that had items in the outbox when it last changed. */
  #outboxChannels = new Set<string>();
  /** Counts logins, resumes and logouts: work put off until after a session opened is dropped once another began. */
  #sessionCount = 0;

  constructor(client: ParleyClient, host: ClientHost, options: OfflineOptions = {}) {
    this.#client = client;
    this.#host = host;
    this.#storage = options.storage ?? memoryStorage();
    this.#limit = options.messagesPerChannel ?? 50;
    this.#copy = new LocalCopy(this.#limit, {
      changed: () => this.#writer.schedule(),
      messagesChanged: (channelId) => this.#emit("messages", { channelId }),
      channelsChanged: () => this.#channelsChanged(),
    });
    this.#writer = new AreaWriter({
      copy: this.#copy,
      cursor: () => client.lastEventId,
      outboxItems: () => this.#outbox.items(),
      degraded: (error) => {
        this.#emit("degraded", { error });
        // A drain the failure stopped goes on from memory.
        this.#outbox.kick();
      },
    });
    this.#maxStoredFileBytes = options.maxStoredFileBytes ?? 5 * 1024 * 1024;
    this.#outbox = new Outbox({
      client,
      area: () => this.#writer.area,
      write: (changes) => this.#writer.write(changes),
      lockName: () => `parley-outbox:${this.#writer.name ?? ""}`,
      sent: (item, message) => this.#sent(item, message),
      changed: () => this.#outboxChanged(),
      retryDelayMs: options.retryDelayMs ?? { initial: 1000, max: 30_000 },
    });
    host.onSession((change) => this.#session(change));
    this.#sessions = new SessionIndex(this.#storage, client.appId);
    host.knownSession((token) => this.#sessions.find(token));
    this.#follow();
    followPlatform(host, options.network, {
      hiding: () => void this.#writer.flush(),
      // Offline or in the background, a retry could only fail or run down the battery; back, everything goes at once.
      changed: ({ online, active }) => this.#outbox.pause(!online || !active),
    });
  }

  /** The kind of storage in use: the one given, or `memory` after it failed. */
  get storageKind(): string {
    return this.#writer.degraded ? "memory" : this.#storage.kind;
  }

  /** Whether the storage failed and the layer runs in memory for the rest of the session. */
  get degraded(): boolean {
    return this.#writer.degraded;
  }

  /**
   * Resolves once the signed-in user's whole copy is loaded. Login and `resume` wait only for its channel list and
   * outbox, so the list can be drawn while the messages are still being read.
   */
  ready(): Promise<void> {
    return this.#opened.then(() => this.#loaded);
  }

  on<K extends keyof OfflineEventMap>(type: K, listener: (payload: OfflineEventMap[K]) => void): () => void {
    return this.#listeners.on(type, listener);
  }

  #emit<K extends keyof OfflineEventMap>(type: K, payload: OfflineEventMap[K]): void {
    this.#listeners.emit(type, payload);
  }

  // Reads -------------------------------------------------------------------------------------------------------

  /** The user's channels as the copy has them, newest activity first, each with its unread counts. */
  channels(): Cached<TChannel[]> {
    const data = [...this.#copy.channels.values()].map((c) => this.#withUnread(c)).sort(byActivity);
    return this.#answer(data, "channels");
  }

  /** A channel of the copy, or undefined. */
  channel(channelId: string): TChannel | undefined {
    const channel = this.#copy.channels.get(channelId);
    return channel ? this.#withUnread(channel) : undefined;
  }

  /** A channel's newest messages as the copy has them (oldest first), with its pending sends save thread-only replies. */
  messages(channelId: string): CachedMessages {
    const data = this.#copy.messages.get(channelId) ?? [];
    const shown = new Set(data.map((m) => m.clientMessageId).filter(Boolean));
    const pending = this.#outbox
      .items(channelId)
      .filter((i) => (i.kind === "file" || (i.kind === "send" && !threadOnly(i))) && !shown.has(i.clientMessageId));
    return { ...this.#answer(data, MESSAGES_PREFIX + channelId), pending };
  }

  /** A thread's replies as the copy has them (oldest first). */
  replies(channelId: string, parentMessageId: string): Cached<TMessage[]> {
    const key = `${channelId}:${parentMessageId}`;
    return this.#answer(this.#copy.replies.get(key) ?? [], REPLIES_PREFIX + key);
  }

  /** A channel's members as the copy has them (the first page the server listed). */
  members(channelId: string): Cached<TMember[]> {
    return this.#answer(this.#copy.members.get(channelId) ?? [], MEMBERS_PREFIX + channelId);
  }

  /** An answer from the copy, which says "network" for what was loaded from the server and kept current since. */
  #answer<T>(data: T, key: string): Cached<T> {
    return { data, source: this.#fresh.has(key) ? "network" : "store" };
  }

  /** Lists the user's channels from the server and keeps them: channels the user left leave the copy. */
  refreshChannels(): Promise<Cached<TChannel[]>> {
    this.#channelsRefresh ??= this.#listChannels().finally(() => {
      this.#channelsRefresh = null;
    });
    return this.#channelsRefresh;
  }

  async #listChannels(): Promise<Cached<TChannel[]>> {
    const area = this.#writer.area;
    const channels = await listMyChannels(this.#client);
    if (area !== this.#writer.area) return this.channels();
    const kept = new Set(channels.map((c) => c.id));
    for (const id of [...this.#copy.channels.keys()]) if (!kept.has(id)) this.#copy.forgetChannel(id);
    for (const channel of channels) this.#copy.setChannel(channel);
    this.#fresh.add("channels");
    this.#channelsChanged();
    return this.channels();
  }

  /** Loads a channel's newest messages from the server into the copy, marked fresh first: listeners hear the network. */
  async refreshMessages(channelId: string): Promise<CachedMessages> {
    const area = this.#writer.area;
    const kept = new Set((this.#copy.messages.get(channelId) ?? []).map((m) => m.id));
    const page = await this.#client.messages.history(channelId, { limit: this.#limit });
    if (area !== this.#writer.area) return this.messages(channelId);
    this.#fresh.add(MESSAGES_PREFIX + channelId);
    const now = this.#copy.messages.get(channelId) ?? [];
    this.#copy.setMessages(channelId, pageOverCopy(kept, now, page.messages.filter(inChannelList), this.#limit));
    return this.messages(channelId);
  }

  /** Loads a thread's newest replies from the server into the copy. */
  async refreshReplies(channelId: string, parentMessageId: string): Promise<Cached<TMessage[]>> {
    const area = this.#writer.area;
    const page = await this.#client.messages.replies(channelId, parentMessageId, { limit: this.#limit });
    if (area !== this.#writer.area) return this.replies(channelId, parentMessageId);
    const key = `${channelId}:${parentMessageId}`;
    this.#fresh.add(REPLIES_PREFIX + key);
    this.#copy.setReplies(key, mergeMessages([], page.messages, this.#limit));
    this.#emit("messages", { channelId });
    return this.replies(channelId, parentMessageId);
  }

  /** Loads a channel's first page of members from the server into the copy. */
  async refreshMembers(channelId: string): Promise<Cached<TMember[]>> {
    const area = this.#writer.area;
    const page = await this.#client.members.list(channelId, { limit: 100 });
    if (area !== this.#writer.area) return this.members(channelId);
    this.#fresh.add(MEMBERS_PREFIX + channelId);
    this.#copy.setMembers(channelId, page.members);
    return this.members(channelId);
  }

  /** Calls `listener` with the channel list from the copy at once, then the server's, then at each change. */
  watchChannels(listener: (channels: Cached<TChannel[]>) => void): () => void {
    let active = true;
    const stop = this.on("channels", (snapshot) => active && listener(snapshot));
    void this.#opened.then(() => {
      if (!active) return;
      listener(this.channels());
      if (!this.#fresh.has("channels")) this.refreshChannels().catch(() => undefined);
    });
    return () => {
      active = false;
      stop();
    };
  }

  /** Calls `listener` with a channel's messages from the copy at once, then from the server, then at every change. */
  watchMessages(channelId: string, listener: (messages: CachedMessages) => void): () => void {
    let active = true;
    const stop = this.on("messages", (change) => {
      if (active && change.channelId === channelId) listener(this.messages(channelId));
    });
    void this.ready().then(() => {
      if (!active) return;
      listener(this.messages(channelId));
      if (!this.#fresh.has(MESSAGES_PREFIX + channelId)) this.refreshMessages(channelId).catch(() => undefined);
    });
    return () => {
      active = false;
      stop();
    };
  }

  // The outbox (each method as `OfflineApi` describes it) ------------------------------------------------------

  outbox(channelId?: string): OutboxItem[] {
    return this.#outbox.items(channelId);
  }

  /**
   * Queues a text message; it is stored before anything else and goes out when the server can be reached. Answers
   * the item (its `clientMessageId` is the message's, so the sent message replaces it on screen).
   */
  async send(
    channelId: string,
    text: string,
    metadata?: Record<string, string>,
    options: SendOptions = {},
  ): Promise<OutboxItem> {
    await this.#opened;
    const item = await this.#outbox.add(channelId, sendAction(text, metadata, options));
    if (!item) throw new Error("a send is never folded into another item");
    this.#emit("messages", { channelId });
    return item;
  }

  /**
   * Queues a file message. Its bytes wait in the store up to `maxStoredFileBytes`; a larger file waits in memory,
   * and does not survive a reload.
   */
  async sendFile(
    channelId: string,
    file: QueuedFile,
    options: { caption?: string; clientMessageId?: string; voice?: VoiceRecording } = {},
  ): Promise<OutboxItem> {
    await this.#opened;
    const { action, bytes } = await fileAction(file, options);
    const item = await this.#outbox.add(channelId, action, bytes, bytes.byteLength <= this.#maxStoredFileBytes);
    if (!item) throw new Error("a send is never folded into another item");
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues an edit of one of the user's messages; the copy shows it at once. */
  async edit(channelId: string, target: MessageRef, changes: TEditMessageRequest): Promise<OutboxItem | null> {
    await this.#opened;
    if ("messageId" in target) {
      this.#copy.change(channelId, target.messageId, (m) => withEdit(m, changes));
    }
    // The change the user sees is written with the item, not a moment later: a reload right after keeps both.
    await this.#writer.flush();
    const item = await this.#outbox.add(channelId, { kind: "edit", target, changes });
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues deleting one of the user's messages; the copy drops it at once. */
  async delete(channelId: string, target: MessageRef): Promise<OutboxItem | null> {
    await this.#opened;
    if ("messageId" in target) this.#copy.drop(channelId, target.messageId);
    await this.#writer.flush();
    const item = await this.#outbox.add(channelId, { kind: "delete", target });
    this.#emit("messages", { channelId });
    return item;
  }

  react(channelId: string, target: MessageRef, reaction: string): Promise<OutboxItem | null> {
    return this.#reaction(channelId, target, reaction, true);
  }

  unreact(channelId: string, target: MessageRef, reaction: string): Promise<OutboxItem | null> {
    return this.#reaction(channelId, target, reaction, false);
  }

  async #reaction(channelId: string, target: MessageRef, reaction: string, added: boolean) {
    await this.#opened;
    if ("messageId" in target) {
      this.#copy.change(channelId, target.messageId, (m) => withOwnReaction(m, reaction, added));
    }
    await this.#writer.flush();
    const item = await this.#outbox.add(channelId, { kind: added ? "react" : "unreact", target, reaction });
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues a read mark (the newest message when `seq` is left out); the unread counts clear at once up to it. */
  async markRead(channelId: string, seq?: number): Promise<OutboxItem | null> {
    await this.#opened;
    this.#client.unread.read(channelId, seq);
    return this.#outbox.add(channelId, { kind: "read", ...(seq === undefined ? {} : { seq }) });
  }

  settled(itemId: string): Promise<TMessage | null> {
    return this.#outbox.settled(itemId);
  }

  retry(itemId: string): Promise<void> {
    return this.#outbox.retry(itemId);
  }

  discard(itemId: string): Promise<void> {
    return this.#outbox.discard(itemId);
  }

  flush(): void {
    this.#outbox.kick();
  }

  persist(): Promise<void> {
    return this.#writer.flush();
  }

  // Sessions ----------------------------------------------------------------------------------------------------

  #session(change: SessionChange): Promise<void> {
    this.#sessionCount++;
    this.#opened = change.user ? this.#openFor(change.user, change.sessionToken) : this.#close(!change.keepData);
    return this.#opened;
  }

  async #openFor(user: TChatUser, sessionToken: string): Promise<void> {
    const session = this.#sessionCount;
    const name = `${this.#client.appId}/users/${user.userId}`;
    if (this.#writer.name !== name) {
      await this.#close(false);
      await this.#load(name);
    }
    this.#outbox.unblock();
    // Not needed to draw the copy: it goes on while the copy is drawn.
    void this.#sessions.remember(sessionToken, user);
    this.#emit("channels", this.channels());
    // The outbox waits for the next task, so a list drawn as login or `resume` answers is drawn before it takes its
    // lock; not when another session began meanwhile.
    setTimeout(() => {
      if (session !== this.#sessionCount) return;
      this.#outboxChanged();
      this.#outbox.kick();
    }, 0);
  }

  /**
   * Reads the copy in two steps: the channel list, the outbox and the cursor first (what a first screen draws),
   * then the messages, replies and members, which are most of its size, while that screen is drawn.
   */
  async #load(name: string): Promise<void> {
    const area = await this.#storage.open(name).catch(async (error: unknown) => {
      await this.#writer.degrade(error);
      return null;
    });
    this.#writer.attach(name, area);
    const { channels, outbox, cursor, rest } = await readArea(area, (error) => this.#writer.degrade(error));
    for (const channel of channels) this.#copy.channels.set(channel.id, channel);
    this.#loaded = rest.then(({ messages, replies, members }) => {
      // Another user signed in meanwhile: this copy is not theirs.
      if (this.#writer.name !== name) return;
      // A refresh that answered while this was read is newer than what was stored.
      const fill = <T>(map: Map<string, T>, entries: Array<[string, T]>) => {
        for (const [key, value] of entries) if (!map.has(key)) map.set(key, value);
      };
      fill(this.#copy.messages, messages);
      fill(this.#copy.replies, replies);
      fill(this.#copy.members, members);
      for (const channelId of this.#copy.messages.keys()) this.#emit("messages", { channelId });
    });
    this.#outbox.load(outbox);
    // Without a cursor (a first login, or a copy the browser evicted) nothing can be caught up: the copy is
    // whatever the server says now.
    if (cursor !== null) this.#host.resumeFrom(cursor);
    this.#host.seenChannels([...this.#copy.channels.values()]);
    this.#tabs = tabsChannel(name, () => this.#outbox.othersChanged());
  }

  /** Leaves the current user's copy: deleted with everything in it when `destroy`, kept for their next login otherwise. */
  async #close(destroy: boolean): Promise<void> {
    const name = this.#writer.name;
    await this.#writer.flush();
    this.#outbox.reset();
    this.#tabs?.close();
    this.#tabs = null;
    const area = this.#writer.detach();
    this.#copy.clear();
    this.#fresh.clear();
    await area?.close().catch(() => undefined);
    if (destroy && name) {
      await this.#storage.destroy(name).catch(() => undefined);
      await this.#sessions.forget(name.slice(name.lastIndexOf("/") + 1));
    }
    if (name) this.#emit("channels", this.channels());
  }

  // Keeping the copy current ------------------------------------------------------------------------------------

  #withUnread(channel: TChannel): TChannel {
    const counts = this.#client.unread.of(channel.id);
    return counts ? { ...channel, ...counts } : channel;
  }

  #sent(item: OutboxItem, message: TMessage | null): void {
    if (message && (item.kind === "send" || item.kind === "file")) this.#copy.take(message);
    else if (message && "target" in item) this.#copy.change(item.channelId, message.id, () => message);
    this.#emit("sent", { item, message });
  }

  #outboxChanged(): void {
    const items = this.#outbox.items();
    this.#emit("outbox", items);
    // The channels whose last item just left hear it too.
    const channels = new Set(items.map((i) => i.channelId));
    for (const channelId of new Set([...channels, ...this.#outboxChannels])) this.#emit("messages", { channelId });
    this.#outboxChannels = channels;
    this.#tabs?.postMessage("outbox");
  }

  #channelsChanged(): void {
    this.#emit("channels", this.channels());
  }

  /** Applies the client's events to the copy, and saves the cursor with them. */
  #follow(): void {
    followEvents(this.#client, this.#copy, {
      active: () => this.#writer.area !== null,
      changed: () => this.#writer.schedule(),
      channelsChanged: () => this.#channelsChanged(),
      refreshChannels: () => {
        if (this.#client.connectionState === "open") this.refreshChannels().catch(() => undefined);
      },
    });
    this.#client.on("connection", ({ state }) => {
      if (state === "open") this.#outbox.kick();
      if (state === "open" && !this.#fresh.has("channels")) this.refreshChannels().catch(() => undefined);
      // Events missed while down come with the catch-up; until then the copy may be behind.
      if (state === "reconnecting") this.#fresh.clear();
    });
    this.#client.on("resync.required", () => void this.#resync());
  }

  /** The events since the copy's cursor are gone from the server: load again every channel the copy holds. */
  async #resync(): Promise<void> {
    this.#fresh.clear();
    await this.refreshChannels().catch(() => undefined);
    const held = [...this.#copy.messages.keys()].filter((id) => this.#copy.channels.has(id));
    for (const channelId of held) await this.refreshMessages(channelId).catch(() => undefined);
    for (const key of [...this.#copy.replies.keys()]) {
      const [channelId = "", parent = ""] = key.split(":");
      await this.refreshReplies(channelId, parent).catch(() => undefined);
    }
    this.#writer.schedule();
  }
}
