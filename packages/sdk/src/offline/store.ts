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
  TChatEvent,
  TChatUser,
  TEditMessageRequest,
  TMember,
  TMessage,
} from "@parley/sdk";
import {
  byActivity,
  changeMessage,
  inChannelList,
  mergeMessages,
  withChannelEvent,
  withOwnReaction,
  withReactionEvent,
} from "./cache";
import { memoryStorage } from "./memory-storage";
import { BYTES_PREFIX, OUTBOX_PREFIX, Outbox } from "./outbox";
import type { OfflineStorage, StorageArea, StoredValue } from "./storage";

/** Hears when the platform says the network came or went; browsers' `online` and `offline` events by default. */
export interface NetworkMonitor {
  subscribe(listener: (online: boolean) => void): () => void;
}

/** Settings of the offline layer. */
export interface OfflineOptions {
  /** Where the copy and the outbox are kept: `indexedDbStorage()`, `keyValueStorage(AsyncStorage)`; memory by default. */
  storage?: OfflineStorage;
  /** The newest messages kept per channel (default 50). */
  messagesPerChannel?: number;
  /** A file up to this size waits in the store with its bytes; a larger one waits in memory only (default 5 MB). */
  maxStoredFileBytes?: number;
  /** The first and the longest wait before the outbox tries again after a network failure (default 1 s and 30 s). */
  retryDelayMs?: { initial: number; max: number };
  /** Network changes, for platforms without `online` events (React Native's NetInfo, for one). */
  network?: NetworkMonitor;
}

const CHANNEL_PREFIX = "channel:";
const MESSAGES_PREFIX = "messages:";
const REPLIES_PREFIX = "replies:";
const MEMBERS_PREFIX = "members:";
const CURSOR_KEY = "meta:cursor";
const USER_KEY = "meta:user";
/** How many channels a refresh lists: what one page of the API answers. */
const CHANNEL_PAGE = 100;
/** How long writes of the copy wait to be written together (the outbox's are written at once). */
const WRITE_DELAY_MS = 30;

/** A short, stable digest of a session token, so the device can find whose it was without storing it. */
function digest(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(36);
}

function browserNetwork(): NetworkMonitor | null {
  const target = globalThis as { addEventListener?: (type: string, listener: () => void) => void } & {
    removeEventListener?: (type: string, listener: () => void) => void;
  };
  if (typeof target.addEventListener !== "function" || typeof target.removeEventListener !== "function") return null;
  return {
    subscribe(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      target.addEventListener?.("online", online);
      target.addEventListener?.("offline", offline);
      return () => {
        target.removeEventListener?.("online", online);
        target.removeEventListener?.("offline", offline);
      };
    },
  };
}

type Listener<K extends keyof OfflineEventMap> = (payload: OfflineEventMap[K]) => void;

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
  #area: StorageArea | null = null;
  #name: string | null = null;
  #degraded = false;
  #degradation: Promise<void> | null = null;
  /** The channel list, the outbox and the cursor are loaded: what login and `resume` wait for. */
  #opened: Promise<void> = Promise.resolve();
  /** The rest of the copy (messages, replies, members) is loaded too. */
  #loaded: Promise<void> = Promise.resolve();
  #channels = new Map<string, TChannel>();
  #messages = new Map<string, TMessage[]>();
  #replies = new Map<string, TMessage[]>();
  #members = new Map<string, TMember[]>();
  /** What was loaded from the server in this session and kept current by events since. */
  #fresh = new Set<string>();
  #dirty = new Set<string>();
  #writeTimer: ReturnType<typeof setTimeout> | null = null;
  #writing: Promise<void> = Promise.resolve();
  #listeners = new Map<keyof OfflineEventMap, Set<(payload: never) => void>>();
  #tabs: BroadcastChannel | null = null;
  #channelsRefresh: Promise<Cached<TChannel[]>> | null = null;
  /** The channels that had items in the outbox when it last changed. */
  #outboxChannels = new Set<string>();

  constructor(client: ParleyClient, host: ClientHost, options: OfflineOptions = {}) {
    this.#client = client;
    this.#host = host;
    this.#storage = options.storage ?? memoryStorage();
    this.#limit = options.messagesPerChannel ?? 50;
    this.#maxStoredFileBytes = options.maxStoredFileBytes ?? 5 * 1024 * 1024;
    this.#outbox = new Outbox({
      client,
      area: () => this.#area,
      write: (changes) => this.#write(changes),
      lockName: () => `parley-outbox:${this.#name ?? ""}`,
      sent: (item, message) => this.#sent(item, message),
      changed: () => this.#outboxChanged(),
      retryDelayMs: options.retryDelayMs ?? { initial: 1000, max: 30_000 },
    });
    host.onSession((change) => this.#session(change));
    host.knownSession((token) => this.#knownSession(token));
    this.#follow();
    // A page being closed or put away gets no later timer: the copy's last changes are written as it goes.
    const page = globalThis as { addEventListener?: (type: string, listener: () => void) => void };
    page.addEventListener?.("pagehide", () => void this.#flushWrites());
    (options.network ?? browserNetwork())?.subscribe((online) => {
      if (!online) {
        host.networkLost();
        return;
      }
      host.retryNow();
      this.#outbox.kick();
    });
  }

  /** The kind of storage in use: the one given, or `memory` after it failed. */
  get storageKind(): string {
    return this.#degraded ? "memory" : this.#storage.kind;
  }

  /** Whether the storage failed and the layer runs in memory for the rest of the session. */
  get degraded(): boolean {
    return this.#degraded;
  }

  /**
   * Resolves once the signed-in user's whole copy is loaded. Login and `resume` wait only for its channel list and
   * outbox, so the list can be drawn while the messages are still being read.
   */
  ready(): Promise<void> {
    return this.#opened.then(() => this.#loaded);
  }

  on<K extends keyof OfflineEventMap>(type: K, listener: Listener<K>): () => void {
    const set = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  #emit<K extends keyof OfflineEventMap>(type: K, payload: OfflineEventMap[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        (listener as Listener<K>)(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  // Reads -------------------------------------------------------------------------------------------------------

  /** The user's channels as the copy has them, newest activity first, each with its unread counts. */
  channels(): Cached<TChannel[]> {
    const data = [...this.#channels.values()].map((c) => this.#withUnread(c)).sort(byActivity);
    return { data, source: this.#fresh.has("channels") ? "network" : "store" };
  }

  /** A channel of the copy, or undefined. */
  channel(channelId: string): TChannel | undefined {
    const channel = this.#channels.get(channelId);
    return channel ? this.#withUnread(channel) : undefined;
  }

  /** A channel's newest messages as the copy has them (oldest first), with its pending sends. */
  messages(channelId: string): CachedMessages {
    const data = this.#messages.get(channelId) ?? [];
    const shown = new Set(data.map((m) => m.clientMessageId).filter(Boolean));
    const pending = this.#outbox
      .items(channelId)
      .filter((i) => (i.kind === "send" || i.kind === "file") && !shown.has(i.clientMessageId));
    return { data, pending, source: this.#fresh.has(MESSAGES_PREFIX + channelId) ? "network" : "store" };
  }

  /** A thread's replies as the copy has them (oldest first). */
  replies(channelId: string, parentMessageId: string): Cached<TMessage[]> {
    const key = `${channelId}:${parentMessageId}`;
    return { data: this.#replies.get(key) ?? [], source: this.#fresh.has(REPLIES_PREFIX + key) ? "network" : "store" };
  }

  /** A channel's members as the copy has them (the first page the server listed). */
  members(channelId: string): Cached<TMember[]> {
    return {
      data: this.#members.get(channelId) ?? [],
      source: this.#fresh.has(MEMBERS_PREFIX + channelId) ? "network" : "store",
    };
  }

  /** Lists the user's channels from the server and keeps them: channels the user left leave the copy. */
  refreshChannels(): Promise<Cached<TChannel[]>> {
    this.#channelsRefresh ??= this.#listChannels().finally(() => {
      this.#channelsRefresh = null;
    });
    return this.#channelsRefresh;
  }

  async #listChannels(): Promise<Cached<TChannel[]>> {
    const area = this.#area;
    const channels: TChannel[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.#client.channels.list({
        scope: "mine",
        limit: CHANNEL_PAGE,
        ...(cursor ? { cursor } : {}),
      });
      channels.push(...page.channels);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && channels.length < CHANNEL_PAGE * 5);
    if (area !== this.#area) return this.channels();
    const kept = new Set(channels.map((c) => c.id));
    for (const id of [...this.#channels.keys()]) if (!kept.has(id)) this.#forgetChannel(id);
    for (const channel of channels) this.#setChannel(channel);
    this.#fresh.add("channels");
    this.#channelsChanged();
    return this.channels();
  }

  /** Loads a channel's newest messages from the server into the copy. */
  async refreshMessages(channelId: string): Promise<CachedMessages> {
    const area = this.#area;
    const page = await this.#client.messages.history(channelId, { limit: this.#limit });
    if (area !== this.#area) return this.messages(channelId);
    // The newest page replaces what was kept: messages deleted while away are not in it. Fresh first, so the
    // listeners the change wakes hear it came from the network.
    this.#fresh.add(MESSAGES_PREFIX + channelId);
    this.#setMessages(channelId, mergeMessages([], page.messages.filter(inChannelList), this.#limit));
    return this.messages(channelId);
  }

  /** Loads a thread's newest replies from the server into the copy. */
  async refreshReplies(channelId: string, parentMessageId: string): Promise<Cached<TMessage[]>> {
    const area = this.#area;
    const page = await this.#client.messages.replies(channelId, parentMessageId, { limit: this.#limit });
    if (area !== this.#area) return this.replies(channelId, parentMessageId);
    const key = `${channelId}:${parentMessageId}`;
    this.#replies.set(key, mergeMessages([], page.messages, this.#limit));
    this.#fresh.add(REPLIES_PREFIX + key);
    this.#markDirty(REPLIES_PREFIX + key);
    this.#emit("messages", { channelId });
    return this.replies(channelId, parentMessageId);
  }

  /** Loads a channel's first page of members from the server into the copy. */
  async refreshMembers(channelId: string): Promise<Cached<TMember[]>> {
    const area = this.#area;
    const page = await this.#client.members.list(channelId, { limit: 100 });
    if (area !== this.#area) return this.members(channelId);
    this.#members.set(channelId, page.members);
    this.#fresh.add(MEMBERS_PREFIX + channelId);
    this.#markDirty(MEMBERS_PREFIX + channelId);
    return this.members(channelId);
  }

  /**
   * Calls `listener` with the channel list from the copy at once, then from the server, then at every change.
   * Answers a function that stops it.
   */
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

  // The outbox --------------------------------------------------------------------------------------------------

  /** Items not yet confirmed, oldest first; those of one channel when given. */
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
    const { clientMessageId = globalThis.crypto.randomUUID(), ...rest } = options;
    const item = await this.#outbox.add(channelId, {
      kind: "send",
      clientMessageId,
      text,
      ...(metadata ? { metadata } : {}),
      ...(Object.keys(rest).length > 0 ? { options: rest } : {}),
    });
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
    options: { caption?: string; clientMessageId?: string } = {},
  ): Promise<OutboxItem> {
    await this.#opened;
    const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : file.bytes;
    const name =
      file instanceof Blob ? ("name" in file && typeof file.name === "string" ? file.name : "file") : file.name;
    const type = (file instanceof Blob ? file.type : file.type) || "application/octet-stream";
    const item = await this.#outbox.add(
      channelId,
      {
        kind: "file",
        clientMessageId: options.clientMessageId ?? globalThis.crypto.randomUUID(),
        name,
        type,
        size: bytes.byteLength,
        ...(options.caption ? { caption: options.caption } : {}),
      },
      bytes,
      bytes.byteLength <= this.#maxStoredFileBytes,
    );
    if (!item) throw new Error("a send is never folded into another item");
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues an edit of one of the user's messages; the copy shows it at once. */
  async edit(channelId: string, target: MessageRef, changes: TEditMessageRequest): Promise<OutboxItem | null> {
    await this.#opened;
    if ("messageId" in target) {
      this.#changeCached(channelId, target.messageId, (m) => ({
        ...m,
        text: changes.text ?? m.text,
        metadata: changes.metadata ?? m.metadata,
      }));
    }
    // The change the user sees is written with the item, not a moment later: a reload right after keeps both.
    await this.#flushWrites();
    const item = await this.#outbox.add(channelId, { kind: "edit", target, changes });
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues deleting one of the user's messages; the copy drops it at once. */
  async delete(channelId: string, target: MessageRef): Promise<OutboxItem | null> {
    await this.#opened;
    if ("messageId" in target) this.#dropCached(channelId, target.messageId);
    await this.#flushWrites();
    const item = await this.#outbox.add(channelId, { kind: "delete", target });
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues adding the user's reaction; the copy counts it at once. */
  react(channelId: string, target: MessageRef, reaction: string): Promise<OutboxItem | null> {
    return this.#reaction(channelId, target, reaction, true);
  }

  /** Queues taking the user's reaction back; the copy uncounts it at once. */
  unreact(channelId: string, target: MessageRef, reaction: string): Promise<OutboxItem | null> {
    return this.#reaction(channelId, target, reaction, false);
  }

  async #reaction(channelId: string, target: MessageRef, reaction: string, added: boolean) {
    await this.#opened;
    if ("messageId" in target) {
      this.#changeCached(channelId, target.messageId, (m) => withOwnReaction(m, reaction, added));
    }
    await this.#flushWrites();
    const item = await this.#outbox.add(channelId, { kind: added ? "react" : "unreact", target, reaction });
    this.#emit("messages", { channelId });
    return item;
  }

  /** Queues a read mark (the newest message when `seq` is left out); the channel's unread counts clear at once. */
  async markRead(channelId: string, seq?: number): Promise<OutboxItem | null> {
    await this.#opened;
    if (seq === undefined) this.#client.unread.read(channelId);
    return this.#outbox.add(channelId, { kind: "read", ...(seq === undefined ? {} : { seq }) });
  }

  /** Waits until an item has gone out (the message the server answered, or null) or failed for good (rejects). */
  settled(itemId: string): Promise<TMessage | null> {
    return this.#outbox.settled(itemId);
  }

  /** Puts a failed item back in line. */
  retry(itemId: string): Promise<void> {
    return this.#outbox.retry(itemId);
  }

  /** Drops a pending or failed item. */
  discard(itemId: string): Promise<void> {
    return this.#outbox.discard(itemId);
  }

  /** Tries the outbox now rather than after its back-off. */
  flush(): void {
    this.#outbox.kick();
  }

  /** Writes the copy's latest changes now rather than a moment later (the outbox is always written at once). */
  persist(): Promise<void> {
    return this.#flushWrites();
  }

  // Sessions ----------------------------------------------------------------------------------------------------

  #session(change: SessionChange): Promise<void> {
    this.#opened = change.user ? this.#openFor(change.user, change.sessionToken) : this.#close(!change.keepData);
    return this.#opened;
  }

  #indexName(): string {
    return `${this.#client.appId}/sessions`;
  }

  async #knownSession(sessionToken: string): Promise<TChatUser | null> {
    try {
      const index = await this.#storage.open(this.#indexName());
      try {
        return (await index.get<TChatUser>(digest(sessionToken))) ?? null;
      } finally {
        await index.close();
      }
    } catch {
      return null;
    }
  }

  async #openFor(user: TChatUser, sessionToken: string): Promise<void> {
    const name = `${this.#client.appId}/users/${user.userId}`;
    if (this.#name !== name) {
      await this.#close(false);
      this.#name = name;
      await this.#load(name);
    }
    this.#outbox.unblock();
    // Neither write is needed to draw the copy: they go on while it is drawn.
    void this.#write({ set: [[USER_KEY, user]] });
    void this.#remember(sessionToken, user);
    this.#emit("channels", this.channels());
    this.#outboxChanged();
    this.#outbox.kick();
  }

  /** Remembers whose session a token is, for a resume without the network. */
  async #remember(sessionToken: string, user: TChatUser): Promise<void> {
    try {
      const index = await this.#storage.open(this.#indexName());
      await index.write({ set: [[digest(sessionToken), user]] });
      await index.close();
    } catch {
      // Only a resume without the network needs it.
    }
  }

  /**
   * Reads the copy in two steps: the channel list, the outbox and the cursor first (what a first screen draws),
   * then the messages, replies and members, which are most of its size, while that screen is drawn.
   */
  async #load(name: string): Promise<void> {
    const area = await this.#storage.open(name).catch(async (error: unknown) => {
      await this.#degrade(error);
      return null;
    });
    if (area) this.#area = area;
    const read = async <T>(prefix: string): Promise<Array<[string, T]>> => {
      try {
        return area ? await area.list<T>(prefix) : [];
      } catch (error) {
        await this.#degrade(error);
        return [];
      }
    };
    const [channels, items, meta] = await Promise.all([
      read<TChannel>(CHANNEL_PREFIX),
      read<OutboxItem>(OUTBOX_PREFIX),
      read<unknown>(CURSOR_KEY),
    ]);
    for (const [key, value] of channels) this.#channels.set(key.slice(CHANNEL_PREFIX.length), value);
    const outbox = items.map(([, item]) => item);
    const cursor = meta.find(([key]) => key === CURSOR_KEY)?.[1];
    this.#loaded = (async () => {
      const fill = <T>(map: Map<string, T>, prefix: string, entries: Array<[string, T]>) => {
        // Another user signed in meanwhile: this copy is not theirs.
        if (this.#name !== name) return;
        // A refresh that answered while this was read is newer than what was stored.
        for (const [key, value] of entries)
          if (!map.has(key.slice(prefix.length))) map.set(key.slice(prefix.length), value);
      };
      fill(this.#messages, MESSAGES_PREFIX, await read<TMessage[]>(MESSAGES_PREFIX));
      fill(this.#replies, REPLIES_PREFIX, await read<TMessage[]>(REPLIES_PREFIX));
      fill(this.#members, MEMBERS_PREFIX, await read<TMember[]>(MEMBERS_PREFIX));
      for (const channelId of this.#messages.keys()) this.#emit("messages", { channelId });
    })();
    this.#outbox.load(outbox);
    // Without a cursor (a first login, or a copy the browser evicted) nothing can be caught up: the copy is
    // whatever the server says now.
    if (typeof cursor === "string") this.#host.resumeFrom(cursor);
    this.#host.seenChannels([...this.#channels.values()]);
    this.#listenToTabs(name);
  }

  /** Leaves the current user's copy: deleted with everything in it when `destroy`, kept for their next login otherwise. */
  async #close(destroy: boolean): Promise<void> {
    const name = this.#name;
    await this.#flushWrites();
    this.#outbox.reset();
    this.#tabs?.close();
    this.#tabs = null;
    const area = this.#area;
    this.#area = null;
    this.#name = null;
    this.#degraded = false;
    this.#degradation = null;
    this.#channels.clear();
    this.#messages.clear();
    this.#replies.clear();
    this.#members.clear();
    this.#fresh.clear();
    this.#dirty.clear();
    await area?.close().catch(() => undefined);
    if (destroy && name) {
      await this.#storage.destroy(name).catch(() => undefined);
      try {
        const index = await this.#storage.open(this.#indexName());
        const sessions = await index.list<TChatUser>("");
        const userId = name.slice(name.lastIndexOf("/") + 1);
        await index.write({ remove: sessions.filter(([, u]) => u.userId === userId).map(([key]) => key) });
        await index.close();
      } catch {
        // The index only serves a resume without the network.
      }
    }
    if (name) this.#emit("channels", this.channels());
  }

  /** Other tabs of the same user: an item one queues is sent by whichever holds the lock. */
  #listenToTabs(name: string): void {
    if (typeof BroadcastChannel === "undefined") return;
    this.#tabs = new BroadcastChannel(`parley:${name}`);
    this.#tabs.onmessage = () => this.#outbox.othersChanged();
    // Node keeps a process alive for an open channel; a script that is done should end.
    (this.#tabs as { unref?: () => void }).unref?.();
  }

  // Writing -----------------------------------------------------------------------------------------------------

  /** Writes through to the storage; when it fails, the layer goes on in memory with everything it holds. */
  async #write(changes: { set?: Array<[string, StoredValue]>; remove?: string[] }): Promise<void> {
    const area = this.#area;
    if (!area) return;
    try {
      await area.write(changes);
    } catch (error) {
      // Another write may have failed first and moved the layer to memory already: this one goes there too.
      if (area === this.#area) await this.#degrade(error);
      await this.#area?.write(changes);
    }
  }

  /** Moves the layer to memory, once per session however many writes fail together. */
  #degrade(error: unknown): Promise<void> {
    this.#degradation ??= this.#moveToMemory(error);
    return this.#degradation;
  }

  async #moveToMemory(error: unknown): Promise<void> {
    const failed = this.#area;
    const memory = await memoryStorage().open(this.#name ?? "degraded");
    // What the failed storage still holds of the outbox goes along, so nothing queued is lost.
    const carried: Array<[string, StoredValue]> = [];
    for (const item of this.#outbox.items()) carried.push([OUTBOX_PREFIX + item.id, item]);
    if (failed) {
      const bytes = await failed.list(BYTES_PREFIX).catch(() => []);
      carried.push(...bytes);
    }
    await memory.write({ set: carried });
    this.#area = memory;
    this.#degraded = true;
    for (const key of [...this.#channels.keys()].map((id) => CHANNEL_PREFIX + id)) this.#dirty.add(key);
    this.#scheduleWrite();
    await failed?.close().catch(() => undefined);
    this.#emit("degraded", { error: error instanceof Error ? error : new Error(String(error)) });
    // A drain the failure stopped goes on from memory.
    this.#outbox.kick();
  }

  #markDirty(key: string): void {
    this.#dirty.add(key);
    this.#scheduleWrite();
  }

  #scheduleWrite(): void {
    if (this.#writeTimer) return;
    this.#writeTimer = setTimeout(() => {
      this.#writeTimer = null;
      void this.#flushWrites();
    }, WRITE_DELAY_MS);
  }

  /** Writes what changed since the last write, and the event cursor with it: the two never disagree in the store. */
  #flushWrites(): Promise<void> {
    if (this.#writeTimer) clearTimeout(this.#writeTimer);
    this.#writeTimer = null;
    const keys = [...this.#dirty];
    this.#dirty.clear();
    const cursor = this.#client.lastEventId;
    if (keys.length === 0 && cursor === null) return this.#writing;
    const set: Array<[string, StoredValue]> = [];
    const remove: string[] = [];
    for (const key of keys) {
      const value = this.#valueOf(key);
      if (value === undefined) remove.push(key);
      else set.push([key, value]);
    }
    if (cursor !== null) set.push([CURSOR_KEY, cursor]);
    this.#writing = this.#writing.then(() => this.#write({ set, remove })).catch(() => undefined);
    return this.#writing;
  }

  #valueOf(key: string): StoredValue | undefined {
    if (key.startsWith(CHANNEL_PREFIX)) return this.#channels.get(key.slice(CHANNEL_PREFIX.length));
    if (key.startsWith(MESSAGES_PREFIX)) return this.#messages.get(key.slice(MESSAGES_PREFIX.length));
    if (key.startsWith(REPLIES_PREFIX)) return this.#replies.get(key.slice(REPLIES_PREFIX.length));
    if (key.startsWith(MEMBERS_PREFIX)) return this.#members.get(key.slice(MEMBERS_PREFIX.length));
    return undefined;
  }

  // Keeping the copy current ------------------------------------------------------------------------------------

  #withUnread(channel: TChannel): TChannel {
    const counts = this.#client.unread.of(channel.id);
    return counts ? { ...channel, ...counts } : channel;
  }

  #setChannel(channel: TChannel): void {
    const before = this.#channels.get(channel.id);
    this.#channels.set(channel.id, before ? withChannelEvent(before, channel) : channel);
    this.#markDirty(CHANNEL_PREFIX + channel.id);
  }

  #forgetChannel(channelId: string): void {
    this.#channels.delete(channelId);
    this.#messages.delete(channelId);
    this.#members.delete(channelId);
    for (const key of [...this.#replies.keys()]) {
      if (key.startsWith(`${channelId}:`)) {
        this.#replies.delete(key);
        this.#markDirty(REPLIES_PREFIX + key);
      }
    }
    this.#markDirty(CHANNEL_PREFIX + channelId);
    this.#markDirty(MESSAGES_PREFIX + channelId);
    this.#markDirty(MEMBERS_PREFIX + channelId);
  }

  #setMessages(channelId: string, list: TMessage[]): void {
    this.#messages.set(channelId, list);
    this.#markDirty(MESSAGES_PREFIX + channelId);
    this.#emit("messages", { channelId });
  }

  #changeCached(channelId: string, messageId: string, change: (m: TMessage) => TMessage): void {
    const list = this.#messages.get(channelId);
    if (list) {
      const next = changeMessage(list, messageId, change);
      if (next !== list) this.#setMessages(channelId, next);
    }
    for (const [key, replies] of this.#replies) {
      if (!key.startsWith(`${channelId}:`)) continue;
      const next = changeMessage(replies, messageId, change);
      if (next !== replies) {
        this.#replies.set(key, next);
        this.#markDirty(REPLIES_PREFIX + key);
      }
    }
    const channel = this.#channels.get(channelId);
    if (channel?.lastMessage?.id === messageId) {
      this.#channels.set(channelId, { ...channel, lastMessage: change(channel.lastMessage) });
      this.#markDirty(CHANNEL_PREFIX + channelId);
      this.#channelsChanged();
    }
  }

  #dropCached(channelId: string, messageId: string): void {
    const list = this.#messages.get(channelId);
    if (list?.some((m) => m.id === messageId))
      this.#setMessages(
        channelId,
        list.filter((m) => m.id !== messageId),
      );
    for (const [key, replies] of this.#replies) {
      if (key.startsWith(`${channelId}:`) && replies.some((m) => m.id === messageId)) {
        this.#replies.set(
          key,
          replies.filter((m) => m.id !== messageId),
        );
        this.#markDirty(REPLIES_PREFIX + key);
      }
    }
  }

  /** A message the server has: in its channel's list (or its thread's) and as the channel's last message. */
  #takeMessage(message: TMessage): void {
    const channelId = message.channelId;
    if (message.parentMessageId) {
      const key = `${channelId}:${message.parentMessageId}`;
      const replies = this.#replies.get(key);
      if (replies) {
        this.#replies.set(key, mergeMessages(replies, [message], this.#limit));
        this.#markDirty(REPLIES_PREFIX + key);
      }
    }
    if (!inChannelList(message)) {
      this.#emit("messages", { channelId });
      return;
    }
    const list = this.#messages.get(channelId);
    if (list) this.#setMessages(channelId, mergeMessages(list, [message], this.#limit));
    else this.#emit("messages", { channelId });
    const channel = this.#channels.get(channelId);
    if (channel && (!channel.lastMessage || channel.lastMessage.seq <= message.seq)) {
      this.#channels.set(channelId, { ...channel, lastMessage: message });
      this.#markDirty(CHANNEL_PREFIX + channelId);
      this.#channelsChanged();
    }
  }

  #sent(item: OutboxItem, message: TMessage | null): void {
    if (message && (item.kind === "send" || item.kind === "file")) this.#takeMessage(message);
    else if (message && "target" in item) this.#changeCached(item.channelId, message.id, () => message);
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

  #refreshChannelsLater(): void {
    if (this.#client.connectionState === "open") this.refreshChannels().catch(() => undefined);
  }

  /** Applies the client's events to the copy, and saves the cursor with them. */
  #follow(): void {
    const client = this.#client;
    const me = () => client.currentUser?.userId ?? null;
    const on = <K extends TChatEvent["type"]>(type: K, apply: (event: TChatEvent) => void) =>
      client.on(type, (event) => {
        if (!this.#area) return;
        apply(event);
        this.#scheduleWrite();
      });
    on("message.created", (event) => {
      if (!event.message) return;
      if (!this.#channels.has(event.channelId)) this.#refreshChannelsLater();
      this.#takeMessage(event.message);
    });
    on("message.updated", (event) => {
      const message = event.message;
      if (message)
        this.#changeCached(event.channelId, message.id, (m) => ({ ...m, ...message, myReactions: m.myReactions }));
    });
    on("message.deleted", (event) => {
      if (event.messageId) this.#dropCached(event.channelId, event.messageId);
    });
    for (const type of ["reaction.added", "reaction.removed"] as const) {
      on(type, (event) => {
        if (event.messageId)
          this.#changeCached(event.channelId, event.messageId, (m) => withReactionEvent(m, event, me()));
      });
    }
    on("thread.updated", (event) => {
      const { replyCount, lastRepliedAt } = event;
      if (event.messageId)
        this.#changeCached(event.channelId, event.messageId, (m) => ({ ...m, replyCount, lastRepliedAt }));
    });
    for (const type of [
      "channel.changed",
      "channel.frozen",
      "channel.unfrozen",
      "message.pinned",
      "message.unpinned",
    ] as const) {
      on(type, (event) => {
        if (event.channel && this.#channels.has(event.channelId)) {
          this.#setChannel(event.channel);
          this.#channelsChanged();
        }
      });
    }
    on("channel.deleted", (event) => {
      this.#forgetChannel(event.channelId);
      this.#channelsChanged();
    });
    for (const type of ["member.left", "member.banned"] as const) {
      on(type, (event) => {
        if (event.userId === me()) {
          this.#forgetChannel(event.channelId);
          this.#channelsChanged();
        } else if (this.#members.delete(event.channelId)) {
          this.#markDirty(MEMBERS_PREFIX + event.channelId);
        }
      });
    }
    on("member.joined", (event) => {
      if (event.userId === me()) this.#refreshChannelsLater();
      else if (this.#members.delete(event.channelId)) this.#markDirty(MEMBERS_PREFIX + event.channelId);
    });
    client.on("unread.changed", (change) => {
      const channel = this.#channels.get(change.channelId);
      if (!channel || !this.#area) return;
      this.#channels.set(change.channelId, {
        ...channel,
        unreadCount: change.unreadCount,
        unreadMentionCount: change.unreadMentionCount,
      });
      this.#markDirty(CHANNEL_PREFIX + change.channelId);
      this.#channelsChanged();
    });
    client.on("connection", (change) => {
      if (change.state === "open") {
        this.#outbox.kick();
        if (!this.#fresh.has("channels")) this.refreshChannels().catch(() => undefined);
      } else if (change.state === "reconnecting") {
        // Events missed while down come with the catch-up; until then the copy may be behind.
        this.#fresh.clear();
      }
    });
    client.on("resync.required", () => void this.#resync());
  }

  /** The events since the copy's cursor are gone from the server: load again every channel the copy holds. */
  async #resync(): Promise<void> {
    this.#fresh.clear();
    await this.refreshChannels().catch(() => undefined);
    const held = [...this.#messages.keys()].filter((id) => this.#channels.has(id));
    for (const channelId of held) await this.refreshMessages(channelId).catch(() => undefined);
    for (const key of [...this.#replies.keys()]) {
      const [channelId = "", parent = ""] = key.split(":");
      await this.refreshReplies(channelId, parent).catch(() => undefined);
    }
    this.#scheduleWrite();
  }
}
