import type { TChannel, TMember, TMessage } from "@parley/sdk";
import { changeMessage, inChannelList, mergeMessages, withChannelEvent } from "./cache";
import type { StoredValue } from "./storage";

/**
 * The channel list, one record of every channel: what a first screen draws is one read, not one per channel (and
 * rewriting it whole costs no more than one channel's record in IndexedDB at the list sizes the copy keeps).
 */
export const CHANNELS_KEY = "channels";
export const MESSAGES_PREFIX = "messages:";
export const REPLIES_PREFIX = "replies:";
export const MEMBERS_PREFIX = "members:";

/** What the copy tells the store that holds it. */
export interface CopyHost {
  /** A key changed: write it a moment later. */
  changed(): void;
  messagesChanged(channelId: string): void;
  channelsChanged(): void;
}

/**
 * The signed-in user's chat as the device keeps it: channels, the newest messages of each channel opened, thread
 * replies and members, by the keys they are stored under. Every change marks its key, for the store to write.
 */
export class LocalCopy {
  readonly channels = new Map<string, TChannel>();
  readonly messages = new Map<string, TMessage[]>();
  /** By `<channelId>:<parentMessageId>`. */
  readonly replies = new Map<string, TMessage[]>();
  readonly members = new Map<string, TMember[]>();
  /** Keys changed since the store last wrote. */
  readonly dirty = new Set<string>();

  constructor(
    private readonly limit: number,
    private readonly host: CopyHost,
  ) {}

  markDirty(key: string): void {
    this.dirty.add(key);
    this.host.changed();
  }

  /** The value stored under `key`, or undefined when it is to be removed. */
  valueOf(key: string): StoredValue | undefined {
    if (key === CHANNELS_KEY) return [...this.channels.values()];
    if (key.startsWith(MESSAGES_PREFIX)) return this.messages.get(key.slice(MESSAGES_PREFIX.length));
    if (key.startsWith(REPLIES_PREFIX)) return this.replies.get(key.slice(REPLIES_PREFIX.length));
    if (key.startsWith(MEMBERS_PREFIX)) return this.members.get(key.slice(MEMBERS_PREFIX.length));
    return undefined;
  }

  /** Forgets everything: another user signs in, or nobody. */
  clear(): void {
    this.channels.clear();
    this.messages.clear();
    this.replies.clear();
    this.members.clear();
    this.dirty.clear();
  }

  setReplies(key: string, list: TMessage[]): void {
    this.replies.set(key, list);
    this.markDirty(REPLIES_PREFIX + key);
  }

  setMembers(channelId: string, list: TMember[]): void {
    this.members.set(channelId, list);
    this.markDirty(MEMBERS_PREFIX + channelId);
  }

  /** Forgets a channel's members, which a join, leave or ban changed. */
  dropMembers(channelId: string): void {
    if (this.members.delete(channelId)) this.markDirty(MEMBERS_PREFIX + channelId);
  }

  setChannel(channel: TChannel): void {
    const before = this.channels.get(channel.id);
    this.channels.set(channel.id, before ? withChannelEvent(before, channel) : channel);
    this.markDirty(CHANNELS_KEY);
  }

  forgetChannel(channelId: string): void {
    this.channels.delete(channelId);
    this.messages.delete(channelId);
    this.members.delete(channelId);
    for (const key of [...this.replies.keys()]) {
      if (key.startsWith(`${channelId}:`)) {
        this.replies.delete(key);
        this.markDirty(REPLIES_PREFIX + key);
      }
    }
    this.markDirty(CHANNELS_KEY);
    this.markDirty(MESSAGES_PREFIX + channelId);
    this.markDirty(MEMBERS_PREFIX + channelId);
  }

  setMessages(channelId: string, list: TMessage[]): void {
    this.messages.set(channelId, list);
    this.markDirty(MESSAGES_PREFIX + channelId);
    this.host.messagesChanged(channelId);
  }

  change(channelId: string, messageId: string, change: (m: TMessage) => TMessage): void {
    const list = this.messages.get(channelId);
    if (list) {
      const next = changeMessage(list, messageId, change);
      if (next !== list) this.setMessages(channelId, next);
    }
    for (const [key, replies] of this.replies) {
      if (!key.startsWith(`${channelId}:`)) continue;
      const next = changeMessage(replies, messageId, change);
      if (next !== replies) {
        this.replies.set(key, next);
        this.markDirty(REPLIES_PREFIX + key);
      }
    }
    const channel = this.channels.get(channelId);
    if (channel?.lastMessage?.id === messageId) {
      this.channels.set(channelId, { ...channel, lastMessage: change(channel.lastMessage) });
      this.markDirty(CHANNELS_KEY);
      this.host.channelsChanged();
    }
  }

  drop(channelId: string, messageId: string): void {
    const list = this.messages.get(channelId);
    if (list?.some((m) => m.id === messageId))
      this.setMessages(
        channelId,
        list.filter((m) => m.id !== messageId),
      );
    for (const [key, replies] of this.replies) {
      if (key.startsWith(`${channelId}:`) && replies.some((m) => m.id === messageId)) {
        this.replies.set(
          key,
          replies.filter((m) => m.id !== messageId),
        );
        this.markDirty(REPLIES_PREFIX + key);
      }
    }
  }

  /** A message the server has: in its channel's list (or its thread's) and as the channel's last message. */
  take(message: TMessage): void {
    const channelId = message.channelId;
    if (message.parentMessageId) {
      const key = `${channelId}:${message.parentMessageId}`;
      const replies = this.replies.get(key);
      if (replies) {
        this.replies.set(key, mergeMessages(replies, [message], this.limit));
        this.markDirty(REPLIES_PREFIX + key);
      }
    }
    if (!inChannelList(message)) {
      this.host.messagesChanged(channelId);
      return;
    }
    const list = this.messages.get(channelId);
    if (list) this.setMessages(channelId, mergeMessages(list, [message], this.limit));
    else this.host.messagesChanged(channelId);
    const channel = this.channels.get(channelId);
    if (channel && (!channel.lastMessage || channel.lastMessage.seq <= message.seq)) {
      this.channels.set(channelId, { ...channel, lastMessage: message });
      this.markDirty(CHANNELS_KEY);
      this.host.channelsChanged();
    }
  }
}
