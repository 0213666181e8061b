import {
  api,
  zAppIdParams,
  zModerationReplayRequest,
  zModerationReplayResponse,
  zModerationRuleInput,
  zModerationRuleParams,
  zModerationRuleResponse,
  zModerationRulesOrder,
  zModerationRulesResponse,
  zModerationRulesSettings,
  zModerationTestRequest,
  zModerationTestResponse,
  zOk,
} from "@parley/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authOf, requireAuth } from "../../http/authenticate";
import { registerEnabledRoutes } from "../../http/enabled-routes";
import { LARGE_BODY_LIMIT_BYTES } from "../../http/limits";
import type { AuthService } from "../auth";
import type { ModerationRuleService } from "./service";
import type { RuleTrials } from "./trial";

/** The dashboard's moderation rules: the list in order, each rule, the engine's switch, the tester and the replay. */
export const moderationRuleRoutes: FastifyPluginAsync<{
  auth: AuthService;
  rules: ModerationRuleService;
  trials: RuleTrials;
}> = async (fastify, { auth, rules, trials }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    api.apps.moderationRules,
    { schema: { params: zAppIdParams, response: { 200: zModerationRulesResponse } } },
    async (request) => ({ rules: await rules.list(authOf(request), request.params.id) }),
  );

  app.post(
    api.apps.moderationRules,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: { params: zAppIdParams, body: zModerationRuleInput, response: { 200: zModerationRuleResponse } },
    },
    async (request) => ({ rule: await rules.create(authOf(request), request.params.id, request.body) }),
  );

  app.put(
    api.apps.moderationRulesOrder,
    { schema: { params: zAppIdParams, body: zModerationRulesOrder, response: { 200: zModerationRulesResponse } } },
    async (request) => ({ rules: await rules.reorder(authOf(request), request.params.id, request.body.ruleIds) }),
  );

  registerEnabledRoutes(app, {
    path: api.apps.moderationRulesSettings,
    schema: zModerationRulesSettings,
    read: (auth, appId) => rules.getSettings(auth, appId),
    write: (auth, appId, enabled) => rules.saveSettings(auth, appId, { enabled }),
  });

  app.post(
    api.apps.moderationRulesTest,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: { params: zAppIdParams, body: zModerationTestRequest, response: { 200: zModerationTestResponse } },
    },
    async (request) => trials.test(authOf(request), request.params.id, request.body),
  );

  app.post(
    api.apps.moderationRulesReplay,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: { params: zAppIdParams, body: zModerationReplayRequest, response: { 200: zModerationReplayResponse } },
    },
    async (request) => trials.replay(authOf(request), request.params.id, request.body),
  );

  app.put(
    api.apps.moderationRule,
    {
      bodyLimit: LARGE_BODY_LIMIT_BYTES,
      schema: { params: zModerationRuleParams, body: zModerationRuleInput, response: { 200: zModerationRuleResponse } },
    },
    async (request) => ({
      rule: await rules.update(authOf(request), request.params.id, request.params.ruleId, request.body),
    }),
  );

  app.delete(
    api.apps.moderationRule,
    { schema: { params: zModerationRuleParams, response: { 200: zOk } } },
    async (request) => {
      await rules.remove(authOf(request), request.params.id, request.params.ruleId);
      return { ok: true as const };
    },
  );
};
