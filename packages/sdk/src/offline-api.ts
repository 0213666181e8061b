/**
 * The shape of the offline layer (`@parley/sdk/offline`) as the client knows it: types only, so the client can hold
 * one without loading it.
 */
import type { TChannel, TEditMessageRequest, TMember, TMessage } from "@parley/contract/client";
import type { SendOptions } from "./apis";
import type { VoiceRecording } from "./file-input";

/**
 * Where an outbox item is: `pending` (stored, waiting for the network or its turn), `sending` (on its way now),
 * `failed` (refused for good, with the server's code; kept until the app retries or discards it) or `sent`
 * (the server has it: the item has left the outbox, and this is the last change heard of it).
 */
export type OutboxState = "pending" | "sending" | "failed" | "sent";

/** A message the action is about: sent already (`messageId`), or still in the outbox (`clientMessageId`). */
export type MessageRef = { messageId: string } | { clientMessageId: string };

/** What an outbox item does when it goes out. */
export type OutboxAction =
  | {
      kind: "send";
      clientMessageId: string;
      text: string;
      metadata?: Record<string, string>;
      options?: Omit<SendOptions, "clientMessageId">;
    }
  | {
      kind: "file";
      clientMessageId: string;
      caption?: string;
      name: string;
      type: string;
      size: number;
      voice?: VoiceRecording;
    }
  | { kind: "edit"; target: MessageRef; changes: TEditMessageRequest }
  | { kind: "delete"; target: MessageRef }
  | { kind: "react" | "unreact"; target: MessageRef; reaction: string }
  | { kind: "read"; seq?: number };

/** One change the user made that the server has not confirmed yet, in the order the user made it. */
export type OutboxItem = OutboxAction & {
  /** Sorts in the order the items were made. */
  id: string;
  channelId: string;
  createdAt: string;
  state: OutboxState;
  /** With `failed`: the catalogue code and message the server refused it with. */
  error?: { code: string; message: string };
};

/** Where an answer came from: the local copy (at once, maybe behind) or the server (just now, or kept current since). */
export type AnswerSource = "store" | "network";

/** An answer of the offline layer, saying where it came from. */
export interface Cached<T> {
  data: T;
  source: AnswerSource;
}

/** A channel's latest messages, with the user's sends to it that the server has not confirmed. */
export interface CachedMessages extends Cached<TMessage[]> {
  /** Sends and files of this channel not yet confirmed (pending, sending or failed), oldest first. */
  pending: OutboxItem[];
}

/** What the offline layer tells its listeners. */
export interface OfflineEventMap {
  /** The channel list changed. */
  channels: Cached<TChannel[]>;
  /** A channel's messages, or its pending items, changed. */
  messages: { channelId: string };
  /** The outbox changed: an item was added, sent, failed, retried or discarded. */
  outbox: OutboxItem[];
  /** An item left the outbox: the server has it. */
  sent: { item: OutboxItem; message: TMessage | null };
  /** The storage failed (full, or gone while open): the layer goes on in memory; nothing new survives a reload. */
  degraded: { error: Error };
}

/** A file to queue: a `Blob` or `File`, or its bytes with a name and type. */
export type QueuedFile = Blob | { bytes: Uint8Array; name: string; type: string };

/**
 * The signed-in user's local copy of their chat and their outbox, as `client.offline` offers it. Reads answer from
 * the copy at once and say so (`source: "store"`); refreshes answer from the server and keep the copy. Changes made
 * through it are stored first and go out when the server can be reached, each once.
 */
export interface OfflineApi {
  /** The kind of storage in use: the one given, or `memory` after it failed. */
  readonly storageKind: string;
  /** Whether the storage failed and the layer runs in memory for the rest of the session. */
  readonly degraded: boolean;
  /** Resolves once the signed-in user's copy is loaded (login and `resume` already wait for it). */
  ready(): Promise<void>;
  /** Listens to the layer's changes; answers a function that stops listening. */
  on<K extends keyof OfflineEventMap>(type: K, listener: (payload: OfflineEventMap[K]) => void): () => void;

  /** The user's channels as the copy has them, newest activity first, each with its unread counts. */
  channels(): Cached<TChannel[]>;
  /** A channel of the copy, or undefined. */
  channel(channelId: string): TChannel | undefined;
  /** A channel's newest messages as the copy has them (oldest first), with its pending sends. */
  messages(channelId: string): CachedMessages;
  /** A thread's replies as the copy has them (oldest first). */
  replies(channelId: string, parentMessageId: string): Cached<TMessage[]>;
  /** A channel's members as the copy has them (the first page the server listed). */
  members(channelId: string): Cached<TMember[]>;
  /** Lists the user's channels from the server and keeps them: channels the user left leave the copy. */
  refreshChannels(): Promise<Cached<TChannel[]>>;
  /** Loads a channel's newest messages from the server into the copy. */
  refreshMessages(channelId: string): Promise<CachedMessages>;
  /** Loads a thread's newest replies from the server into the copy. */
  refreshReplies(channelId: string, parentMessageId: string): Promise<Cached<TMessage[]>>;
  /** Loads a channel's first page of members from the server into the copy. */
  refreshMembers(channelId: string): Promise<Cached<TMember[]>>;
  /** Calls `listener` with the channel list from the copy at once, then from the server, then at every change. */
  watchChannels(listener: (channels: Cached<TChannel[]>) => void): () => void;
  /** Calls `listener` with a channel's messages from the copy at once, then from the server, then at every change. */
  watchMessages(channelId: string, listener: (messages: CachedMessages) => void): () => void;

  /** Items not yet confirmed, oldest first; those of one channel when given. */
  outbox(channelId?: string): OutboxItem[];
  /** Queues a text message: stored before anything else, sent when the server can be reached. */
  send(channelId: string, text: string, metadata?: Record<string, string>, options?: SendOptions): Promise<OutboxItem>;
  /** Queues a file message, its bytes in the store up to `maxStoredFileBytes` (in memory beyond). */
  sendFile(
    channelId: string,
    file: QueuedFile,
    options?: { caption?: string; clientMessageId?: string; voice?: VoiceRecording },
  ): Promise<OutboxItem>;
  /** Queues an edit of one of the user's messages; the copy shows it at once. Null when folded into a waiting send. */
  edit(channelId: string, target: MessageRef, changes: TEditMessageRequest): Promise<OutboxItem | null>;
  /** Queues deleting one of the user's messages; the copy drops it at once. Null when it dropped a waiting send. */
  delete(channelId: string, target: MessageRef): Promise<OutboxItem | null>;
  /** Queues adding the user's reaction; the copy counts it at once. */
  react(channelId: string, target: MessageRef, reaction: string): Promise<OutboxItem | null>;
  /** Queues taking the user's reaction back; the copy uncounts it at once. */
  unreact(channelId: string, target: MessageRef, reaction: string): Promise<OutboxItem | null>;
  /** Queues a read mark (the newest message when `seq` is left out); the unread counts clear at once. */
  markRead(channelId: string, seq?: number): Promise<OutboxItem | null>;
  /** Waits until an item has gone out (the message the server answered, or null) or failed for good (rejects). */
  settled(itemId: string): Promise<TMessage | null>;
  /** Puts a failed item back in line, with the items that waited on it. */
  retry(itemId: string): Promise<void>;
  /** Drops a pending or failed item, with the items that waited on it. */
  discard(itemId: string): Promise<void>;
  /** Tries the outbox now rather than after its back-off. */
  flush(): void;
  /** Writes the copy's latest changes now rather than a moment later (the outbox is always written at once). */
  persist(): Promise<void>;
}
