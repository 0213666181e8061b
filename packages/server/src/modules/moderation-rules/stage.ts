import { Errors, type TMessage, type TModerationFiring, type TModerationOutcome } from "@parley/contract";
import type { Context } from "../../context";
import type { AppRow } from "../apps";
import type { ChatUserRow } from "../chat-users";
import { type DeferredEffect, DeferredRefusal, type MessageDraft } from "../messages";
import {
  type EvaluatedRule,
  evaluateRules,
  floodCountsOf,
  messageCountNeeded,
  type RecentMessage,
  recentWindowsOf,
  type SenderFacts,
} from "./evaluate";
import type { ModerationRuleService } from "./service";

/** What the rules do beyond the message, handed in by the composition root (the modules that own those acts). */
export interface RuleEffects {
  /** When a rule needs the membership's age: when the sender joined the channel, null when not a member. */
  joinedAt: (app: AppRow, channelId: string, chatUserId: string) => Promise<Date | null>;
  recentMessages: (channelId: string, chatUserId: string, since: Date, limit: number) => Promise<SenderRecent>;
  /** How many messages the user sent in the channel after `since`, counted up to `cap`. */
  recentCount: (channelId: string, chatUserId: string, since: Date, cap: number) => Promise<number>;
  messageCount: (chatUserId: string, cap: number) => Promise<number>;
  flag: (app: AppRow, message: TMessage, rule: { id: string; name: string }) => Promise<void>;
  mute: (app: AppRow, channelId: string, userId: string, minutes: number) => Promise<void>;
  ban: (app: AppRow, channelId: string, userId: string) => Promise<void>;
  audit: (entry: {
    app: AppRow;
    rule: { id: string; name: string };
    action: string;
    path: string;
    request: Record<string, unknown>;
  }) => Promise<void>;
}
type SenderRecent = RecentMessage[];

/** Far above the senders a process sees between two restarts of a busy app; a few megabytes at most. */
const COUNTED_SENDERS_MAX = 100_000;

/**
 * `messageCount` that stops asking once a sender has reached what the rules ask for: a sender's count of sent
 * messages only grows (deleted ones count), so after their first messages a send pays no round trip for it.
 */
export function rememberingCounts(messageCount: RuleEffects["messageCount"]): RuleEffects["messageCount"] {
  const reached = new Map<string, number>();
  return async (chatUserId, cap) => {
    const known = reached.get(chatUserId) ?? 0;
    if (known >= cap) return known;
    const count = await messageCount(chatUserId, cap);
    if (count > known) {
      if (reached.size >= COUNTED_SENDERS_MAX) reached.clear();
      reached.set(chatUserId, count);
    }
    return count;
  };
}

/**
 * The reads of several windows as one history: each message once, newest first. Each read comes newest first, so
 * they are merged as they are rather than sorted again; a message without an id (none read from the database) is kept.
 */
export function mergedNewestFirst(lists: RecentMessage[][]): RecentMessage[] {
  const seen = new Set<string>();
  const merged: RecentMessage[] = [];
  const next = lists.map(() => 0);
  for (;;) {
    let newest = -1;
    let newestAt = Number.NEGATIVE_INFINITY;
    for (const [l, list] of lists.entries()) {
      const at = list[next[l] ?? 0]?.at.getTime();
      if (at !== undefined && at > newestAt) {
        newest = l;
        newestAt = at;
      }
    }
    const list = lists[newest];
    if (!list) return merged;
    const position = next[newest] ?? 0;
    next[newest] = position + 1;
    const message = list[position] as RecentMessage;
    if (message.id === undefined || !seen.has(message.id)) {
      if (message.id !== undefined) seen.add(message.id);
      merged.push(message);
    }
  }
}

/** The facts the rules need of a sender, read only as far as some rule asks for them. */
export async function senderFactsFor(
  effects: Pick<RuleEffects, "joinedAt" | "recentMessages" | "recentCount" | "messageCount">,
  rules: EvaluatedRule[],
  sender: { app: AppRow; user: ChatUserRow; channelId: string; now: Date },
): Promise<{ facts: SenderFacts; recent: SenderRecent; recentCounts: Map<number, number> }> {
  const needsMembership = rules.some(
    (r) => r.enabled && r.condition.kind === "newUser" && r.condition.membershipMinutes,
  );
  const windows = recentWindowsOf(rules);
  const floods = [...floodCountsOf(rules)];
  const countCap = messageCountNeeded(rules);
  const now = sender.now.getTime();
  const [joinedAt, lists, counts, messageCount] = await Promise.all([
    needsMembership ? effects.joinedAt(sender.app, sender.channelId, sender.user.id) : Promise.resolve(null),
    Promise.all(
      windows.map((w) =>
        effects.recentMessages(sender.channelId, sender.user.id, new Date(now - w.seconds * 1000), w.count),
      ),
    ),
    Promise.all(
      floods.map(([seconds, cap]) =>
        effects.recentCount(sender.channelId, sender.user.id, new Date(now - seconds * 1000), cap),
      ),
    ),
    countCap > 0 ? effects.messageCount(sender.user.id, countCap) : Promise.resolve(0),
  ]);
  const recent = lists.length === 1 ? (lists[0] ?? []) : mergedNewestFirst(lists);
  const recentCounts = new Map(floods.map(([seconds], i) => [seconds, counts[i] ?? 0]));
  return { facts: { userCreatedAt: sender.user.createdAt, joinedAt, messageCount }, recent, recentCounts };
}

const savedRule = (firing: TModerationFiring): { id: string; name: string } | null =>
  firing.ruleId ? { id: firing.ruleId, name: firing.name } : null;

/**
 * The rules as a filter of the message pipeline, for users' messages (an app's server and its admin messages are
 * the app's own, and not moderated). What the rules decide about the text (a mask, a refusal, a shadow) is applied
 * to the draft at once; what they do beyond it (hit counts, a report, a mute, a ban, the audit entries) is deferred
 * to the pipeline, which runs it once the message is stored or its refusal is final, so a send the fast path hands
 * to the full path acts once.
 */
export function createModerationStage(ctx: Context, deps: { rules: ModerationRuleService; effects: RuleEffects }) {
  const { effects } = deps;

  function deferredOf(draft: MessageDraft & { actor: { kind: "user" } }, outcome: TModerationOutcome): DeferredEffect {
    const { app, user } = draft.actor;
    const channelId = draft.channel.id;
    const path = `/v1/channels/${channelId}/messages`;
    return async (stored) => {
      await deps.rules.countHits(outcome.fired.flatMap((f) => (f.ruleId ? [f.ruleId] : [])));
      for (const firing of outcome.fired) {
        const rule = savedRule(firing);
        if (!rule) continue;
        const request = { userId: user.userId, channelId, ...(stored ? { messageId: stored.id } : {}) };
        const { action } = firing;
        if (stored && action.kind === "flag") {
          await effects.flag(app, stored, rule);
          await effects.audit({ app, rule, action: "rule.flag", path, request });
        } else if (stored && action.kind === "shadow") {
          await effects.audit({ app, rule, action: "rule.shadow", path, request });
        } else if (!stored && action.kind === "mute") {
          await effects.mute(app, channelId, user.userId, action.minutes);
          await effects.audit({
            app,
            rule,
            action: "rule.mute",
            path,
            request: { ...request, minutes: action.minutes },
          });
        } else if (!stored && action.kind === "ban") {
          await effects.ban(app, channelId, user.userId);
          await effects.audit({ app, rule, action: "rule.ban", path, request });
        }
      }
    };
  }

  return async function filterMessage(draft: MessageDraft): Promise<MessageDraft> {
    const { actor } = draft;
    if (actor.kind !== "user") return draft;
    const { isActive, rules } = await deps.rules.activeRules(actor.app.id);
    if (!isActive) return draft;
    const now = ctx.clock.now();
    const { facts, recent, recentCounts } = await senderFactsFor(effects, rules, {
      app: actor.app,
      user: actor.user,
      channelId: draft.channel.id,
      now,
    });
    const outcome = evaluateRules(rules, {
      message: {
        text: draft.text,
        channelType: draft.channel.type,
        file: draft.file,
        mentionedUserIds: draft.mentionedUserIds ?? [],
      },
      sender: facts,
      recent,
      recentCounts,
      now,
    });
    if (outcome.fired.length === 0) return draft;
    const deferred = deferredOf({ ...draft, actor }, outcome);
    const refusing = outcome.refusedBy === null ? undefined : rules[outcome.refusedBy];
    if (refusing) {
      const code =
        refusing.action.kind === "mute"
          ? Errors.MODERATION_RULE_MUTED
          : refusing.action.kind === "ban"
            ? Errors.MODERATION_RULE_BANNED
            : Errors.MODERATION_RULE_BLOCKED;
      const rule = { id: refusing.id ?? "", name: refusing.name };
      throw new DeferredRefusal(code, { rule }, `The message was refused by the moderation rule "${rule.name}".`, [
        deferred,
      ]);
    }
    return {
      ...draft,
      text: outcome.text,
      ...(outcome.isShadowed || draft.shadowed ? { shadowed: true } : {}),
      deferred: [...(draft.deferred ?? []), deferred],
    };
  };
}
