import {
  PROFANITY_KEYWORDS_MAX,
  PROFANITY_REGEXES_MAX,
  type TProfanitySettings,
  V,
  zProfanityKeyword,
  zProfanityRegex,
  zProfanitySettings,
} from "@parley/contract";
import { z } from "zod";

/** The form edits keywords as one comma-separated text and expressions one per line, as the spec shows them. */
export interface ProfanityFormValues {
  method: TProfanitySettings["method"];
  matchMode: TProfanitySettings["matchMode"];
  channelTypes: TProfanitySettings["channelTypes"];
  keywordsText: string;
  regexesText: string;
}

export interface EntryProblem {
  /** The keyword, or the 1-based line of the expression; absent for a problem of the whole list. */
  entry?: string | number;
  message: string;
}

export function toFormValues(settings: TProfanitySettings): ProfanityFormValues {
  return {
    method: settings.method,
    matchMode: settings.matchMode,
    channelTypes: settings.channelTypes,
    keywordsText: settings.keywords.join(", "),
    regexesText: settings.regexes.join("\n"),
  };
}

const splitKeywords = (text: string) =>
  text
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);

/** Non-empty lines with their 1-based line numbers, so errors can point at the line the user sees. */
const regexLines = (text: string) =>
  text
    .split("\n")
    .map((pattern, index) => ({ pattern: pattern.trim(), line: index + 1 }))
    .filter(({ pattern }) => pattern !== "");

/** Each broken keyword with the contract's reason, then the list limit. */
export function keywordProblems(text: string): EntryProblem[] {
  const keywords = splitKeywords(text);
  const problems: EntryProblem[] = keywords.flatMap((keyword) => {
    const issue = zProfanityKeyword.safeParse(keyword).error?.issues[0];
    return issue ? [{ entry: keyword, message: issue.message }] : [];
  });
  if (keywords.length > PROFANITY_KEYWORDS_MAX) problems.push({ message: V.keywordCount });
  return problems;
}

/** Each broken expression by line with the contract's reason, then the list limit. */
export function regexProblems(text: string): EntryProblem[] {
  const lines = regexLines(text);
  const problems: EntryProblem[] = lines.flatMap(({ pattern, line }) => {
    const issue = zProfanityRegex.safeParse(pattern).error?.issues[0];
    return issue ? [{ entry: line, message: issue.message }] : [];
  });
  if (lines.length > PROFANITY_REGEXES_MAX) problems.push({ message: V.regexCount });
  return problems;
}

const firstProblemAsIssue = (problems: (text: string) => EntryProblem[]) => (text: string, ctx: z.RefinementCtx) => {
  const first = problems(text)[0];
  if (first) ctx.addIssue({ code: "custom", message: first.message });
};

/** The contract's settings rules over the form's text fields; the per-entry messages come from the helpers above. */
export const zProfanityForm = z.object({
  method: zProfanitySettings.shape.method,
  matchMode: zProfanitySettings.shape.matchMode,
  channelTypes: zProfanitySettings.shape.channelTypes,
  keywordsText: z.string().superRefine(firstProblemAsIssue(keywordProblems)),
  regexesText: z.string().superRefine(firstProblemAsIssue(regexProblems)),
});

export function toSettings(values: ProfanityFormValues): TProfanitySettings {
  return {
    method: values.method,
    matchMode: values.matchMode,
    channelTypes: values.channelTypes,
    keywords: splitKeywords(values.keywordsText),
    regexes: regexLines(values.regexesText).map(({ pattern }) => pattern),
  };
}

/**
 * The settings the preview runs: only the entries that pass the contract, so a half-typed or unsafe
 * expression never runs in the browser and the preview shows what the server would do once saved.
 */
export function previewSettings(values: ProfanityFormValues): TProfanitySettings {
  const settings = toSettings(values);
  return {
    ...settings,
    keywords: settings.keywords.filter((keyword) => zProfanityKeyword.safeParse(keyword).success),
    regexes: settings.regexes.filter((pattern) => zProfanityRegex.safeParse(pattern).success),
  };
}
