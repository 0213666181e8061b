import { z } from "zod";
import { CHANNEL_TYPES, zChannelType } from "./chat";
import { V, zFilterRegex } from "./validation";

export const PROFANITY_METHODS = ["block", "replace"] as const;
export const PROFANITY_MATCH_MODES = ["exact", "contains"] as const;
export const PROFANITY_KEYWORD_MAX_LENGTH = 50;
export const PROFANITY_KEYWORDS_MAX = 500;
export const PROFANITY_REGEXES_MAX = 50;
/** Long enough for any real word pattern; a cap keeps the unsafe-pattern scan and the compile cost small. */
export const PROFANITY_REGEX_MAX_LENGTH = 200;
/** The flags every filter expression runs with: Unicode-aware and case-insensitive. */
export const PROFANITY_REGEX_FLAGS = "iu";

/** Whether an expression compiles as a JavaScript RegExp with {@link PROFANITY_REGEX_FLAGS}. */
export function isValidFilterRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, PROFANITY_REGEX_FLAGS);
    return true;
  } catch {
    return false;
  }
}

/** `*`, `+` and `{n,}` / `{n,m}` with m > 1 repeat; `?` and `{1}` do not, so they cannot nest into blow-ups. */
function repeatingQuantifierAt(pattern: string, index: number): { repeats: boolean; length: number } {
  const char = pattern[index];
  if (char === "*" || char === "+") return { repeats: true, length: 1 };
  if (char === "?") return { repeats: false, length: 1 };
  if (char === "{") {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
    if (match) {
      const max = match[2] === undefined ? Number(match[1]) : match[3] === "" ? Infinity : Number(match[3]);
      return { repeats: max > 1, length: match[0].length };
    }
  }
  return { repeats: false, length: 0 };
}

interface GroupFrame {
  /** Some atom inside (at any depth) carries a repeating quantifier. */
  hasRepetition: boolean;
  alternatives: string[];
  /** Every alternative so far is plain text, so overlap between them can be decided by comparing strings. */
  isLiteral: boolean;
}

const newFrame = (): GroupFrame => ({ hasRepetition: false, alternatives: [""], isLiteral: true });

/** Two literal alternatives can split the same input two ways when one is a prefix of the other. */
function alternativesOverlap(alternatives: string[]): boolean {
  const lower = alternatives.map((a) => a.toLowerCase());
  return lower.some((a, i) => lower.some((b, j) => i !== j && b.startsWith(a)));
}

/**
 * A conservative guard against catastrophic backtracking: a message is matched against every expression of the
 * app on the server's event loop, so one exponential pattern could stall all chat of the process.
 *
 * Refused: a repeated group that itself contains repetition (`(a+)+`, `(a*)*`, `(?:\w+\s?)*`, `(a+){2,}`), and a
 * repeated group with alternatives unless they are all plain text and none is a prefix of another (`(a|a)*`,
 * `(\w|\d)+` and `(a|ab)*` are refused; `(foo|bar)+` is accepted). This also refuses some harmless patterns such
 * as `(ab+c)+`; they can be written without the outer repetition. Back-references and polynomial cases like
 * `.*.*` are not looked at: message length is capped, so they stay bounded.
 */
export function isUnsafeFilterRegex(pattern: string): boolean {
  const stack: GroupFrame[] = [newFrame()];
  const top = () => stack[stack.length - 1] as GroupFrame;
  const appendLiteral = (text: string) => {
    const frame = top();
    frame.alternatives[frame.alternatives.length - 1] += text;
  };
  /** After an atom: a repeating quantifier marks the enclosing group, any quantifier makes it non-literal. */
  const quantifierAfter = (index: number): { repeats: boolean; length: number } => {
    const quantifier = repeatingQuantifierAt(pattern, index);
    if (quantifier.length === 0) return quantifier;
    top().isLiteral = false;
    if (quantifier.repeats) top().hasRepetition = true;
    // A lazy or possessive-looking suffix (`+?`) belongs to the quantifier.
    const lazy = pattern[index + quantifier.length] === "?" ? 1 : 0;
    return { repeats: quantifier.repeats, length: quantifier.length + lazy };
  };

  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] as string;
    if (char === "\\") {
      const escaped = pattern[i + 1] ?? "";
      if (/[A-Za-z0-9]/.test(escaped)) top().isLiteral = false;
      else appendLiteral(escaped);
      i += 2;
      i += quantifierAfter(i).length;
    } else if (char === "[") {
      let j = i + 1;
      if (pattern[j] === "^") j++;
      if (pattern[j] === "]") j++;
      while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
      top().isLiteral = false;
      i = j + 1;
      i += quantifierAfter(i).length;
    } else if (char === "(") {
      i++;
      if (pattern[i] === "?") {
        const prefix = /^\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(pattern.slice(i));
        i += prefix ? prefix[0].length : 1;
      }
      stack.push(newFrame());
    } else if (char === ")") {
      const inner = stack.length > 1 ? (stack.pop() as GroupFrame) : newFrame();
      i++;
      const quantifier = repeatingQuantifierAt(pattern, i);
      if (quantifier.repeats) {
        if (inner.hasRepetition) return true;
        if (inner.alternatives.length > 1 && (!inner.isLiteral || alternativesOverlap(inner.alternatives))) {
          return true;
        }
      }
      const outer = top();
      outer.isLiteral = false;
      if (inner.hasRepetition) outer.hasRepetition = true;
      i += quantifierAfter(i).length;
    } else if (char === "|") {
      top().alternatives.push("");
      i++;
    } else if (char === "." || char === "^" || char === "$") {
      top().isLiteral = false;
      i++;
      i += quantifierAfter(i).length;
    } else {
      i++;
      // A quantified character is not plain text: `(ab?|a)` can match "a" both ways.
      const quantifier = quantifierAfter(i);
      if (quantifier.length === 0) appendLiteral(char);
      i += quantifier.length;
    }
  }
  return false;
}

/** A filter expression: bare (no slashes), compiles with the `u` and `i` flags, and cannot backtrack away. */
export const zProfanityRegex = zFilterRegex.max(PROFANITY_REGEX_MAX_LENGTH, V.tooLong).superRefine((value, ctx) => {
  if (!isValidFilterRegex(value)) ctx.addIssue({ code: "custom", message: V.regexInvalid });
  else if (isUnsafeFilterRegex(value)) ctx.addIssue({ code: "custom", message: V.regexUnsafe });
});

/**
 * A keyword: one word without spaces, where `*` at its start and/or end lets it match with anything before
 * and/or after (`bad*` matches "badly"). A `*` in the middle or a keyword of wildcards only is refused: the
 * first has no meaning here and the second would match every word.
 */
export const zProfanityKeyword = z
  .string()
  .trim()
  .min(1, V.required)
  .max(PROFANITY_KEYWORD_MAX_LENGTH, V.keywordLength)
  .refine((value) => {
    if (value === "") return true;
    if (/\s/u.test(value)) return false;
    const stem = value.replace(/^\*/, "").replace(/\*$/, "");
    return stem.length > 0 && !stem.includes("*");
  }, V.keyword);

export const zProfanitySettings = z.object({
  /** `block` refuses the message (code 3035); `replace` stores it with each matched character as `*`. */
  method: z.enum(PROFANITY_METHODS),
  /** `exact`: a keyword matches a whole word; `contains`: any word containing the keyword matches, whole. */
  matchMode: z.enum(PROFANITY_MATCH_MODES),
  /** The filter applies only to messages in channels of these types. */
  channelTypes: z.array(zChannelType).min(1, V.channelTypesRequired),
  keywords: z.array(zProfanityKeyword).max(PROFANITY_KEYWORDS_MAX, V.keywordCount),
  /** Matched anywhere in the text, case-insensitively. */
  regexes: z.array(zProfanityRegex).max(PROFANITY_REGEXES_MAX, V.regexCount),
});
export type TProfanitySettings = z.infer<typeof zProfanitySettings>;

/** What an app has before its owner saves anything: off, and replacing when switched on. */
export const DEFAULT_PROFANITY_SETTINGS: TProfanitySettings = {
  method: "replace",
  matchMode: "contains",
  channelTypes: [...CHANNEL_TYPES],
  keywords: [],
  regexes: [],
};

export const zProfanitySettingsResponse = z.object({ settings: zProfanitySettings });
export type TProfanitySettingsResponse = z.infer<typeof zProfanitySettingsResponse>;
export const zProfanityEnabled = z.object({ enabled: z.boolean() });
export type TProfanityEnabled = z.infer<typeof zProfanityEnabled>;
export const zProfanityEnabledResponse = zProfanityEnabled;

export interface ProfanityResult {
  /** True when the method is `block` and something matched; `text` is then the input unchanged. */
  blocked: boolean;
  text: string;
  /** The matched pieces of the input, in order of appearance, each once. */
  matched: string[];
}

/** A character of a word: letters, marks (for Hangul and accents), digits and `_`, as `\w` is for ASCII. */
const WORD_CHAR = "[\\p{L}\\p{M}\\p{N}_]";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The keywords as a few regular expressions, one for each way a keyword's ends may stretch: whole words only (exact
 * mode), a word ending in the keyword (`*stem`), starting with it (`stem*`), or holding it (`*stem*`, and every
 * keyword in contains mode). One expression of a thousand alternatives compiles in a fraction of the time a thousand
 * expressions take (the Unicode word class under case-insensitivity is what is slow to compile) and scans a message
 * in microseconds. Longer stems come first, so that where two keywords start at one place the longer one's range is
 * masked, as their union would be.
 */
function keywordMatchers(keywords: string[], matchMode: TProfanitySettings["matchMode"]): RegExp[] {
  const shapes = new Map<string, { before: string; after: string; stems: string[] }>();
  for (const keyword of keywords) {
    const prefixed = keyword.startsWith("*");
    const suffixed = keyword.length > 1 && keyword.endsWith("*");
    const before = matchMode === "contains" || prefixed ? `${WORD_CHAR}*` : "";
    const after = matchMode === "contains" || suffixed ? `${WORD_CHAR}*` : "";
    const shape = shapes.get(`${before}|${after}`) ?? { before, after, stems: [] };
    shape.stems.push(escapeRegExp(keyword.slice(prefixed ? 1 : 0, suffixed ? -1 : undefined)));
    shapes.set(`${before}|${after}`, shape);
  }
  return [...shapes.values()].map(({ before, after, stems }) => {
    const alternatives = stems.sort((x, y) => y.length - x.length).join("|");
    return new RegExp(`(?<!${WORD_CHAR})${before}(?:${alternatives})${after}(?!${WORD_CHAR})`, "giu");
  });
}

/** Compiled once per settings object: the server keeps one per app in its cache, the web one per form state. */
const matcherCache = new WeakMap<TProfanitySettings, Matchers>();

/**
 * And once per content: a server reloads an app's settings (or its moderation rules) from the database every few
 * seconds, as new objects, and compiling a thousand keywords again each time would cost more than the messages do.
 */
const compiledByContent = new Map<string, Matchers>();
const COMPILED_BY_CONTENT_MAX = 500;

interface Matchers {
  keywords: RegExp[];
  regexes: RegExp[];
}

function matchersOf(settings: TProfanitySettings): Matchers {
  const cached = matcherCache.get(settings);
  if (cached) return cached;
  const content = JSON.stringify([settings.matchMode, settings.keywords, settings.regexes]);
  let matchers = compiledByContent.get(content);
  if (!matchers) {
    matchers = {
      keywords: keywordMatchers(settings.keywords, settings.matchMode),
      // Saved settings were validated; this only keeps a bad entry from taking the whole filter down.
      regexes: settings.regexes
        .filter(isValidFilterRegex)
        .map((pattern) => new RegExp(pattern, `g${PROFANITY_REGEX_FLAGS}`)),
    };
    if (compiledByContent.size >= COMPILED_BY_CONTENT_MAX) compiledByContent.clear();
    compiledByContent.set(content, matchers);
  }
  matcherCache.set(settings, matchers);
  return matchers;
}

/** The characters of `text` masked so far with `length` more from `index`; the marks are made at the first. */
function withMarked(masked: boolean[] | null, text: string, index: number, length: number): boolean[] | null {
  if (length === 0) return masked;
  const marks = masked ?? new Array<boolean>(text.length).fill(false);
  marks.fill(true, index, index + length);
  return marks;
}

/**
 * Applies an app's filter to a message text. Shared by the server's message pipeline and the dashboard's
 * preview, so what the owner sees while editing is what users get. Whether the filter is on, and for which
 * channel types, is the caller's decision.
 */
export function applyProfanityFilter(text: string, settings: TProfanitySettings): ProfanityResult {
  // Made at the first match: most messages match nothing, and a server runs every keyword rule on every message.
  let masked: boolean[] | null = null;
  const { keywords, regexes } = matchersOf(settings);
  for (const matcher of keywords) {
    // Every place a match may start, not only after the last match: one keyword's match may start inside another's.
    matcher.lastIndex = 0;
    for (let match = matcher.exec(text); match; match = matcher.exec(text)) {
      matcher.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
      masked = withMarked(masked, text, match.index, match[0].length);
    }
  }
  // An owner's expression may match from every place (`.+`): each match is scanned past, or a long text costs its square.
  for (const matcher of regexes) {
    for (const match of text.matchAll(matcher)) masked = withMarked(masked, text, match.index, match[0].length);
  }
  if (!masked) return { blocked: false, text, matched: [] };

  const matched: string[] = [];
  let output = "";
  let piece = "";
  let index = 0;
  for (const char of text) {
    const isMasked = masked[index] === true;
    index += char.length;
    if (isMasked) piece += char;
    if (piece && (!isMasked || index === text.length)) {
      if (!matched.includes(piece)) matched.push(piece);
      piece = "";
    }
    output += isMasked ? "*" : char;
  }
  if (settings.method === "block") return { blocked: true, text, matched };
  return { blocked: false, text: output, matched };
}
