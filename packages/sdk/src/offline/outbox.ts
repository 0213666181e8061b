import { type OutboxAction, type OutboxItem, type ParleyClient, ParleyError, type TMessage } from "@parley/sdk";
import { fileSendOptions } from "./actions";
import {
  byItemId,
  failureOf,
  isTransient,
  localLocks,
  newItemId,
  refersTo,
  replacingReads,
  sameTarget,
} from "./outbox-rules";
import type { StorageArea, StoredValue } from "./storage";

/** What the outbox needs from the store that holds it. */
export interface OutboxHost {
  client: ParleyClient;
  /** The signed-in user's storage area, or null between sessions. */
  area(): StorageArea | null;
  /** Writes through the store, which falls back to memory when the storage is full. */
  write(changes: { set?: Array<[string, StoredValue]>; remove?: string[] }): Promise<void>;
  /** The name two tabs of the same user share, so only one of them sends at a time. */
  lockName(): string;
  /** An item left the outbox: the server answered `message` (null for actions that answer none). */
  sent(item: OutboxItem, message: TMessage | null): void;
  /** The items changed (added, sent, failed, retried, discarded). */
  changed(): void;
  retryDelayMs: { initial: number; max: number };
}

export const OUTBOX_PREFIX = "outbox:";
export const BYTES_PREFIX = "outbox-bytes:";

interface Waiter {
  resolve: (message: TMessage | null) => void;
  reject: (error: Error) => void;
}

/**
 * The durable outbox: every change is stored before it is tried, goes out in the order it was made, and leaves the
 * store only once the server has it. Sends carry their `clientMessageId` from the first try on, so one whose answer
 * was lost is answered with the stored message when tried again, never stored twice. Tabs of one user share the
 * store and take turns through a Web Lock, reading the items afresh under it, so no two send the same item.
 */
export class Outbox {
  #items: OutboxItem[] = [];
  /** File bytes too large for the store, kept for this page only. */
  #volatileBytes = new Map<string, Uint8Array>();
  #waiters = new Map<string, Waiter[]>();
  #draining = false;
  #again = false;
  /** The session was refused (401): nothing goes out until a new login. */
  #blocked = false;
  /** Another tab changed the stored items: read them again before picking the next. */
  #stale = false;
  /** Items discarded while on their way: dropped if that try fails. */
  #discarding = new Set<string>();
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #delayMs: number;
  /** Offline or in the background: a failed item waits for {@link pause} to end rather than for a timer. */
  #paused = false;

  constructor(private readonly host: OutboxHost) {
    this.#delayMs = host.retryDelayMs.initial;
  }

  /** Takes the items a store holds, as a new session opens it. */
  load(items: OutboxItem[]): void {
    this.#items = items
      .map((item) => (item.state === "sending" ? { ...item, state: "pending" as const } : item))
      .sort(byItemId);
    this.#blocked = false;
  }

  /** Forgets everything in memory: the session ended. Waiters hear that their item will not go out from here. */
  reset(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#items = [];
    this.#volatileBytes.clear();
    for (const waiters of this.#waiters.values()) {
      for (const waiter of waiters) waiter.reject(new Error("the session ended before the item was sent"));
    }
    this.#waiters.clear();
  }

  /** The items, oldest first; those of one channel when given. */
  items(channelId?: string): OutboxItem[] {
    return channelId === undefined ? [...this.#items] : this.#items.filter((i) => i.channelId === channelId);
  }

  /**
   * Stores a change and starts sending. An edit or delete of a message still waiting changes or drops it instead,
   * and a reaction taken back before it went out drops both: null then, as nothing was queued. See `replacingReads`.
   */
  async add(
    channelId: string,
    action: OutboxAction,
    bytes?: Uint8Array,
    storeBytes = true,
  ): Promise<OutboxItem | null> {
    const folded = await this.#fold(channelId, action);
    if (folded !== undefined) return folded;
    const { queued, replaced } = replacingReads(this.#items, channelId, action);
    const item = {
      ...queued,
      id: newItemId(Date.now()),
      channelId,
      createdAt: new Date().toISOString(),
      state: "pending",
    } as OutboxItem;
    const set: Array<[string, StoredValue]> = [[OUTBOX_PREFIX + item.id, item]];
    if (bytes && storeBytes) set.push([BYTES_PREFIX + item.id, bytes]);
    else if (bytes) this.#volatileBytes.set(item.id, bytes);
    await this.host.write({ set, remove: replaced.map((i) => OUTBOX_PREFIX + i.id) });
    this.#items = this.#items.filter((i) => !replaced.includes(i));
    this.#items.push(item);
    this.host.changed();
    this.kick();
    return item;
  }

  /** Applies an action to an item still waiting, when it can be; undefined when the action must be queued. */
  async #fold(channelId: string, action: OutboxAction): Promise<OutboxItem | null | undefined> {
    if (!("target" in action) || !("clientMessageId" in action.target)) {
      return this.#foldReaction(action);
    }
    const clientMessageId = action.target.clientMessageId;
    const origin = this.#items.find(
      (i) => (i.kind === "send" || i.kind === "file") && i.clientMessageId === clientMessageId && i.state !== "sending",
    );
    if (!origin || origin.channelId !== channelId) return this.#foldReaction(action);
    if (action.kind === "delete") {
      const dropped = this.#items.filter((i) => i === origin || refersTo(i, clientMessageId));
      await this.#remove(dropped);
      return null;
    }
    if (action.kind === "edit") {
      const changed: OutboxItem =
        origin.kind === "send"
          ? {
              ...origin,
              text: action.changes.text ?? origin.text,
              ...(action.changes.metadata ? { metadata: action.changes.metadata } : {}),
            }
          : { ...origin, ...(action.changes.text === undefined ? {} : { caption: action.changes.text }) };
      await this.host.write({ set: [[OUTBOX_PREFIX + changed.id, changed]] });
      this.#items = this.#items.map((i) => (i === origin ? changed : i));
      this.host.changed();
      return changed;
    }
    return this.#foldReaction(action);
  }

  /** A reaction added and taken back (or the reverse) before either went out: neither needs to. */
  async #foldReaction(action: OutboxAction): Promise<null | undefined> {
    if (action.kind !== "react" && action.kind !== "unreact") return undefined;
    const opposite = action.kind === "react" ? "unreact" : "react";
    const earlier = [...this.#items]
      .reverse()
      .find(
        (i) =>
          i.kind === opposite &&
          i.state === "pending" &&
          i.reaction === action.reaction &&
          sameTarget(i.target, action.target),
      );
    if (!earlier) return undefined;
    await this.#remove([earlier]);
    return null;
  }

  async #remove(items: OutboxItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.host.write({ remove: items.flatMap((i) => [OUTBOX_PREFIX + i.id, BYTES_PREFIX + i.id]) });
    this.#items = this.#items.filter((i) => !items.includes(i));
    for (const item of items) {
      this.#volatileBytes.delete(item.id);
      this.#settle(item.id, null);
    }
    this.host.changed();
  }

  /** Waits until the item has gone out (the message the server answered, or null) or failed for good (rejects). */
  settled(itemId: string): Promise<TMessage | null> {
    const item = this.#items.find((i) => i.id === itemId);
    if (!item) return Promise.resolve(null);
    if (item.state === "failed") return Promise.reject(this.#failure(item));
    return new Promise((resolve, reject) => {
      const waiters = this.#waiters.get(itemId) ?? [];
      waiters.push({ resolve, reject });
      this.#waiters.set(itemId, waiters);
    });
  }

  #failure(item: OutboxItem): ParleyError {
    return new ParleyError(item.error ?? { code: "Error", message: "failed" }, 0);
  }

  #settle(itemId: string, message: TMessage | null, error?: Error): void {
    const waiters = this.#waiters.get(itemId) ?? [];
    this.#waiters.delete(itemId);
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve(message);
    }
  }

  /** Puts a failed item back in line, with the items that waited on it. */
  async retry(itemId: string): Promise<void> {
    const item = this.#items.find((i) => i.id === itemId);
    if (item?.state !== "failed") return;
    const origin = item.kind === "send" || item.kind === "file" ? item.clientMessageId : null;
    const again = this.#items.filter(
      (i) => i === item || (origin !== null && i.state === "failed" && refersTo(i, origin)),
    );
    const set: Array<[string, StoredValue]> = [];
    this.#items = this.#items.map((i) => {
      if (!again.includes(i)) return i;
      const { error: _error, ...rest } = i;
      const pending = { ...rest, state: "pending" } as OutboxItem;
      set.push([OUTBOX_PREFIX + i.id, pending]);
      return pending;
    });
    await this.host.write({ set });
    this.host.changed();
    this.kick();
  }

  /**
   * Drops an item, with the items that waited on it. One on its way now is dropped when that try fails; if the
   * server takes it, it is sent.
   */
  async discard(itemId: string): Promise<void> {
    const item = this.#items.find((i) => i.id === itemId);
    if (!item) return;
    if (item.state === "sending") {
      this.#discarding.add(itemId);
      return;
    }
    const origin = item.kind === "send" || item.kind === "file" ? item.clientMessageId : null;
    await this.#remove(this.#items.filter((i) => i === item || (origin !== null && refersTo(i, origin))));
  }

  /** Another tab of the user added or sent items: this one reads them before it sends its next. */
  othersChanged(): void {
    this.#stale = true;
    this.kick();
  }

  /** Sends what is waiting now, not after the back-off: the link is back, or a new item was added. */
  kick(): void {
    if (this.#retryTimer) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
    }
    void this.#drain();
  }

  /**
   * Stops retrying (the device is offline or the app in the background) or starts again at once. A new item still
   * gets its first try while paused: a reply sent from a notification goes out without the app in front.
   */
  pause(paused: boolean): void {
    if (paused === this.#paused) return;
    this.#paused = paused;
    if (!paused) {
      this.#delayMs = this.host.retryDelayMs.initial;
      this.kick();
    } else if (this.#retryTimer) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
    }
  }

  /** A new login lifts the hold a refused session put on sending. */
  unblock(): void {
    this.#blocked = false;
    this.#delayMs = this.host.retryDelayMs.initial;
  }

  async #drain(): Promise<void> {
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = true;
    try {
      do {
        this.#again = false;
        await this.#withLock(() => this.#drainLocked());
      } while (this.#again && this.#retryTimer === null && !this.#blocked);
    } finally {
      this.#draining = false;
    }
  }

  /** Another tab of the same user waits here while this one sends; in Node and React Native, calls queue in order. */
  async #withLock(work: () => Promise<void>): Promise<void> {
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    if (locks) {
      await locks.request(this.host.lockName(), work);
      return;
    }
    const name = this.host.lockName();
    const previous = localLocks.get(name) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    localLocks.set(name, mine);
    await previous;
    try {
      await work();
    } finally {
      release();
      if (localLocks.get(name) === mine) localLocks.delete(name);
    }
  }

  /**
   * Takes in the items other tabs stored since this one last looked, and their changes (one failed there). Items
   * missing from the store stay: whether another tab sent one is checked just before sending it.
   */
  async #reload(area: StorageArea): Promise<void> {
    const stored = await area.list<OutboxItem>(OUTBOX_PREFIX);
    const merged = new Map(this.#items.map((item) => [item.id, item]));
    for (const [, item] of stored) {
      const mine = merged.get(item.id);
      if (mine?.state !== "sending") merged.set(item.id, item);
    }
    const before = this.#items.length;
    this.#items = [...merged.values()].sort(byItemId);
    if (this.#items.length !== before) this.host.changed();
  }

  /** Whether another tab sent (or discarded) the item: it is no longer in the store they share. */
  async #goneElsewhere(area: StorageArea, item: OutboxItem): Promise<boolean> {
    if ((await area.get(OUTBOX_PREFIX + item.id)) !== undefined) return false;
    this.#items = this.#items.filter((i) => i.id !== item.id);
    this.#volatileBytes.delete(item.id);
    this.#settle(item.id, null);
    this.host.changed();
    return true;
  }

  async #drainLocked(): Promise<void> {
    const area = this.host.area();
    if (!area || this.#blocked) return;
    this.#stale = true;
    for (;;) {
      if (this.host.area() !== area || this.#blocked) return;
      if (this.#stale) {
        this.#stale = false;
        await this.#reload(area).catch(() => undefined);
      }
      const next = this.#next();
      if (!next) return;
      if ("fail" in next) {
        await this.#fail(next.item, next.fail);
        continue;
      }
      const { item, messageId } = next;
      let gone: boolean;
      try {
        gone = await this.#goneElsewhere(area, item);
      } catch {
        // The storage failed under this drain: the next one runs on what the store moved to.
        return;
      }
      if (gone) continue;
      this.#setState(item, { ...item, state: "sending" });
      let message: TMessage | null;
      try {
        message = await this.#perform(item, messageId, area);
      } catch (error) {
        const current = this.#items.find((i) => i.id === item.id) ?? item;
        if (this.#discarding.delete(item.id)) {
          this.#setState(current, { ...current, state: "pending" });
          await this.discard(item.id);
          continue;
        }
        const refused = error instanceof ParleyError && error.status === 401;
        if (isTransient(error) || refused) {
          this.#setState(current, { ...current, state: "pending" });
          if (refused) this.#blocked = true;
          else this.#scheduleRetry();
          return;
        }
        await this.#fail(current, failureOf(error));
        continue;
      }
      this.#delayMs = this.host.retryDelayMs.initial;
      this.#discarding.delete(item.id);
      await this.#succeed(item, message);
    }
  }

  /**
   * The oldest item that can go now, with the message id it acts on (its own target, or the id its send was
   * answered with); or one that must fail because the send it waited on was refused or is gone.
   */
  #next():
    | { item: OutboxItem; messageId: string | null }
    | { item: OutboxItem; fail: { code: string; message: string } }
    | null {
    for (const item of this.#items) {
      if (item.state !== "pending") continue;
      if (!("target" in item)) return { item, messageId: null };
      if ("messageId" in item.target) return { item, messageId: item.target.messageId };
      const clientMessageId = item.target.clientMessageId;
      const origin = this.#items.find(
        (i) => (i.kind === "send" || i.kind === "file") && i.clientMessageId === clientMessageId,
      );
      if (origin?.state === "failed") return { item, fail: origin.error ?? failureOf(null) };
      // Waits for its send, which goes first.
      if (origin) continue;
      return { item, fail: { code: "3026", message: "No such message in this channel." } };
    }
    return null;
  }

  async #perform(item: OutboxItem, messageId: string | null, area: StorageArea): Promise<TMessage | null> {
    const { messages } = this.host.client;
    const channelId = item.channelId;
    switch (item.kind) {
      case "send":
        return messages.send(channelId, item.text, item.metadata, {
          ...item.options,
          clientMessageId: item.clientMessageId,
        });
      case "file": {
        const bytes = this.#volatileBytes.get(item.id) ?? (await area.get<Uint8Array>(BYTES_PREFIX + item.id));
        if (!bytes)
          throw new ParleyError({ code: "3030", message: "The file's bytes were not kept on this device." }, 0);
        return messages.sendFile(channelId, { bytes, name: item.name, type: item.type }, fileSendOptions(item));
      }
      case "edit":
        return messages.edit(channelId, messageId ?? "", item.changes);
      case "delete":
        try {
          await messages.delete(channelId, messageId ?? "");
        } catch (error) {
          // Deleted already: by an earlier try whose answer was lost, or elsewhere.
          if (!(error instanceof ParleyError && error.code === "3026")) throw error;
        }
        return null;
      case "react":
        return messages.react(channelId, messageId ?? "", item.reaction);
      case "unreact":
        return messages.unreact(channelId, messageId ?? "", item.reaction);
      case "read":
        await messages.markRead(channelId, item.seq);
        return null;
    }
  }

  async #succeed(item: OutboxItem, message: TMessage | null): Promise<void> {
    const origin = item.kind === "send" || item.kind === "file" ? item.clientMessageId : null;
    const set: Array<[string, StoredValue]> = [];
    // Items that waited on this send now know the id the server gave it.
    if (origin !== null && message) {
      this.#items = this.#items.map((i) => {
        if (!refersTo(i, origin)) return i;
        const resolved = { ...i, target: { messageId: message.id } } as OutboxItem;
        set.push([OUTBOX_PREFIX + i.id, resolved]);
        return resolved;
      });
    }
    this.#items = this.#items.filter((i) => i.id !== item.id);
    this.#volatileBytes.delete(item.id);
    await this.host.write({ set, remove: [OUTBOX_PREFIX + item.id, BYTES_PREFIX + item.id] }).catch(() => undefined);
    this.host.sent({ ...item, state: "sent" }, message);
    this.host.changed();
    this.#settle(item.id, message);
  }

  async #fail(item: OutboxItem, error: { code: string; message: string }): Promise<void> {
    const failed = { ...item, state: "failed", error } as OutboxItem;
    this.#items = this.#items.map((i) => (i.id === item.id ? failed : i));
    await this.host.write({ set: [[OUTBOX_PREFIX + item.id, failed]] }).catch(() => undefined);
    this.host.changed();
    this.#settle(item.id, null, this.#failure(failed));
  }

  #setState(item: OutboxItem, next: OutboxItem): void {
    this.#items = this.#items.map((i) => (i.id === item.id ? next : i));
    this.host.changed();
  }

  #scheduleRetry(): void {
    if (this.#retryTimer || this.#paused) return;
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.host.retryDelayMs.max, this.#delayMs * 2);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#drain();
    }, delay);
  }
}
