import type { OutboxItem, TChannel, TMember, TMessage } from "@parley/sdk";
import { CHANNELS_KEY, type LocalCopy, MEMBERS_PREFIX, MESSAGES_PREFIX, REPLIES_PREFIX } from "./copy";
import { memoryStorage } from "./memory-storage";
import { BYTES_PREFIX, OUTBOX_PREFIX } from "./outbox";
import type { StorageArea, StoredValue } from "./storage";

export const CURSOR_KEY = "meta:cursor";
/** How long writes of the copy wait to be written together (the outbox's are written at once). */
const WRITE_DELAY_MS = 30;

/** What the writer needs from the store. */
export interface WriterHost {
  copy: LocalCopy;
  /** The event cursor the copy is current to. */
  cursor(): string | null;
  /** The outbox's items, carried to memory when the storage fails. */
  outboxItems(): OutboxItem[];
  /** The storage failed and the layer now runs in memory. */
  degraded(error: Error): void;
}

/**
 * Writes the signed-in user's area: the outbox's items at once, the copy's changes a moment later together with the
 * cursor (so the stored cursor never runs ahead of the stored copy). When the storage fails, it moves to memory with
 * what it holds, once per session however many writes fail together.
 */
export class AreaWriter {
  /** The user's area, or null between sessions. */
  area: StorageArea | null = null;
  /** The area's name: `<appId>/users/<userId>`. */
  name: string | null = null;
  /** Whether the storage failed and the area is now in memory. */
  degraded = false;
  #degradation: Promise<void> | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #writing: Promise<void> = Promise.resolve();

  constructor(private readonly host: WriterHost) {}

  /** Takes on a user's area (null when it could not be opened: the next write moves to memory). */
  attach(name: string, area: StorageArea | null): void {
    this.name = name;
    this.area = area;
  }

  /** Lets go of the area, answering it for the caller to close. */
  detach(): StorageArea | null {
    const area = this.area;
    this.area = null;
    this.name = null;
    this.degraded = false;
    this.#degradation = null;
    return area;
  }

  /** Writes through to the storage; when it fails, the layer goes on in memory with everything it holds. */
  async write(changes: { set?: Array<[string, StoredValue]>; remove?: string[] }): Promise<void> {
    const area = this.area;
    if (!area) return;
    try {
      await area.write(changes);
    } catch (error) {
      // Another write may have failed first and moved the layer to memory already: this one goes there too.
      if (area === this.area) await this.degrade(error);
      await this.area?.write(changes);
    }
  }

  /** Moves the layer to memory, once per session however many writes fail together. */
  degrade(error: unknown): Promise<void> {
    this.#degradation ??= this.#moveToMemory(error);
    return this.#degradation;
  }

  async #moveToMemory(error: unknown): Promise<void> {
    const failed = this.area;
    const memory = await memoryStorage().open(this.name ?? "degraded");
    // What the failed storage still holds of the outbox goes along, so nothing queued is lost.
    const carried: Array<[string, StoredValue]> = [];
    for (const item of this.host.outboxItems()) carried.push([OUTBOX_PREFIX + item.id, item]);
    if (failed) {
      const bytes = await failed.list(BYTES_PREFIX).catch(() => []);
      carried.push(...bytes);
    }
    await memory.write({ set: carried });
    this.area = memory;
    this.degraded = true;
    const { copy } = this.host;
    copy.dirty.add(CHANNELS_KEY);
    this.schedule();
    await failed?.close().catch(() => undefined);
    this.host.degraded(error instanceof Error ? error : new Error(String(error)));
  }

  /** Writes the copy's changes a moment from now, with whatever else changes meanwhile. */
  schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, WRITE_DELAY_MS);
  }

  /** Writes what changed since the last write, and the event cursor with it: the two never disagree in the store. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const { copy } = this.host;
    const keys = [...copy.dirty];
    copy.dirty.clear();
    const cursor = this.host.cursor();
    if (keys.length === 0 && cursor === null) return this.#writing;
    const set: Array<[string, StoredValue]> = [];
    const remove: string[] = [];
    for (const key of keys) {
      const value = copy.valueOf(key);
      if (value === undefined) remove.push(key);
      else set.push([key, value]);
    }
    if (cursor !== null) set.push([CURSOR_KEY, cursor]);
    this.#writing = this.#writing.then(() => this.write({ set, remove })).catch(() => undefined);
    return this.#writing;
  }
}

/** Entries under `prefix`, by what follows it. */
type Entries<T> = Array<[string, T]>;

/**
 * Reads a user's area in two steps: the channel list (one record), the outbox and the cursor first (what a first
 * screen draws), then, in `rest`, the messages, replies and members, which are most of its size, while that screen
 * is drawn. A read that fails moves the layer to memory (`degrade`) and counts as empty.
 */
export async function readArea(area: StorageArea | null, degrade: (error: unknown) => Promise<void>) {
  const failed = async <T>(error: unknown, empty: T): Promise<T> => {
    await degrade(error);
    return empty;
  };
  const read = async <T>(prefix: string): Promise<Entries<T>> => {
    try {
      const entries = area ? await area.list<T>(prefix) : [];
      return entries.map(([key, value]): [string, T] => [key.slice(prefix.length), value]);
    } catch (error) {
      return failed(error, []);
    }
  };
  const get = async <T>(key: string): Promise<T | undefined> => {
    try {
      return area ? await area.get<T>(key) : undefined;
    } catch (error) {
      return failed(error, undefined);
    }
  };
  const [channels, items, cursor] = await Promise.all([
    get<TChannel[]>(CHANNELS_KEY),
    read<OutboxItem>(OUTBOX_PREFIX),
    get<unknown>(CURSOR_KEY),
  ]);
  const rest = (async () => ({
    messages: await read<TMessage[]>(MESSAGES_PREFIX),
    replies: await read<TMessage[]>(REPLIES_PREFIX),
    members: await read<TMember[]>(MEMBERS_PREFIX),
  }))();
  return {
    channels: Array.isArray(channels) ? channels : [],
    outbox: items.map(([, item]) => item),
    cursor: typeof cursor === "string" ? cursor : null,
    rest,
  };
}
