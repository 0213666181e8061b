import type {
  CallsApi,
  ChannelsApi,
  MembersApi,
  MessagesApi,
  ParleyClient,
  PollsApi,
  PresenceApi,
  ReceiptsApi,
  ScheduledMessagesApi,
  SlowModeApi,
  TypingApi,
  UnreadApi,
  UsersApi,
} from "@parley/sdk";

/**
 * The part of a {@link ParleyClient} the kit uses. A signed-in `ParleyClient` is one; naming the surface lets an app
 * (or a test) hand the kit a stand-in, such as an in-memory client for a storybook.
 */
export interface ChatClient {
  readonly currentUser: ParleyClient["currentUser"];
  readonly connectionState: ParleyClient["connectionState"];
  readonly sessionToken: ParleyClient["sessionToken"];
  connect(options?: { after?: string }): Promise<void>;
  disconnect(): void;
  on: ParleyClient["on"];
  readonly channels: Pick<ChannelsApi, "list" | "get" | "create" | "join" | "leave" | "pin" | "unpin">;
  readonly members: Pick<MembersApi, "list">;
  readonly messages: Pick<
    MessagesApi,
    "send" | "history" | "replies" | "edit" | "delete" | "react" | "unreact" | "removeLinkPreview" | "markRead"
  >;
  readonly unread: Pick<UnreadApi, "of" | "totals" | "refresh">;
  /** Slow mode's time left; without it (a stand-in that leaves it out) the composer never waits. */
  readonly slowMode?: Pick<SlowModeApi, "remainingSeconds">;
  readonly typing: Pick<TypingApi, "keystroke" | "stop" | "users">;
  readonly presence: Pick<PresenceApi, "subscribe">;
  readonly calls: Pick<CallsApi, "current" | "start" | "history">;
  readonly users: Pick<UsersApi, "get">;
  /**
   * Voting on, closing and (with `create`) creating polls; without it (a stand-in that leaves it out) a poll is shown
   * but not answered, and the composer offers none.
   */
  readonly polls?: Pick<PollsApi, "vote" | "retract" | "close"> & Partial<Pick<PollsApi, "create">>;
  /**
   * Delivery and read receipts: the ticks on the user's own messages. Without it (a stand-in that leaves it out) the
   * ticks are not shown.
   */
  readonly receipts?: Pick<ReceiptsApi, "load" | "onChange" | "of">;
  /** The user's push mode in one channel; without it (and `setChannelPushMode`) the channel offers no setting. */
  channelPushMode?: ParleyClient["channelPushMode"];
  /** Saves the user's push mode in one channel: `default`, `mentions` or `mute`. */
  setChannelPushMode?: ParleyClient["setChannelPushMode"];
  /**
   * The user's push preferences across the app: level, quiet hours, snooze. Without it (and `setPushPreferences`) the
   * channel list offers no push settings.
   */
  pushPreferences?: ParleyClient["pushPreferences"];
  /** Changes the user's push preferences: the fields given, null clearing the snooze or quiet hours. */
  setPushPreferences?: ParleyClient["setPushPreferences"];
  /**
   * The local copy and the outbox of a client made with the `offline` option (`@parley/sdk/offline`). With it the
   * kit opens the user's channels and messages from the copy and sends through the outbox; without it (null or
   * left out) everything comes from the network.
   */
  readonly offline?: ParleyClient["offline"];

  // Scheduled messages.
  /**
   * The user's scheduled messages. With it the composer offers Schedule and lists the channel's waiting ones; without
   * it (a stand-in that leaves it out) neither shows.
   */
  readonly scheduled?: Pick<ScheduledMessagesApi, "schedule" | "list" | "edit" | "cancel">;
}
