import {
  chatApi,
  type TChatEvent,
  type TCreatePollRequestInput,
  type TMessage,
  type TPoll,
  type TPollVotersResponse,
} from "@parley/contract/client";
import type { Emitter } from "./emitter";
import type { Http } from "./http";

/** What `create` takes: the question, 2 to 10 options, and the choices of the poll. */
export type CreatePollInput = TCreatePollRequestInput;

/** A poll as last heard, and who hears its changes. */
type PollListener = (poll: TPoll) => void;

/**
 * Polls: a member creates one as a message of type `poll`, members vote until it closes. The client keeps every poll
 * it has seen (created, read, voted on, or in a `message.created` or `poll.updated` event) current from the
 * channel's `poll.updated` events; `get(pollId)` answers the latest, `onChange` tells of each change. The caller's
 * own `myVotes` is kept across events, which carry none.
 */
export class PollsApi {
  readonly #polls = new Map<string, TPoll>();
  readonly #listeners = new Map<string, Set<PollListener>>();

  constructor(
    private readonly http: Http,
    emitter: Emitter,
  ) {
    emitter.on("message.created", (event: TChatEvent) => {
      if (event.message?.poll) this.#seen(event.message.poll);
    });
    emitter.on("poll.updated", (event: TChatEvent) => {
      if (event.poll) this.#seen(event.poll);
    });
  }

  /**
   * Creates a poll in the channel and answers its message (`message.poll` is the poll). `closesAt` (ISO 8601) must
   * lie in the future, within 30 days (3226); two options with the same text answer 3227.
   */
  async create(channelId: string, input: CreatePollInput): Promise<TMessage> {
    const { message } = await this.http.request<{ message: TMessage }>("POST", chatApi.polls, {
      params: { channelId },
      body: input,
    });
    if (message.poll) this.#seen(message.poll);
    return message;
  }

  /** The poll as it is now, read from the server, with the caller's `myVotes`. */
  async fetch(channelId: string, pollId: string): Promise<TPoll> {
    return this.#answer(await this.http.request("GET", chatApi.poll, { params: { channelId, pollId } }));
  }

  /**
   * Votes: `optionIds` is the caller's whole choice and replaces any earlier one. One option on a single-choice poll
   * (3223 otherwise); 3221 once the poll is closed.
   */
  async vote(channelId: string, pollId: string, optionIds: string[]): Promise<TPoll> {
    return this.#answer(
      await this.http.request("PUT", chatApi.pollVotes, { params: { channelId, pollId }, body: { optionIds } }),
    );
  }

  /** Takes back the caller's vote while the poll is open. */
  async retract(channelId: string, pollId: string): Promise<TPoll> {
    return this.#answer(await this.http.request("DELETE", chatApi.pollVotes, { params: { channelId, pollId } }));
  }

  /** Closes the poll: its creator or a moderator (3225 otherwise); 3221 when it is closed already. */
  async close(channelId: string, pollId: string): Promise<TPoll> {
    return this.#answer(await this.http.request("POST", chatApi.pollClose, { params: { channelId, pollId } }));
  }

  /** Who voted for one option, earliest first; pass `nextCursor` back as `cursor`. 3224 on an anonymous poll. */
  voters(
    channelId: string,
    pollId: string,
    optionId: string,
    options: { cursor?: string; limit?: number } = {},
  ): Promise<TPollVotersResponse> {
    return this.http.request("GET", chatApi.pollVoters, {
      params: { channelId, pollId, optionId },
      query: { ...options },
    });
  }

  /** The poll as last seen by this client, or undefined when it has seen none with this ID. */
  get(pollId: string): TPoll | undefined {
    return this.#polls.get(pollId);
  }

  /** Hears every change of one poll; returns the function that stops listening. */
  onChange(pollId: string, listener: PollListener): () => void {
    const set = this.#listeners.get(pollId) ?? new Set<PollListener>();
    this.#listeners.set(pollId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(pollId);
    };
  }

  #answer({ poll }: { poll: TPoll }): TPoll {
    this.#seen(poll);
    return this.get(poll.id) ?? poll;
  }

  /** Takes a newer view of a poll; an event's, which carries no `myVotes`, keeps the ones known. */
  #seen(poll: TPoll): void {
    const known = this.#polls.get(poll.id);
    const myVotes = poll.myVotes ?? known?.myVotes;
    const next: TPoll = myVotes ? { ...poll, myVotes } : poll;
    this.#polls.set(poll.id, next);
    for (const listener of [...(this.#listeners.get(poll.id) ?? [])]) listener(next);
  }
}
