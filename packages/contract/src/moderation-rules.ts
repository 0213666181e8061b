import { z } from "zod";
import { zChannelType } from "./chat";
import { MESSAGE_TEXT_MAX } from "./chat-messages";
import { zProfanityKeyword, zProfanityRegex } from "./profanity";
import { V } from "./validation";

/** An app holds at most this many rules; every one is evaluated on every message. */
export const MODERATION_RULES_MAX = 50;
export const MODERATION_RULE_KEYWORDS_MAX = 1_000;
export const MODERATION_RULE_REGEXES_MAX = 50;
/** Domains of one allow or deny list. */
export const MODERATION_RULE_DOMAINS_MAX = 500;
export const MODERATION_RULE_DOMAIN_MAX_LENGTH = 253;
/** File kinds (MIME types or extensions) of one file rule. */
export const MODERATION_RULE_FILE_KINDS_MAX = 100;
export const MODERATION_RULE_NAME_MAX = 80;
/** Windows of repeat and flood rules: a day at most, so the recent messages read stay few. */
export const MODERATION_WINDOW_SECONDS_MAX = 86_400;
/** How many messages a repeat or flood rule may count: the sender's recent messages read per send. */
export const MODERATION_WINDOW_COUNT_MAX = 100;
/** A new-user rule looks back at most 30 days, or over the first 1,000 messages. */
export const MODERATION_NEW_USER_MINUTES_MAX = 43_200;
export const MODERATION_NEW_USER_MESSAGES_MAX = 1_000;
/** A mute lasts at most 30 days. */
export const MODERATION_MUTE_MINUTES_MAX = 43_200;
/** A replay looks at the app's last N messages, N at most this. */
export const MODERATION_REPLAY_MAX = 1_000;
/** Messages shown as a replay's sample. */
export const MODERATION_REPLAY_SAMPLE = 20;

export const MODERATION_ACTIONS = ["mask", "block", "flag", "shadow", "mute", "ban"] as const;
export type TModerationActionKind = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_CONDITIONS = [
  "keywords",
  "links",
  "repeat",
  "flood",
  "mentions",
  "caps",
  "newUser",
  "file",
] as const;
export type TModerationConditionKind = (typeof MODERATION_CONDITIONS)[number];

const count = (max: number) => z.number().int().min(1).max(max);

/**
 * A domain as written in a list: `example.com`, `例え.jp` or `xn--r8jz45g.jp` (one and the same domain). A scheme,
 * a path or a port are not part of it; a listed domain also covers its subdomains.
 */
export const zModerationDomain = z
  .string()
  .trim()
  .min(1, V.required)
  .max(MODERATION_RULE_DOMAIN_MAX_LENGTH, V.tooLong)
  .refine((value) => /^[^\s/:?#@*]+\.[^\s/:?#@*.]+$/u.test(value.replace(/\.$/, "")), V.invalidFormat);

/** A MIME type (`image/png`, `image/*`) or an extension (`.exe`). */
export const zModerationFileKind = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => /^\.[a-z0-9]{1,16}$/.test(value) || /^[a-z]+\/([a-z0-9.+-]+|\*)$/.test(value), V.invalidFormat);

export const zModerationCondition = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("keywords"),
    /** `exact`: a keyword matches a whole word; `contains`: any word containing it, as the profanity filter. */
    matchMode: z.enum(["exact", "contains"]),
    keywords: z.array(zProfanityKeyword).max(MODERATION_RULE_KEYWORDS_MAX, V.itemCount),
    regexes: z.array(zProfanityRegex).max(MODERATION_RULE_REGEXES_MAX, V.regexCount),
  }),
  z.object({
    kind: z.literal("links"),
    /** `deny`: fires on a link to a listed domain; `allow`: fires on a link to any other domain. */
    mode: z.enum(["allow", "deny"]),
    domains: z.array(zModerationDomain).max(MODERATION_RULE_DOMAINS_MAX, V.itemCount),
  }),
  /** The sender's identical messages in the channel, this one included, reach `count` within `seconds`. */
  z.object({
    kind: z.literal("repeat"),
    count: count(MODERATION_WINDOW_COUNT_MAX),
    seconds: count(MODERATION_WINDOW_SECONDS_MAX),
  }),
  /** The sender's messages in the channel, this one included, reach `count` within `seconds`. */
  z.object({
    kind: z.literal("flood"),
    count: count(MODERATION_WINDOW_COUNT_MAX),
    seconds: count(MODERATION_WINDOW_SECONDS_MAX),
  }),
  /** The message mentions more than `max` users (by mention list or `@name` in the text, whichever is more). */
  z.object({ kind: z.literal("mentions"), max: z.number().int().min(0).max(100) }),
  /** Of a text's letters (at least `minLength` of them), more than `percent` are capitals. */
  z.object({
    kind: z.literal("caps"),
    percent: z.number().int().min(1).max(100),
    minLength: z.number().int().min(1).max(MESSAGE_TEXT_MAX),
  }),
  /** Any of the given limits holds: the chat user, or their membership, is younger, or has sent fewer messages. */
  z.object({
    kind: z.literal("newUser"),
    accountMinutes: count(MODERATION_NEW_USER_MINUTES_MAX).optional(),
    membershipMinutes: count(MODERATION_NEW_USER_MINUTES_MAX).optional(),
    firstMessages: count(MODERATION_NEW_USER_MESSAGES_MAX).optional(),
  }),
  /** A file of a listed kind (`kinds` empty: any kind), or larger than `maxBytes`. */
  z.object({
    kind: z.literal("file"),
    kinds: z.array(zModerationFileKind).max(MODERATION_RULE_FILE_KINDS_MAX, V.itemCount),
    maxBytes: z.number().int().min(0).optional(),
  }),
]);
export type TModerationCondition = z.infer<typeof zModerationCondition>;

export const zModerationAction = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("mask") }),
  z.object({ kind: z.literal("block") }),
  z.object({ kind: z.literal("flag") }),
  z.object({ kind: z.literal("shadow") }),
  z.object({ kind: z.literal("mute"), minutes: count(MODERATION_MUTE_MINUTES_MAX) }),
  z.object({ kind: z.literal("ban") }),
]);
export type TModerationAction = z.infer<typeof zModerationAction>;

const zModerationRuleFields = z.object({
  name: z.string().trim().min(1, V.required).max(MODERATION_RULE_NAME_MAX, V.tooLong),
  enabled: z.boolean(),
  /** Only messages in channels of these types; empty: every type. */
  channelTypes: z.array(zChannelType),
  condition: zModerationCondition,
  action: zModerationAction,
});

/** Only text can be masked; a new-user condition needs at least one of its limits. */
const MASKABLE: readonly TModerationCondition["kind"][] = ["keywords", "links"];

/** A rule as written: what the dashboard saves, and what a tester or replay evaluates as a draft. */
export const zModerationRuleInput = zModerationRuleFields.superRefine((rule, ctx) => {
  if (rule.action.kind === "mask" && !MASKABLE.includes(rule.condition.kind)) {
    ctx.addIssue({ code: "custom", path: ["action", "kind"], message: V.invalidValue });
  }
  const { condition } = rule;
  if (
    condition.kind === "newUser" &&
    !condition.accountMinutes &&
    !condition.membershipMinutes &&
    !condition.firstMessages
  ) {
    ctx.addIssue({ code: "custom", path: ["condition"], message: V.required });
  }
});
export type TModerationRuleInput = z.infer<typeof zModerationRuleInput>;

export const zModerationRule = zModerationRuleFields.extend({
  id: z.uuid(),
  /** 0-based; rules are evaluated in this order. */
  position: z.number().int(),
  /** How many messages the rule fired on (a tester's and a replay's runs are not counted). */
  hits: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TModerationRule = z.infer<typeof zModerationRule>;

export const zModerationRulesResponse = z.object({ rules: z.array(zModerationRule) });
export type TModerationRulesResponse = z.infer<typeof zModerationRulesResponse>;
export const zModerationRuleResponse = z.object({ rule: zModerationRule });
export type TModerationRuleResponse = z.infer<typeof zModerationRuleResponse>;
export const zModerationRuleParams = z.object({ id: z.uuid(), ruleId: z.uuid() });

/** Every rule id of the app, once each, in the new order. */
export const zModerationRulesOrder = z.object({ ruleIds: z.array(z.uuid()).max(MODERATION_RULES_MAX) });
export type TModerationRulesOrder = z.infer<typeof zModerationRulesOrder>;

/** The engine's switch for the app: off, no rule runs (they stay saved). */
export const zModerationRulesSettings = z.object({ enabled: z.boolean() });
export type TModerationRulesSettings = z.infer<typeof zModerationRulesSettings>;

/** A rule set to try: the app's saved rules when `rules` is left out, else these (in this order). */
const zDraftRules = z.array(zModerationRuleInput).max(MODERATION_RULES_MAX, V.itemCount).optional();

export const zModerationTestRequest = z.object({
  text: z.string().max(MESSAGE_TEXT_MAX, V.tooLong),
  /** The chat user (their `userId`) the message is tried as; their age, membership and recent messages count. */
  userId: z.string().min(1).max(200),
  channelId: z.uuid(),
  file: z
    .object({ name: z.string().max(255), mimeType: z.string().max(255), size: z.number().int().min(0) })
    .optional(),
  mentionedUserIds: z.array(z.string().max(200)).max(100).optional(),
  rules: zDraftRules,
});
export type TModerationTestRequest = z.infer<typeof zModerationTestRequest>;

/** One rule that fired: its id (null for a draft rule), its place in the set, and what it matched. */
export const zModerationFiring = z.object({
  ruleId: z.uuid().nullable(),
  index: z.number().int(),
  name: z.string(),
  action: zModerationAction,
  matched: z.array(z.string()),
});
export type TModerationFiring = z.infer<typeof zModerationFiring>;

/** What the rules do to one message. */
export const zModerationOutcome = z.object({
  /** The rule that refused the message (block, mute or ban), if one did; later rules were not evaluated. */
  refusedBy: z.number().int().nullable(),
  text: z.string(),
  isShadowed: z.boolean(),
  isFlagged: z.boolean(),
  muteMinutes: z.number().int().nullable(),
  isBanned: z.boolean(),
  fired: z.array(zModerationFiring),
});
export type TModerationOutcome = z.infer<typeof zModerationOutcome>;

export const zModerationTestResponse = z.object({ outcome: zModerationOutcome });
export type TModerationTestResponse = z.infer<typeof zModerationTestResponse>;

export const zModerationReplayRequest = z.object({
  limit: z.number().int().min(1).max(MODERATION_REPLAY_MAX),
  rules: zDraftRules,
});
export type TModerationReplayRequest = z.infer<typeof zModerationReplayRequest>;

export const zModerationReplayResponse = z.object({
  /** Messages looked at: user messages only, newest first, at most `limit`. */
  scanned: z.number().int(),
  /** Per rule of the set, by index: how many messages it fired on. */
  perRule: z.array(z.object({ index: z.number().int(), name: z.string(), hits: z.number().int() })),
  perAction: z.record(z.enum(MODERATION_ACTIONS), z.number().int()),
  sample: z.array(
    z.object({
      messageId: z.uuid(),
      channelId: z.uuid(),
      senderId: z.string().nullable(),
      text: z.string(),
      outcome: zModerationOutcome,
    }),
  ),
});
export type TModerationReplayResponse = z.infer<typeof zModerationReplayResponse>;
