import type { ParleyClient, TChatEvent } from "@parley/sdk";
import { withReactionEvent } from "./cache";
import { CHANNELS_KEY, type LocalCopy } from "./copy";

/** What following the client's events needs from the store. */
export interface FollowHooks {
  /** Whether a user's copy is open: events between sessions change nothing. */
  active(): boolean;
  /** An event was applied: the copy and the cursor are to be written. */
  changed(): void;
  channelsChanged(): void;
  /** The channel list is to be asked again (a channel the copy does not hold, or one the user joined). */
  refreshChannels(): void;
}

/** Applies the client's chat events to the copy, as they arrive and as a reconnect replays them. */
export function followEvents(client: ParleyClient, copy: LocalCopy, hooks: FollowHooks): void {
  const me = () => client.currentUser?.userId ?? null;
  const on = <K extends TChatEvent["type"]>(type: K, apply: (event: TChatEvent) => void) =>
    client.on(type, (event) => {
      if (!hooks.active()) return;
      apply(event);
      hooks.changed();
    });
  on("message.created", (event) => {
    if (!event.message) return;
    if (!copy.channels.has(event.channelId)) hooks.refreshChannels();
    copy.take(event.message);
  });
  on("message.updated", (event) => {
    const message = event.message;
    if (message) copy.change(event.channelId, message.id, (m) => ({ ...m, ...message, myReactions: m.myReactions }));
  });
  on("message.deleted", (event) => {
    if (event.messageId) copy.drop(event.channelId, event.messageId);
  });
  for (const type of ["reaction.added", "reaction.removed"] as const) {
    on(type, (event) => {
      if (event.messageId) copy.change(event.channelId, event.messageId, (m) => withReactionEvent(m, event, me()));
    });
  }
  on("thread.updated", (event) => {
    const { replyCount, lastRepliedAt } = event;
    if (event.messageId) copy.change(event.channelId, event.messageId, (m) => ({ ...m, replyCount, lastRepliedAt }));
  });
  for (const type of [
    "channel.changed",
    "channel.frozen",
    "channel.unfrozen",
    "message.pinned",
    "message.unpinned",
  ] as const) {
    on(type, (event) => {
      if (event.channel && copy.channels.has(event.channelId)) {
        copy.setChannel(event.channel);
        hooks.channelsChanged();
      }
    });
  }
  on("channel.deleted", (event) => {
    copy.forgetChannel(event.channelId);
    hooks.channelsChanged();
  });
  for (const type of ["member.left", "member.banned"] as const) {
    on(type, (event) => {
      if (event.userId === me()) {
        copy.forgetChannel(event.channelId);
        hooks.channelsChanged();
      } else {
        copy.dropMembers(event.channelId);
      }
    });
  }
  on("member.joined", (event) => {
    if (event.userId === me()) hooks.refreshChannels();
    else copy.dropMembers(event.channelId);
  });
  client.on("unread.changed", (change) => {
    const channel = copy.channels.get(change.channelId);
    if (!channel || !hooks.active()) return;
    copy.channels.set(change.channelId, {
      ...channel,
      unreadCount: change.unreadCount,
      unreadMentionCount: change.unreadMentionCount,
    });
    copy.markDirty(CHANNELS_KEY);
    hooks.channelsChanged();
  });
}
