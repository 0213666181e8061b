import {
  chatApi,
  chatOperation,
  zChannelParams,
  zEditScheduledMessageRequest,
  zOk,
  zScheduledMessageParams,
  zScheduledMessageResponse,
  zScheduledMessagesPage,
  zScheduledMessagesQuery,
  zScheduleMessageRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, userOnly } from "../../http/chat-principal";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { ScheduledMessages } from "./scheduled";

/**
 * Scheduled messages, under `/v1`: a user's session only, since a scheduled message is sent as its sender and only
 * they read it; the app's server sends at a time it chooses by sending then (decision 0292).
 */
export const scheduledMessageChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  scheduledMessages: ScheduledMessages;
}> = async (fastify, deps) => {
  const { scheduledMessages } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.post(
    chatApi.channelScheduledMessages,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: {
        ...chatOperation("scheduleMessage", "Schedule a message to be sent later"),
        params: zChannelParams,
        body: zScheduleMessageRequest,
        response: { 200: zScheduledMessageResponse },
      },
    },
    async (request) => ({
      scheduledMessage: await scheduledMessages.schedule(userOnly(request), request.params.channelId, request.body),
    }),
  );
  r.get(
    chatApi.channelScheduledMessages,
    {
      schema: {
        ...chatOperation("listChannelScheduledMessages", "List the caller's scheduled messages in a channel"),
        params: zChannelParams,
        querystring: zScheduledMessagesQuery,
        response: { 200: zScheduledMessagesPage },
      },
    },
    async (request) => scheduledMessages.list(userOnly(request), request.query, request.params.channelId),
  );
  r.get(
    chatApi.scheduledMessages,
    {
      schema: {
        ...chatOperation("listScheduledMessages", "List the caller's scheduled messages in every channel"),
        querystring: zScheduledMessagesQuery,
        response: { 200: zScheduledMessagesPage },
      },
    },
    async (request) => scheduledMessages.list(userOnly(request), request.query),
  );
  r.get(
    chatApi.scheduledMessage,
    {
      schema: {
        ...chatOperation("getScheduledMessage", "Read one of the caller's scheduled messages"),
        params: zScheduledMessageParams,
        response: { 200: zScheduledMessageResponse },
      },
    },
    async (request) => ({
      scheduledMessage: await scheduledMessages.get(userOnly(request), request.params.scheduledMessageId),
    }),
  );
  r.patch(
    chatApi.scheduledMessage,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: {
        ...chatOperation("editScheduledMessage", "Edit a waiting scheduled message's text or time"),
        params: zScheduledMessageParams,
        body: zEditScheduledMessageRequest,
        response: { 200: zScheduledMessageResponse },
      },
    },
    async (request) => ({
      scheduledMessage: await scheduledMessages.edit(
        userOnly(request),
        request.params.scheduledMessageId,
        request.body,
      ),
    }),
  );
  r.delete(
    chatApi.scheduledMessage,
    {
      schema: {
        ...chatOperation("cancelScheduledMessage", "Cancel a waiting scheduled message, or remove a finished one"),
        params: zScheduledMessageParams,
        response: { 200: zOk },
      },
    },
    async (request) => {
      await scheduledMessages.remove(userOnly(request), request.params.scheduledMessageId);
      return { ok: true as const };
    },
  );
};
