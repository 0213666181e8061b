import {
  chatApi,
  chatOperation,
  zChannelParams,
  zCreatePollRequest,
  zEditMessageRequest,
  zEventsQuery,
  zEventsResponse,
  zMarkReadRequest,
  zMessageHistoryQuery,
  zMessageParams,
  zMessageResponse,
  zMessagesResponse,
  zOk,
  zPollOptionParams,
  zPollParams,
  zPollResponse,
  zPollVoteRequest,
  zPollVotersQuery,
  zPollVotersResponse,
  zReactionParams,
  zReactionRequest,
  zRepliesQuery,
  zSendMessageRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, resolveChatCaller, userOnly } from "../../http/chat-principal";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { MessageService } from "./service";

const ok = { ok: true as const };

/** The chat API's message, poll, read mark and event routes, under `/v1`. */
export const messageChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  messages: MessageService;
}> = async (fastify, deps) => {
  const { messages } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  // Messages.
  r.post(
    chatApi.messages,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: {
        ...chatOperation("sendMessage", "Send a text message"),
        params: zChannelParams,
        body: zSendMessageRequest,
        response: { 200: zMessageResponse },
      },
    },
    async (request) => ({
      message: await messages.sendRequested(actorOf(request), request.params.channelId, request.body),
    }),
  );
  r.get(
    chatApi.messages,
    {
      schema: {
        ...chatOperation("listMessages", "List a channel's messages by cursor"),
        params: zChannelParams,
        querystring: zMessageHistoryQuery,
        response: { 200: zMessagesResponse },
      },
    },
    async (request) => messages.history(actorOf(request), request.params.channelId, request.query),
  );
  r.delete(
    chatApi.message,
    {
      schema: {
        ...chatOperation("deleteMessage", "Delete a message"),
        params: zMessageParams,
        response: { 200: zOk },
      },
    },
    async (request) => {
      await messages.deleteMessage(actorOf(request), request.params.channelId, request.params.messageId);
      return ok;
    },
  );
  r.patch(
    chatApi.message,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: {
        ...chatOperation("editMessage", "Edit a message's text or metadata"),
        params: zMessageParams,
        body: zEditMessageRequest,
        response: { 200: zMessageResponse },
      },
    },
    async (request) => ({
      message: await messages.editMessage(
        actorOf(request),
        request.params.channelId,
        request.params.messageId,
        request.body,
      ),
    }),
  );
  r.post(
    chatApi.reactions,
    {
      schema: {
        ...chatOperation("addReaction", "Add a reaction to a message"),
        params: zMessageParams,
        body: zReactionRequest,
        response: { 200: zMessageResponse },
      },
    },
    async (request) => {
      const { channelId, messageId } = request.params;
      return { message: await messages.addReaction(userOnly(request), channelId, messageId, request.body.reaction) };
    },
  );
  r.delete(
    chatApi.reaction,
    {
      schema: {
        ...chatOperation("removeReaction", "Remove your reaction from a message"),
        params: zReactionParams,
        response: { 200: zMessageResponse },
      },
    },
    async (request) => {
      const { channelId, messageId, reaction } = request.params;
      return { message: await messages.removeReaction(userOnly(request), channelId, messageId, reaction) };
    },
  );
  r.get(
    chatApi.replies,
    {
      schema: {
        ...chatOperation("listReplies", "List a message's thread replies by cursor"),
        params: zMessageParams,
        querystring: zRepliesQuery,
        response: { 200: zMessagesResponse },
      },
    },
    async (request) =>
      messages.replies(actorOf(request), request.params.channelId, request.params.messageId, request.query),
  );

  // Polls.
  r.post(
    chatApi.polls,
    {
      schema: {
        ...chatOperation("createPoll", "Create a poll, sent as a message of type poll"),
        params: zChannelParams,
        body: zCreatePollRequest,
        response: { 200: zMessageResponse },
      },
    },
    async (request) => ({
      message: await messages.polls.createPoll(actorOf(request), request.params.channelId, request.body),
    }),
  );
  r.get(
    chatApi.poll,
    {
      schema: {
        ...chatOperation("getPoll", "Read a poll with its counts"),
        params: zPollParams,
        response: { 200: zPollResponse },
      },
    },
    async (request) => ({
      poll: await messages.polls.getPoll(actorOf(request), request.params.channelId, request.params.pollId),
    }),
  );
  r.put(
    chatApi.pollVotes,
    {
      schema: {
        ...chatOperation("votePoll", "Vote on a poll, replacing your earlier vote"),
        params: zPollParams,
        body: zPollVoteRequest,
        response: { 200: zPollResponse },
      },
    },
    async (request) => {
      const { channelId, pollId } = request.params;
      return { poll: await messages.polls.vote(userOnly(request), channelId, pollId, request.body.optionIds) };
    },
  );
  r.delete(
    chatApi.pollVotes,
    {
      schema: {
        ...chatOperation("retractPollVote", "Take back your vote on a poll"),
        params: zPollParams,
        response: { 200: zPollResponse },
      },
    },
    async (request) => {
      const { channelId, pollId } = request.params;
      return { poll: await messages.polls.retractVote(userOnly(request), channelId, pollId) };
    },
  );
  r.post(
    chatApi.pollClose,
    {
      schema: {
        ...chatOperation("closePoll", "Close a poll"),
        params: zPollParams,
        response: { 200: zPollResponse },
      },
    },
    async (request) => ({
      poll: await messages.polls.closePoll(actorOf(request), request.params.channelId, request.params.pollId),
    }),
  );
  r.get(
    chatApi.pollVoters,
    {
      schema: {
        ...chatOperation("listPollVoters", "List who voted for an option of a poll"),
        params: zPollOptionParams,
        querystring: zPollVotersQuery,
        response: { 200: zPollVotersResponse },
      },
    },
    async (request) => {
      const { channelId, pollId, optionId } = request.params;
      return messages.polls.listVoters(actorOf(request), channelId, pollId, optionId, request.query);
    },
  );
  r.post(
    chatApi.read,
    {
      schema: {
        ...chatOperation("markRead", "Mark the channel read up to a message"),
        params: zChannelParams,
        body: zMarkReadRequest,
        response: { 200: z.object({ lastReadSeq: z.number().int() }) },
      },
    },
    async (request) => ({
      lastReadSeq: await messages.markRead(userOnly(request), request.params.channelId, request.body.seq),
    }),
  );
  r.get(
    chatApi.events,
    {
      schema: {
        ...chatOperation("listEvents", "Events after a given id, to catch up after a reconnect"),
        querystring: zEventsQuery,
        response: { 200: zEventsResponse },
      },
    },
    async (request) => messages.eventsSince(userOnly(request), request.query.after, request.query.limit),
  );
};
