import type { CreatePollInput, ParleyEventMap, TMessage, TPoll } from "@parley/sdk";
import type { ChatClient } from "../client";
import { makePollMessage } from "./fake-data";
import { AT } from "./fake-time";

/** What the fake polls need of the fake client: its network and request log, a channel's messages, its events. */
export interface FakePollsHost {
  /** Waits while offline, then records the call. */
  call(name: string, ...args: unknown[]): Promise<void>;
  record(name: string, ...args: unknown[]): void;
  messagesOf(channelId: string): TMessage[];
  userId(): string;
  emit<K extends keyof ParleyEventMap>(type: K, payload: ParleyEventMap[K]): void;
}

/** The fake client's polls: votes kept per user as the server keeps them, counts recounted, `poll.updated` sent. */
export class FakePolls implements Required<NonNullable<ChatClient["polls"]>> {
  /** Each poll's votes by user. */
  readonly #votes = new Map<string, Map<string, string[]>>();

  constructor(private readonly host: FakePollsHost) {}

  /** A poll's message in the channel, its votes recounted, the event every member hears sent, and the user's view. */
  #changed(channelId: string, pollId: string, change: (poll: TPoll, votes: Map<string, string[]>) => TPoll): TPoll {
    const message = this.host.messagesOf(channelId).find((m) => m.poll?.id === pollId);
    if (!message?.poll) throw new Error(`no poll ${pollId}`);
    const votes = this.#votes.get(pollId) ?? new Map<string, string[]>();
    this.#votes.set(pollId, votes);
    const changed = change(message.poll, votes);
    const all = [...votes.values()].filter((chosen) => chosen.length > 0);
    const poll: TPoll = {
      ...changed,
      options: changed.options.map((o) => ({ ...o, voteCount: all.filter((chosen) => chosen.includes(o.id)).length })),
      totalVoters: all.length,
    };
    const { myVotes: _mine, ...shared } = poll;
    message.poll = shared;
    this.host.emit("poll.updated", {
      type: "poll.updated",
      channelId,
      messageId: message.id,
      poll: shared,
    } as ParleyEventMap["poll.updated"]);
    return { ...shared, myVotes: votes.get(this.host.userId()) ?? [] };
  }

  async create(channelId: string, input: CreatePollInput): Promise<TMessage> {
    await this.host.call("polls.create", channelId, input);
    const messages = this.host.messagesOf(channelId);
    const seq = (messages[messages.length - 1]?.seq ?? 0) + 1;
    const message = makePollMessage(channelId, seq, this.host.userId(), input.question, input.options, {
      allowsMultiple: input.allowsMultiple ?? false,
      anonymous: input.anonymous ?? false,
    });
    messages.push(message);
    this.host.emit("message.created", {
      type: "message.created",
      channelId,
      message,
    } as ParleyEventMap["message.created"]);
    return message;
  }

  async vote(channelId: string, pollId: string, optionIds: string[]): Promise<TPoll> {
    this.host.record("polls.vote", channelId, pollId, optionIds);
    return this.#changed(channelId, pollId, (poll, votes) => {
      votes.set(this.host.userId(), optionIds);
      return poll;
    });
  }

  async retract(channelId: string, pollId: string): Promise<TPoll> {
    this.host.record("polls.retract", channelId, pollId);
    return this.#changed(channelId, pollId, (poll, votes) => {
      votes.delete(this.host.userId());
      return poll;
    });
  }

  async close(channelId: string, pollId: string): Promise<TPoll> {
    this.host.record("polls.close", channelId, pollId);
    return this.#changed(channelId, pollId, (poll) => ({ ...poll, closedAt: AT }));
  }
}
