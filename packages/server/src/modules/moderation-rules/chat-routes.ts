import { chatApi, chatOperation, zModerationTestRequest, zModerationTestResponse } from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { resolveChatCaller, serverOnly } from "../../http/chat-principal";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AppService } from "../apps";
import type { ChatUserService } from "../chat-users";
import type { RuleTrials } from "./trial";

/** The moderation rules' tester for the app's server, under `/v1`: the dashboard's, by the app's API key. */
export const moderationRuleChatRoutes: FastifyPluginAsync<{
  apps: AppService;
  chatUsers: ChatUserService;
  trials: RuleTrials;
}> = async (fastify, deps) => {
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  r.addHook("preHandler", resolveChatCaller(deps));

  r.post(
    chatApi.moderationRulesTest,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: {
        ...chatOperation("testModerationRules", "Try a message against the moderation rules"),
        description:
          "What the app's moderation rules would do to `text` sent now by the user (`userId`) in the channel: their age, membership and recent messages count, as on a send. With `rules`, that draft set is tried instead of the saved rules, in its order. Nothing is acted on or counted, and the engine's switch is not looked at. 3018 for a user the app does not have, 3007 for a channel it does not have; a user's session answers 1023.",
        body: zModerationTestRequest,
        response: { 200: zModerationTestResponse },
      },
    },
    async (request) => deps.trials.testIn(serverOnly(request), request.body),
  );
};
