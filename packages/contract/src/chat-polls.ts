/** Polls: a message of `type: "poll"` carries one; members vote on its options until it closes. */
import { z } from "zod";
import { zChannelParams } from "./chat-common";
import { V } from "./validation";

export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_TEXT_MAX = 100;
/** How far ahead a poll's closing time may be set. */
export const POLL_CLOSES_WITHIN_DAYS = 30;
export const POLL_VOTERS_PAGE_MAX = 100;
/** An option's ID: its place in the poll as created, from "1". */
export const POLL_OPTION_ID_PATTERN = /^(10|[1-9])$/;

export const zPollOption = z.object({
  id: z.string(),
  text: z.string(),
  /** How many members chose this option. */
  voteCount: z.number().int(),
});
export type TPollOption = z.infer<typeof zPollOption>;

export const zPoll = z.object({
  id: z.string(),
  /** The `type: "poll"` message that carries the poll in the channel's history. */
  messageId: z.string(),
  question: z.string(),
  options: z.array(zPollOption),
  /** Members may choose several options; otherwise one, and a new choice replaces the old. */
  allowsMultiple: z.boolean(),
  /** Who voted for what is never shown, to anyone; counts still are. */
  anonymous: z.boolean(),
  /** When the poll closes by itself; null: only when closed by hand. */
  closesAt: z.string().nullable(),
  /** When it closed; null while it takes votes. */
  closedAt: z.string().nullable(),
  /** Members who hold at least one vote. */
  totalVoters: z.number().int(),
  /** The user who created it; null for the app's server. */
  createdBy: z.string().nullable(),
  /** The option IDs the caller voted for, in answers to a user; absent in events, which every member hears alike. */
  myVotes: z.array(z.string()).optional(),
});
export type TPoll = z.infer<typeof zPoll>;

const zPollOptionText = z.string({ error: V.required }).trim().min(1, V.required).max(POLL_OPTION_TEXT_MAX, V.tooLong);

export const zCreatePollRequest = z.object({
  question: z.string({ error: V.required }).trim().min(1, V.required).max(POLL_QUESTION_MAX, V.tooLong),
  options: z.array(zPollOptionText).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
  allowsMultiple: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  /** When the poll closes by itself: in the future and within {@link POLL_CLOSES_WITHIN_DAYS} days. */
  closesAt: z.iso.datetime({ offset: true }).optional(),
  /** As a message's: sending again with the same key answers the poll message already stored. */
  clientMessageId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/)
    .optional(),
});
export type TCreatePollRequest = z.infer<typeof zCreatePollRequest>;
export type TCreatePollRequestInput = z.input<typeof zCreatePollRequest>;

export const zPollParams = zChannelParams.extend({ pollId: z.string().uuid() });
export const zPollOptionParams = zPollParams.extend({ optionId: z.string().regex(POLL_OPTION_ID_PATTERN) });

/**
 * The caller's whole choice: it replaces any earlier one. One option on a single-choice poll; one or more, each once,
 * on a multiple-choice poll.
 */
export const zPollVoteRequest = z.object({
  optionIds: z.array(z.string().regex(POLL_OPTION_ID_PATTERN)).min(1).max(POLL_OPTIONS_MAX),
});
export type TPollVoteRequest = z.infer<typeof zPollVoteRequest>;

export const zPollResponse = z.object({ poll: zPoll });
export type TPollResponse = z.infer<typeof zPollResponse>;

export const zPollVotersQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(POLL_VOTERS_PAGE_MAX).default(20),
});
export const zPollVoter = z.object({
  userId: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string(),
  votedAt: z.string(),
});
export type TPollVoter = z.infer<typeof zPollVoter>;
/** Voters of one option, earliest first; pass `nextCursor` back as `cursor`, null on the last page. */
export const zPollVotersResponse = z.object({ voters: z.array(zPollVoter), nextCursor: z.string().nullable() });
export type TPollVotersResponse = z.infer<typeof zPollVotersResponse>;
