import {
  applyProfanityFilter,
  type TChannelType,
  type TModerationCondition,
  type TModerationFiring,
  type TModerationOutcome,
  type TModerationRuleInput,
  type TProfanitySettings,
} from "@parley/contract";
import { findLinks, isUnderAnyDomain, normalizeDomain } from "./links";

/** A rule as the evaluator takes it: a saved one has its id, a draft one (tester, replay) none. */
export type EvaluatedRule = TModerationRuleInput & { id: string | null };

export interface EvaluatedMessage {
  text: string;
  channelType: TChannelType;
  file: { name: string; mimeType: string; size: number } | null;
  mentionedUserIds: string[];
}

/** What is known of the sender when the message is sent; null where it does not apply (no membership). */
export interface SenderFacts {
  userCreatedAt: Date;
  joinedAt: Date | null;
  /** Messages the sender sent in the app before this one, counted up to what the rules ask for. */
  messageCount: number;
}

/** The sender's earlier messages in the channel, newest first, as far back as the rules look. */
export interface RecentMessage {
  /** Present when read from the database, where the reads of several windows overlap. */
  id?: string;
  text: string;
  at: Date;
}

export interface EvaluationInput {
  message: EvaluatedMessage;
  sender: SenderFacts;
  recent: RecentMessage[];
  /**
   * The sender's messages in the channel within the last N seconds (the key), counted up to what the flood rules of
   * that window ask for (`floodCountsOf`). A flood rule whose window has no count here counts in `recent`.
   */
  recentCounts?: ReadonlyMap<number, number>;
  now: Date;
}

const MINUTE_MS = 60_000;

/** Per condition, the filter settings its keyword matching runs with; built once per condition object. */
const keywordSettings = new WeakMap<object, TProfanitySettings>();

function settingsOf(condition: Extract<TModerationCondition, { kind: "keywords" }>): TProfanitySettings {
  let settings = keywordSettings.get(condition);
  if (!settings) {
    settings = {
      method: "replace",
      matchMode: condition.matchMode,
      channelTypes: [],
      keywords: condition.keywords,
      regexes: condition.regexes,
    };
    keywordSettings.set(condition, settings);
  }
  return settings;
}

/**
 * The texts of recent messages come back with every send of their sender, so their compared forms are kept: short
 * texts only, and a bounded number of them, so the memo stays within a megabyte or two.
 */
const comparedForms = new Map<string, string>();
const COMPARED_FORMS_MAX = 2_000;
const COMPARED_FORM_TEXT_MAX = 500;

/** Identical messages: the same once trimmed, with runs of spaces as one and letters' case and width set aside. */
function sameText(text: string): string {
  const known = comparedForms.get(text);
  if (known !== undefined) return known;
  const form = text.normalize("NFKC").trim().replace(/\s+/gu, " ").toLowerCase();
  if (text.length <= COMPARED_FORM_TEXT_MAX) {
    if (comparedForms.size >= COMPARED_FORMS_MAX) comparedForms.clear();
    comparedForms.set(text, form);
  }
  return form;
}

/** `@name` in text, not inside an address (`kim@example.com`). */
const MENTION = /(?<![\p{L}\p{M}\p{N}_.])@[\p{L}\p{M}\p{N}_.-]+/gu;

/** Per links condition, its domains normalized, as a set: built once per condition object, not once a message. */
const listedDomains = new WeakMap<object, Set<string>>();

function linkDomains(condition: Extract<TModerationCondition, { kind: "links" }>): Set<string> {
  let domains = listedDomains.get(condition);
  if (!domains) {
    domains = new Set(condition.domains.map(normalizeDomain).filter((d) => d !== ""));
    listedDomains.set(condition, domains);
  }
  return domains;
}

function offendingLinks(text: string, condition: Extract<TModerationCondition, { kind: "links" }>) {
  const listed = linkDomains(condition);
  return findLinks(text).filter((link) => {
    const isListed = isUnderAnyDomain(link.domain, listed);
    return condition.mode === "deny" ? isListed : !isListed;
  });
}

function fileKindMatches(file: NonNullable<EvaluatedMessage["file"]>, kind: string): boolean {
  const mime = file.mimeType.toLowerCase();
  if (kind.startsWith(".")) return file.name.toLowerCase().endsWith(kind);
  if (kind.endsWith("/*")) return mime.startsWith(kind.slice(0, -1));
  return mime === kind;
}

/** What a condition matched, when it fires: the pieces of text for text conditions, else a description. */
function matchOf(condition: TModerationCondition, input: EvaluationInput): string[] | null {
  const { message, sender, recent, now } = input;
  switch (condition.kind) {
    case "keywords": {
      if (message.text === "") return null;
      const { matched } = applyProfanityFilter(message.text, settingsOf(condition));
      return matched.length > 0 ? matched : null;
    }
    case "links": {
      const links = offendingLinks(message.text, condition);
      return links.length > 0 ? links.map((l) => message.text.slice(l.start, l.end)) : null;
    }
    case "repeat": {
      const text = sameText(message.text);
      if (text === "") return null;
      const since = now.getTime() - condition.seconds * 1000;
      // The newest `count` of the window: what a read of this rule alone would have given.
      const inWindow = recent.filter((m) => m.at.getTime() > since).slice(0, condition.count);
      const same = inWindow.filter((m) => sameText(m.text) === text).length;
      return same + 1 >= condition.count ? [`${same + 1}`] : null;
    }
    case "flood": {
      const since = now.getTime() - condition.seconds * 1000;
      const sent = input.recentCounts?.get(condition.seconds) ?? recent.filter((m) => m.at.getTime() > since).length;
      return sent + 1 >= condition.count ? [`${sent + 1}`] : null;
    }
    case "mentions": {
      const inText = [...message.text.matchAll(MENTION)].length;
      const mentions = Math.max(new Set(message.mentionedUserIds).size, inText);
      return mentions > condition.max ? [`${mentions}`] : null;
    }
    case "caps": {
      // Only letters that have a case count: Hangul, Kana or Han text has no capitals to shout with.
      const cased = message.text.match(/[\p{Lu}\p{Ll}\p{Lt}]/gu)?.length ?? 0;
      if (cased < condition.minLength) return null;
      const upper = message.text.match(/[\p{Lu}\p{Lt}]/gu)?.length ?? 0;
      return upper * 100 > condition.percent * cased ? [`${Math.round((upper * 100) / cased)}%`] : null;
    }
    case "newUser": {
      const matched: string[] = [];
      const age = (from: Date) => now.getTime() - from.getTime();
      if (condition.accountMinutes && age(sender.userCreatedAt) < condition.accountMinutes * MINUTE_MS) {
        matched.push("account");
      }
      if (
        condition.membershipMinutes &&
        sender.joinedAt &&
        age(sender.joinedAt) < condition.membershipMinutes * MINUTE_MS
      ) {
        matched.push("membership");
      }
      if (condition.firstMessages && sender.messageCount < condition.firstMessages) matched.push("messages");
      return matched.length > 0 ? matched : null;
    }
    case "file": {
      const { file } = message;
      if (!file) return null;
      const matched: string[] = [];
      if (condition.kinds.some((kind) => fileKindMatches(file, kind))) matched.push(file.mimeType || file.name);
      if (condition.maxBytes !== undefined && file.size > condition.maxBytes) matched.push(`${file.size}`);
      if (condition.kinds.length === 0 && condition.maxBytes === undefined) matched.push(file.mimeType || file.name);
      return matched.length > 0 ? matched : null;
    }
  }
}

/** The text with what `condition` matches in it as `*`, one per character; only text conditions can mask. */
function maskWith(text: string, condition: TModerationCondition): string {
  if (condition.kind === "keywords") return applyProfanityFilter(text, settingsOf(condition)).text;
  if (condition.kind !== "links") return text;
  let output = text;
  for (const link of offendingLinks(text, condition).reverse()) {
    const stars = "*".repeat([...text.slice(link.start, link.end)].length);
    output = output.slice(0, link.start) + stars + output.slice(link.end);
  }
  return output;
}

/**
 * The windows of the sender's recent messages the repeat rules need read, texts and all: each rule's seconds and
 * count, less those another window holds. Flood rules need only how many there were (`floodCountsOf`).
 */
export function recentWindowsOf(rules: EvaluatedRule[]): { seconds: number; count: number }[] {
  const windows: { seconds: number; count: number }[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const { condition } = rule;
    if (condition.kind === "repeat") windows.push({ seconds: condition.seconds, count: condition.count });
  }
  return windows.filter(
    (w, i) =>
      !windows.some(
        (other, j) =>
          other.seconds >= w.seconds &&
          other.count >= w.count &&
          (other.seconds > w.seconds || other.count > w.count || j < i),
      ),
  );
}

/**
 * The counts of the sender's recent messages the flood rules need: for each window's seconds, counted up to the
 * largest count a rule of that window asks for. A count is one row a window, where reading the messages was as many
 * rows as the sender sent in it (a hundred a send for a rule of a hundred a second).
 */
export function floodCountsOf(rules: EvaluatedRule[]): Map<number, number> {
  const caps = new Map<number, number>();
  for (const rule of rules) {
    if (!rule.enabled || rule.condition.kind !== "flood") continue;
    const { seconds, count } = rule.condition;
    caps.set(seconds, Math.max(caps.get(seconds) ?? 0, count));
  }
  return caps;
}

/** How many of the sender's earlier messages the new-user rules need counted (0: none). */
export function messageCountNeeded(rules: EvaluatedRule[]): number {
  return rules.reduce(
    (max, rule) =>
      rule.enabled && rule.condition.kind === "newUser" ? Math.max(max, rule.condition.firstMessages ?? 0) : max,
    0,
  );
}

/**
 * Runs an app's rules over one message, in their order, without reading or writing anything: the send, the tester
 * and the replay all call this. Every rule's condition looks at the message as sent, so a mask does not hide a word
 * from a later rule; masks add up on the text. The first rule that refuses (block, mute, ban) ends the evaluation:
 * rules after it neither fire nor count. Flag and shadow do not stop it.
 */
export function evaluateRules(rules: EvaluatedRule[], input: EvaluationInput): TModerationOutcome {
  const outcome: TModerationOutcome = {
    refusedBy: null,
    text: input.message.text,
    isShadowed: false,
    isFlagged: false,
    muteMinutes: null,
    isBanned: false,
    fired: [],
  };
  for (const [index, rule] of rules.entries()) {
    if (!rule.enabled) continue;
    if (rule.channelTypes.length > 0 && !rule.channelTypes.includes(input.message.channelType)) continue;
    const matched = matchOf(rule.condition, input);
    if (!matched) continue;
    const firing: TModerationFiring = { ruleId: rule.id, index, name: rule.name, action: rule.action, matched };
    outcome.fired.push(firing);
    const { action } = rule;
    if (action.kind === "mask") outcome.text = maskWith(outcome.text, rule.condition);
    else if (action.kind === "flag") outcome.isFlagged = true;
    else if (action.kind === "shadow") outcome.isShadowed = true;
    else {
      outcome.refusedBy = index;
      if (action.kind === "mute") outcome.muteMinutes = action.minutes;
      if (action.kind === "ban") outcome.isBanned = true;
      // A refused message is not stored: nothing else happens to it.
      outcome.text = input.message.text;
      outcome.isShadowed = false;
      outcome.isFlagged = false;
      break;
    }
  }
  return outcome;
}
