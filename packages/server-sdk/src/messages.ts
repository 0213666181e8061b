import { randomUUID } from "node:crypto";
import type { TMessage, TMessagesResponse, TSendMessageRequestInput } from "@parley/contract";
import { chatApi } from "@parley/contract/client";
import type { Http } from "./http";
import type { UserSessions } from "./sessions";

/** What to send: the text alone, or the whole request (type, metadata, mentions, a thread's parent…). */
export type MessageInput = string | TSendMessageRequestInput;

/**
 * A page of history, in the order the messages were sent: the latest by default, those before a `seq` to page back,
 * or those after one to catch up.
 */
export interface HistoryOptions {
  before?: number;
  after?: number;
  /** 1 to 100; default 50. */
  limit?: number;
}

/**
 * The request with a `clientMessageId`: the caller's, or one drawn once for this call. The server answers a send
 * repeated with the same key in the same channel with the message it stored, so a retry never stores a second.
 */
function withKey(input: MessageInput): TSendMessageRequestInput {
  const request = typeof input === "string" ? { text: input } : input;
  return { ...request, clientMessageId: request.clientMessageId ?? randomUUID() };
}

/** Messages in the app's channels: the app's own (admin messages) and its users' sent for them. */
export class Messages {
  constructor(
    private readonly http: Http,
    private readonly sessions: UserSessions,
  ) {}

  /**
   * Sends a message as the app. A `text` message from the API key is an admin message (`type: "admin"`, no sender),
   * which every member sees; `custom` and `hidden` keep their type. It passes the same pipeline as a user's message.
   */
  async send(channelId: string, input: MessageInput): Promise<TMessage> {
    const { message } = await this.http.request<{ message: TMessage }>("POST", chatApi.messages, {
      params: { channelId },
      body: withKey(input),
    });
    return message;
  }

  /**
   * Sends a message as one of the app's users, who must be a member of the channel: the chat API takes a user's
   * message only from that user's session, so the client logs the user in (a login token, then a session it keeps
   * for later sends as the same user) and sends with it.
   */
  async sendAs(userId: string, channelId: string, input: MessageInput): Promise<TMessage> {
    const body = withKey(input);
    const { message } = await this.sessions.asUser(userId, (token) =>
      this.http.request<{ message: TMessage }>("POST", chatApi.messages, { params: { channelId }, body, token }),
    );
    return message;
  }

  /** A page of the channel's history. */
  list(channelId: string, options: HistoryOptions = {}): Promise<TMessagesResponse> {
    return this.http.request<TMessagesResponse>("GET", chatApi.messages, {
      params: { channelId },
      query: { ...options },
    });
  }

  /** Deletes a message for everyone. A delete retried after its answer was lost succeeds. */
  async delete(channelId: string, messageId: string): Promise<void> {
    await this.http.request("DELETE", chatApi.message, {
      params: { channelId, messageId },
      appliedBefore: (error) => (error.code === "3026" ? { ok: true } : undefined),
    });
  }
}
