import type {
  CallsApi,
  ChannelsApi,
  MembersApi,
  MessagesApi,
  ParleyClient,
  PresenceApi,
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
