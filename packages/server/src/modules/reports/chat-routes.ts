import {
  chatApi,
  chatOperation,
  zMessageParams,
  zReportedUserParams,
  zReportRequest,
  zReportResponse,
  zUserReportRequest,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, userOnly } from "../../http/chat-principal";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { ReportQueue } from "./service";

/** End users' reports, under `/v1`: only a user's session reports; the app's server has its own moderation. */
export const reportChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  reportQueue: ReportQueue;
}> = async (fastify, deps) => {
  const { reportQueue } = deps;
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.post(
    chatApi.messageReport,
    {
      schema: {
        ...chatOperation("reportMessage", "Report a message to the app's moderators"),
        params: zMessageParams,
        body: zReportRequest,
        response: { 200: zReportResponse },
      },
    },
    async (request) => ({
      report: await reportQueue.reportMessage(
        userOnly(request),
        request.params.channelId,
        request.params.messageId,
        request.body,
      ),
    }),
  );
  r.post(
    chatApi.userReport,
    {
      schema: {
        ...chatOperation("reportUser", "Report a user to the app's moderators"),
        params: zReportedUserParams,
        body: zUserReportRequest,
        response: { 200: zReportResponse },
      },
    },
    async (request) => ({
      report: await reportQueue.reportUser(userOnly(request), request.params.userId, request.body),
    }),
  );
};
