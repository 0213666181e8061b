import {
  MODERATION_ACTIONS,
  MODERATION_REPLAY_SAMPLE,
  type TModerationActionKind,
  type TModerationReplayRequest,
  type TModerationReplayResponse,
  type TModerationRuleInput,
  type TModerationTestRequest,
  type TModerationTestResponse,
} from "@parley/contract";
import type { Context } from "../../context";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { ChannelRow } from "../channels";
import type { ChatUserRow } from "../chat-users";
import { type EvaluatedRule, evaluateRules } from "./evaluate";
import type { ModerationRuleService } from "./service";
import { type RuleEffects, senderFactsFor } from "./stage";

/** A user message of the app, as a replay reads it: its sender's row and channel come with it. */
export interface ReplayedMessage {
  id: string;
  channelId: string;
  channelType: string;
  text: string;
  createdAt: Date;
  file: { name: string; mimeType: string; size: number } | null;
  mentionedUserIds: string[];
  sender: { id: string; userId: string; createdAt: Date } | null;
}

export interface TrialReaders {
  requireUser: (appId: string, userId: string) => Promise<ChatUserRow>;
  requireChannel: (app: AppRow, channelId: string) => Promise<ChannelRow>;
  latestMessages: (appId: string, limit: number) => Promise<ReplayedMessage[]>;
}

const asDraft = (rules: TModerationRuleInput[]): EvaluatedRule[] => rules.map((rule) => ({ ...rule, id: null }));

/**
 * The tester and the replay: the evaluator run on a sample message or the app's recent ones, with the saved rules or
 * a draft set, acting on nothing and counting nothing. The engine's switch is not looked at: a set is tried before it
 * is switched on.
 */
export function createRuleTrials(
  ctx: Context,
  deps: {
    apps: AppService;
    rules: ModerationRuleService;
    readers: TrialReaders;
    effects: Pick<RuleEffects, "joinedAt" | "recentMessages" | "recentCount" | "messageCount">;
  },
) {
  const { readers } = deps;

  async function ruleSet(appId: string, draft: TModerationRuleInput[] | undefined): Promise<EvaluatedRule[]> {
    return draft ? asDraft(draft) : deps.rules.savedRules(appId);
  }

  const trials = {
    /** What the rules would do to `text` sent now by the user in the channel: their facts and history count. */
    async test(auth: Authenticated, appId: string, request: TModerationTestRequest): Promise<TModerationTestResponse> {
      return trials.testIn(await deps.apps.requireAppAccess(auth, appId), request);
    },

    /** The tester for an app its caller already stands for: the app's server, by its API key. */
    async testIn(app: AppRow, request: TModerationTestRequest): Promise<TModerationTestResponse> {
      const [user, channel, rules] = await Promise.all([
        readers.requireUser(app.id, request.userId),
        readers.requireChannel(app, request.channelId),
        ruleSet(app.id, request.rules),
      ]);
      const now = ctx.clock.now();
      const { facts, recent, recentCounts } = await senderFactsFor(deps.effects, rules, {
        app,
        user,
        channelId: channel.id,
        now,
      });
      const outcome = evaluateRules(rules, {
        message: {
          text: request.text,
          channelType: channel.type,
          file: request.file ?? null,
          mentionedUserIds: request.mentionedUserIds ?? [],
        },
        sender: facts,
        recent,
        recentCounts,
        now,
      });
      return { outcome };
    },

    /**
     * The rule set over the app's last `limit` user messages, newest first, each as if sent when it was: its sender's
     * age and membership are taken as they are now (a membership that ended counts as none), and repeats and floods
     * are counted among the messages replayed, so a replay reads the database once.
     */
    async replay(
      auth: Authenticated,
      appId: string,
      request: TModerationReplayRequest,
    ): Promise<TModerationReplayResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const rules = await ruleSet(app.id, request.rules);
      const messages = await readers.latestMessages(app.id, request.limit);
      const perRule = rules.map((rule, index) => ({ index, name: rule.name, hits: 0 }));
      const perAction = Object.fromEntries(MODERATION_ACTIONS.map((a) => [a, 0])) as Record<
        TModerationActionKind,
        number
      >;
      const sample: TModerationReplayResponse["sample"] = [];
      for (const [i, message] of messages.entries()) {
        const sender = message.sender;
        if (!sender) continue;
        // The same sender's earlier messages in the channel, among those replayed (older ones come later).
        const recent = messages
          .slice(i + 1)
          .filter((m) => m.channelId === message.channelId && m.sender?.id === sender.id)
          .map((m) => ({ text: m.text, at: m.createdAt }));
        const sentBefore = messages.slice(i + 1).filter((m) => m.sender?.id === sender.id).length;
        const outcome = evaluateRules(rules, {
          message: {
            text: message.text,
            channelType: message.channelType as ChannelRow["type"],
            file: message.file,
            mentionedUserIds: message.mentionedUserIds,
          },
          sender: {
            userCreatedAt: sender.createdAt,
            joinedAt: null,
            messageCount: sentBefore,
          },
          recent,
          now: message.createdAt,
        });
        if (outcome.fired.length === 0) continue;
        for (const firing of outcome.fired) {
          const counted = perRule[firing.index];
          if (counted) counted.hits++;
          perAction[firing.action.kind]++;
        }
        if (sample.length < MODERATION_REPLAY_SAMPLE) {
          sample.push({
            messageId: message.id,
            channelId: message.channelId,
            senderId: sender.userId,
            text: message.text,
            outcome,
          });
        }
      }
      return { scanned: messages.length, perRule, perAction, sample };
    },
  };
  return trials;
}

export type RuleTrials = ReturnType<typeof createRuleTrials>;
