import {
  chatApi,
  type TEditScheduledMessageRequest,
  type TScheduledMessage,
  type TScheduledMessageStatus,
  type TScheduledMessagesPage,
} from "@parley/contract/client";
import type { Http } from "./http";

/** What a scheduled message carries besides its text. */
export interface ScheduleOptions {
  metadata?: Record<string, string>;
  /** Members the message will mention, by user ID. */
  mentionedUserIds?: string[];
}

/** A page of the user's scheduled messages: pass the previous page's `nextCursor` as `cursor`. */
export interface ScheduledListOptions {
  /** Only messages in this status: `scheduled`, `sending`, `sent` or `failed`. */
  status?: TScheduledMessageStatus;
  cursor?: string;
  limit?: number;
}

/** What an edit changes; a field left out keeps its value. */
export interface ScheduledMessageChanges extends Omit<TEditScheduledMessageRequest, "scheduledAt"> {
  /** The new time, 1 minute to 30 days from now. */
  scheduledAt?: Date | string;
}

const iso = (at: Date | string) => (at instanceof Date ? at.toISOString() : at);

/**
 * Messages the user schedules: the server sends each as theirs at its time, once, under the same rules as a send
 * made then. Until the send only the user sees them. A send the rules refuse at its time (the user left, was banned
 * or muted, the channel was frozen or deleted) is not made: the message ends `failed` with the refusal's code in
 * `errorCode`. A sent one names the message it became in `messageId`.
 */
export class ScheduledMessagesApi {
  constructor(private readonly http: Http) {}

  /**
   * Schedules `text` in the channel for `at`, 1 minute to 30 days from now (3230 otherwise, with the allowed range in
   * the error's data). 3012 empty, 3013 too long, 3020 not a member, 3023 banned, 3233 with 100 messages waiting.
   */
  async schedule(
    channelId: string,
    text: string,
    at: Date | string,
    options: ScheduleOptions = {},
  ): Promise<TScheduledMessage> {
    const body = { ...options, text, scheduledAt: iso(at) };
    return (
      await this.http.request<{ scheduledMessage: TScheduledMessage }>("POST", chatApi.channelScheduledMessages, {
        params: { channelId },
        body,
      })
    ).scheduledMessage;
  }

  /** The user's scheduled messages, soonest first: in one channel, or in all of them without `channelId`. */
  list(channelId?: string, options: ScheduledListOptions = {}): Promise<TScheduledMessagesPage> {
    if (channelId === undefined) return this.http.request("GET", chatApi.scheduledMessages, { query: { ...options } });
    return this.http.request("GET", chatApi.channelScheduledMessages, { params: { channelId }, query: { ...options } });
  }

  /** One of the user's scheduled messages, with what became of it. 3231 when there is none. */
  async get(scheduledMessageId: string): Promise<TScheduledMessage> {
    return (
      await this.http.request<{ scheduledMessage: TScheduledMessage }>("GET", chatApi.scheduledMessage, {
        params: { scheduledMessageId },
      })
    ).scheduledMessage;
  }

  /** Changes a waiting message's text, metadata, mentions or time. 3232 once its send has begun or ended. */
  async edit(scheduledMessageId: string, changes: ScheduledMessageChanges): Promise<TScheduledMessage> {
    const { scheduledAt, ...rest } = changes;
    const body = scheduledAt === undefined ? rest : { ...rest, scheduledAt: iso(scheduledAt) };
    return (
      await this.http.request<{ scheduledMessage: TScheduledMessage }>("PATCH", chatApi.scheduledMessage, {
        params: { scheduledMessageId },
        body,
      })
    ).scheduledMessage;
  }

  /**
   * Cancels a waiting message, which is then never sent; for a sent or failed one, removes it from the list (a sent
   * message stays in the channel). 3232 while it is being sent.
   */
  async cancel(scheduledMessageId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.scheduledMessage, { params: { scheduledMessageId } });
  }
}
