import {
  chatApi,
  type TChannel,
  type TChannelsPage,
  type TCreateChannelRequestInput,
  type TEditMessageRequest,
  type TMember,
  type TMembersPage,
  type TMessage,
  type TMessageSearchResponse,
  type TMessagesResponse,
  type TMessageTranslation,
  type TReport,
  type TReportReason,
  type TReportRequestInput,
  type TSendMessageRequestInput,
  type TSubchannelsResponse,
  type TUpdateChannelRequestInput,
  type TUpdateChatUserRequestInput,
} from "@parley/contract/client";
import { isParleyError, ParleyConnectionError, ParleyError } from "./errors";
import { type FileInput, fileForm, type SendFileOptions } from "./file-input";
import type { Http } from "./http";
import { randomUuid } from "./ids";
import { paced, type SendPacer } from "./slow-mode";

// The inputs are interfaces over the contract's request types, rather than aliases of them, so the API reference
// lists their fields under the SDK's names.
/** Fields of a new channel; `type` defaults to `public`. */
export interface CreateChannelInput extends TCreateChannelRequestInput {}
/** Fields of a channel to change; the others stay. */
export interface UpdateChannelInput extends TUpdateChannelRequestInput {}
/** What an end user may change about themselves. */
export interface UpdateMeInput extends Omit<TUpdateChatUserRequestInput, "metadata"> {}
/** Paging of a list: pass the previous page's `nextCursor` as `cursor`. */
export interface PageOptions {
  cursor?: string;
  limit?: number;
  search?: string;
}
/** Which channels to list: the user's own (`mine`, default) or the app's public ones (`public`). */
export interface ChannelListOptions extends PageOptions {
  scope?: "mine" | "public";
}
/**
 * A slice of history, always oldest first. Without `before`/`after`: the latest messages. `before`: older than
 * that seq (to load older). `after`: newer than that seq.
 */
export interface HistoryOptions {
  before?: number;
  after?: number;
  limit?: number;
}

/** A page of search results: pass the previous page's `nextCursor` as `cursor`. */
export interface SearchOptions {
  cursor?: string;
  /** Results a page holds, 1 to 50; 20 when left out. */
  limit?: number;
}

/** Hears the channels and read marks the SDK sees, to keep unread counts current. */
export interface UnreadTracker {
  seen(channels: TChannel[]): void;
  read(channelId: string, seq?: number): void;
}

/** Channels: create, find, join and leave them. */
export class ChannelsApi {
  constructor(
    private readonly http: Http,
    private readonly unread: UnreadTracker,
  ) {}

  /** Creates a channel owned by the current user, who becomes its first member. */
  async create(input: CreateChannelInput): Promise<TChannel> {
    return (await this.http.request<{ channel: TChannel }>("POST", chatApi.channels, { body: input })).channel;
  }

  /** Lists the user's channels (`scope: "mine"`) or the app's public ones (`scope: "public"`), by cursor. */
  async list(options: ChannelListOptions = {}): Promise<TChannelsPage> {
    const page = await this.http.request<TChannelsPage>("GET", chatApi.channels, { query: { ...options } });
    this.unread.seen(page.channels);
    return page;
  }

  /** One channel the user may see. */
  async get(channelId: string): Promise<TChannel> {
    const { channel } = await this.http.request<{ channel: TChannel }>("GET", chatApi.channel, {
      params: { channelId },
    });
    this.unread.seen([channel]);
    return channel;
  }

  /** Pins a message of the channel (owner only; at most 10, 3080 beyond); the channel with its `pinnedMessageIds`. */
  async pin(channelId: string, messageId: string): Promise<TChannel> {
    return (await this.http.request<{ channel: TChannel }>("POST", chatApi.pin, { params: { channelId, messageId } }))
      .channel;
  }

  /** Unpins a message (3082 when it is not pinned). */
  async unpin(channelId: string, messageId: string): Promise<TChannel> {
    return (await this.http.request<{ channel: TChannel }>("DELETE", chatApi.pin, { params: { channelId, messageId } }))
      .channel;
  }

  /** Changes a channel; only its owner may. */
  async update(channelId: string, input: UpdateChannelInput): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("PATCH", chatApi.channel, { params: { channelId }, body: input })
    ).channel;
  }

  /** Deletes a channel with its messages; only its owner may. */
  async delete(channelId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.channel, { params: { channelId } });
  }

  /** Joins a channel; a private channel needs its `inviteCode` (3008 without, 3032 when wrong). */
  async join(channelId: string, options: { inviteCode?: string } = {}): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("POST", chatApi.join, { params: { channelId }, body: options })
    ).channel;
  }

  /** Leaves a channel; an owner who leaves hands the channel to the longest-standing member. */
  async leave(channelId: string): Promise<void> {
    await this.http.request("POST", chatApi.leave, { params: { channelId }, body: {} });
  }

  /**
   * A super group's subchannels (number and members each) and the user's own (`mine`, null when subchannels are
   * off). In a super group with subchannels on, a member's messages reach their own subchannel only.
   */
  subchannels(channelId: string): Promise<TSubchannelsResponse> {
    return this.http.request("GET", chatApi.subchannels, { params: { channelId } });
  }
}

/** Members of a channel and their moderation; changes other than `list` are for the channel's owner. */
export class MembersApi {
  constructor(private readonly http: Http) {}

  /** Lists the members of a channel, by cursor. */
  list(channelId: string, options: PageOptions = {}): Promise<TMembersPage> {
    return this.http.request("GET", chatApi.members, { params: { channelId }, query: { ...options } });
  }

  /** Adds users to a channel, e.g. to an invite-only one. */
  async add(channelId: string, userIds: string[]): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("POST", chatApi.members, {
        params: { channelId },
        body: { userIds },
      })
    ).channel;
  }

  /** Removes a member; unlike a ban, they may join again. */
  async remove(channelId: string, userId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.member, { params: { channelId, userId } });
  }

  /** Keeps a member from sending for `minutes` (at most a day); their sends fail with 3022. */
  mute(channelId: string, userId: string, minutes: number): Promise<TMember> {
    return this.http.request("POST", chatApi.mute, { params: { channelId, userId }, body: { minutes } });
  }

  /** Lifts a mute before it ends. */
  unmute(channelId: string, userId: string): Promise<TMember> {
    return this.http.request("POST", chatApi.unmute, { params: { channelId, userId }, body: {} });
  }

  /** Removes a member and keeps them out (3023) until unbanned. */
  async ban(channelId: string, userId: string): Promise<void> {
    await this.http.request("POST", chatApi.ban, { params: { channelId, userId }, body: {} });
  }

  /** Lets a banned user join again. */
  async unban(channelId: string, userId: string): Promise<void> {
    await this.http.request("POST", chatApi.unban, { params: { channelId, userId }, body: {} });
  }

  /** Hands the channel to another member. */
  async changeOwner(channelId: string, userId: string): Promise<TChannel> {
    return (
      await this.http.request<{ channel: TChannel }>("PUT", chatApi.owner, { params: { channelId }, body: { userId } })
    ).channel;
  }
}

const SEND_ATTEMPTS = 3;

/**
 * How long to wait before trying a send again, or null when it should not be tried again. A refusal by the rate
 * limit (005) is already sent again by the HTTP layer, as every request is.
 */
function retryDelayMs(err: unknown, attempt: number): number | null {
  if (attempt >= SEND_ATTEMPTS) return null;
  if (err instanceof ParleyConnectionError) return 250 * 2 ** (attempt - 1);
  return null;
}

/**
 * What a send may carry beside its text and metadata: `mentionedUserIds` (members, at most 20), the idempotency key
 * `clientMessageId`, and the fields of the send request the server accepts (message type, thread parent…).
 */
export interface SendOptions extends Omit<TSendMessageRequestInput, "text" | "metadata"> {}

/**
 * Sends a message over the real-time link and resolves with it once the server acknowledges it, or answers null
 * when the link cannot carry it now (not open, or the option is off): the send then goes by HTTP.
 */
export type SocketSend = (channelId: string, body: TSendMessageRequestInput) => Promise<TMessage> | null;

const noop = () => undefined;

/**
 * Whether a send that failed on the link goes again by HTTP. A dropped link or a missing ack leaves unknown whether
 * the message was stored, and the same `clientMessageId` makes the HTTP send answer it rather than store it again.
 * A refusal by the rate limit (005) goes by HTTP too, which waits as every request does.
 */
function isRetriedByHttp(err: unknown): boolean {
  return err instanceof ParleyConnectionError || isParleyError(err, "005");
}

/** Messages of a channel. */
export class MessagesApi {
  /** Per channel, when every text send so far has been answered. */
  readonly #answered = new Map<string, Promise<void>>();

  constructor(
    private readonly http: Http,
    private readonly unread: UnreadTracker,
    private readonly overSocket: SocketSend = () => null,
    private readonly pacer: SendPacer = { sent: () => undefined, refused: () => undefined },
  ) {}

  /**
   * Sends a text message. Refusals come as {@link ParleyError}: 3012 empty, 3013 too long, 3020 not a member,
   * 3021 frozen channel, 3022 muted, 3023 banned, 3206 slow mode (`client.slowMode` keeps the time left). The
   * message also arrives as a `message.created` event.
   *
   * While the real-time link is open the message goes over it (a `message.send` frame), which costs the server less
   * than a request; otherwise, and with the client's `sendOverSocket: false`, by HTTP. The answer and the errors are
   * the same either way.
   *
   * Every send carries an idempotency key (`clientMessageId`, generated unless given), so when the connection drops
   * before the answer (or the link gives no ack within `requestTimeoutMs`) the send is tried again by HTTP without
   * ever storing the message twice; a refusal by the rate limit (005) goes again after the server's wait, as every
   * request does.
   *
   * A channel's messages are stored in the order they were sent: the server keeps the order of a socket's sends, and
   * a send by HTTP waits for the answers to the channel's sends before it.
   */
  async send(
    channelId: string,
    text: string,
    metadata?: Record<string, string>,
    options: SendOptions = {},
  ): Promise<TMessage> {
    const before = this.#answered.get(channelId);
    const sending = this.#send(channelId, text, metadata, options, before);
    const answered = (before ?? Promise.resolve()).then(() => sending).then(noop, noop);
    this.#answered.set(channelId, answered);
    void answered.then(() => {
      if (this.#answered.get(channelId) === answered) this.#answered.delete(channelId);
    });
    return paced(this.pacer, channelId, sending);
  }

  async #send(
    channelId: string,
    text: string,
    metadata: Record<string, string> | undefined,
    options: SendOptions,
    before: Promise<void> | undefined,
  ) {
    const clientMessageId = options.clientMessageId ?? randomUuid();
    const body = { ...options, text, clientMessageId, ...(metadata === undefined ? {} : { metadata }) };
    const onLink = this.overSocket(channelId, body);
    if (onLink) {
      try {
        return await onLink;
      } catch (err) {
        if (!isRetriedByHttp(err)) throw err;
      }
    }
    // Requests in flight together are stored in whatever order they arrive.
    await before;
    for (let attempt = 1; ; attempt++) {
      try {
        const sent = await this.http.request<{ message: TMessage }>("POST", chatApi.messages, {
          params: { channelId },
          body,
        });
        return sent.message;
      } catch (err) {
        const wait = retryDelayMs(err, attempt);
        if (wait === null) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * Sends a file (at most 15 MB, 3030 beyond) as a message, with an optional caption. Like {@link send}, it carries
   * an idempotency key, so trying again after a dropped answer never stores the file twice.
   */
  sendFile(channelId: string, file: FileInput, options: SendFileOptions = {}): Promise<TMessage> {
    return paced(this.pacer, channelId, this.#sendFile(channelId, file, options));
  }

  async #sendFile(channelId: string, file: FileInput, options: SendFileOptions): Promise<TMessage> {
    const clientMessageId = options.clientMessageId ?? randomUuid();
    for (let attempt = 1; ; attempt++) {
      try {
        const sent = await this.http.request<{ message: TMessage }>("POST", chatApi.files, {
          params: { channelId },
          // A form is read once: each attempt builds its own.
          body: fileForm(file, { ...options, clientMessageId }),
        });
        return sent.message;
      } catch (err) {
        const wait = retryDelayMs(err, attempt);
        if (wait === null) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * Reports a message to the app's moderators, who see it in the dashboard's report queue with the conversation
   * around it. Reporting the same message again answers the first report. 3110 for one's own message or one the app
   * sent, 3020 not a member, 3026 a message the user cannot read.
   */
  async report(channelId: string, messageId: string, reason: TReportReason, description?: string): Promise<TReport> {
    const body: TReportRequestInput = description === undefined ? { reason } : { reason, description };
    return (
      await this.http.request<{ report: TReport }>("POST", chatApi.messageReport, {
        params: { channelId, messageId },
        body,
      })
    ).report;
  }

  /** A page of history, oldest first; `hasMore` tells whether there is more in the direction asked. */
  history(channelId: string, options: HistoryOptions = {}): Promise<TMessagesResponse> {
    return this.http.request("GET", chatApi.messages, { params: { channelId }, query: { ...options } });
  }

  /**
   * Searches the channel's messages this user may read (as history shows them) for `query`, newest first: it
   * matches anywhere in a message's text, Korean inside a word ("안녕" finds "모두안녕하세요") and English in any
   * case. Each result gives where the query occurs (`highlights`, offsets into `message.text`). Needs two
   * neighbouring characters or one Korean, Japanese or Chinese character (3100), at most 100 characters (3101).
   */
  search(channelId: string, query: string, options: SearchOptions = {}): Promise<TMessageSearchResponse> {
    return this.http.request("GET", chatApi.messageSearch, { params: { channelId }, query: { q: query, ...options } });
  }

  /**
   * Changes the text or metadata of one of the user's own messages (3067 for someone else's, 3026 once deleted);
   * the profanity filter runs again, `editedAt` is set, and members hear `message.updated`.
   */
  async edit(channelId: string, messageId: string, changes: TEditMessageRequest): Promise<TMessage> {
    return (
      await this.http.request<{ message: TMessage }>("PATCH", chatApi.message, {
        params: { channelId, messageId },
        body: changes,
      })
    ).message;
  }

  /**
   * Adds the user's reaction (an emoji or a short key such as `like`; 32 characters, no spaces) to a message, and
   * answers it with its new `reactions` and `myReactions`. Adding it again changes nothing. At most 20 different
   * reactions per message (3066).
   */
  async react(channelId: string, messageId: string, reaction: string): Promise<TMessage> {
    return (
      await this.http.request<{ message: TMessage }>("POST", chatApi.reactions, {
        params: { channelId, messageId },
        body: { reaction },
      })
    ).message;
  }

  /** Takes the user's reaction back; one they never added changes nothing. */
  async unreact(channelId: string, messageId: string, reaction: string): Promise<TMessage> {
    return (
      await this.http.request<{ message: TMessage }>("DELETE", chatApi.reaction, {
        params: { channelId, messageId, reaction },
      })
    ).message;
  }

  /**
   * Takes the link preview off one of the user's own messages (3250 for someone else's), for every reader, who hear
   * `message.updated` without `linkPreview`. It stays off for that link, even if the page is still being fetched;
   * an edit to another link brings that link's preview. Answers the message.
   */
  async removeLinkPreview(channelId: string, messageId: string): Promise<TMessage> {
    return (
      await this.http.request<{ message: TMessage }>("DELETE", chatApi.linkPreview, {
        params: { channelId, messageId },
      })
    ).message;
  }

  /**
   * A page of a thread's replies, oldest first, paged like `history`. Reply with `send(channelId, text, undefined,
   * { parentMessageId })`; a reply to a reply is refused (3068).
   */
  replies(channelId: string, messageId: string, options: HistoryOptions = {}): Promise<TMessagesResponse> {
    return this.http.request("GET", chatApi.replies, { params: { channelId, messageId }, query: { ...options } });
  }

  /** Deletes one of the user's own messages (3033 for someone else's). */
  async delete(channelId: string, messageId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.message, { params: { channelId, messageId } });
  }

  /** Marks messages read up to `seq` (default: the latest) and returns the read position. */
  async markRead(channelId: string, seq?: number): Promise<number> {
    const body = seq === undefined ? {} : { seq };
    const { lastReadSeq } = await this.http.request<{ lastReadSeq: number }>("POST", chatApi.read, {
      params: { channelId },
      body,
    });
    // The mark the server made: a message that arrived while the request was on its way stays unread.
    this.unread.read(channelId, lastReadSeq);
    return lastReadSeq;
  }

  /**
   * The message's text in `language` (`ko`, `en`, `zh-CN`, …), translated by the app's Google key and cached by
   * the server, so asking again is cheap. Fails with 3037 when the app has translation off or no key, 3038 when
   * the translation service failed (retry later), 300 for a language it does not support, and 3020 for a
   * channel the user is not in. A file sent without a caption translates to empty text.
   */
  async translate(channelId: string, messageId: string, language: string): Promise<TMessageTranslation> {
    return (
      await this.http.request<{ translation: TMessageTranslation }>("GET", chatApi.translation, {
        params: { channelId, messageId, language },
      })
    ).translation;
  }
}
