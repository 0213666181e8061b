import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, zMessage, zUserId } from "./chat";
import { V } from "./validation";

/**
 * Message search: the dashboard's over an app's messages and the chat API's over one channel, for its members.
 * Text is matched as a substring, case-insensitively for English, so a Korean word is found inside a longer run
 * ("안녕" in "모두안녕하세요"). The server narrows candidates by n-grams (see {@link messageSearchGrams}) and then
 * checks the whole query against each message's text.
 */

/** A query longer than this, in characters after trimming and joining runs of spaces, answers 3101. */
export const MESSAGE_SEARCH_QUERY_MAX = 100;
/** Results a page holds at most; the default is the dashboard's usual page. */
export const MESSAGE_SEARCH_LIMIT_MAX = 50;

/** The dashboard API's search route, under `/api`. */
export const messageSearchApi = {
  search: "/apps/:id/messages/search",
} as const;

/** The query as it is matched: trimmed, each run of whitespace one space. */
export function normalizeSearchQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ");
}

/**
 * The n-grams a query is looked up by, as the database makes them from a message's text: every two neighbouring
 * characters without a space, and each single character from U+1100 on (Hangul, kana, ideographs), where one
 * character is often a whole word ("꽃", "술"). A single Latin letter is in nearly every message, so it is no gram,
 * and a query with no gram at all ("a", "a b") answers 3100. Lowercasing here may differ from the database's for
 * letters beyond ASCII, which changes which grams a query has but never whether it has one.
 */
export function messageSearchGrams(query: string): string[] {
  const chars = Array.from(normalizeSearchQuery(query).toLowerCase());
  const grams = new Set<string>();
  chars.forEach((char, i) => {
    const next = chars[i + 1];
    if (next !== undefined && char !== " " && next !== " ") grams.add(char + next);
    if ((char.codePointAt(0) ?? 0) >= 0x1100) grams.add(char);
  });
  return [...grams];
}

/** A found occurrence of the query in a message's text, in UTF-16 code units: `text.slice(start, end)`. */
export const zSearchHighlight = z.object({ start: z.number().int(), end: z.number().int() });
export type TSearchHighlight = z.infer<typeof zSearchHighlight>;

/**
 * Where the query occurs in `text`, case-insensitively, in order and not overlapping: what a result shows marked.
 * Offsets rather than markup, so a client escapes the text its own way.
 */
export function messageSearchHighlights(text: string, query: string): TSearchHighlight[] {
  const normalized = normalizeSearchQuery(query);
  if (normalized === "") return [];
  const pattern = new RegExp(normalized.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"), "giu");
  return Array.from(text.matchAll(pattern), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

const zSearchText = z.string({ error: V.required });
const zSearchLimit = z.coerce.number().int().min(1).max(MESSAGE_SEARCH_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT);

/** `GET /v1/channels/{channelId}/messages/search`: a member searches the channel's messages they may read. */
export const zMessageSearchQuery = z.object({
  /** The text to find; see {@link MESSAGE_SEARCH_QUERY_MAX} and {@link messageSearchGrams} for its bounds. */
  q: zSearchText,
  /** `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: zSearchLimit,
});
export type TMessageSearchQuery = z.infer<typeof zMessageSearchQuery>;

/** One found message, newest first, with where the query occurs in its text. */
export const zMessageSearchResult = z.object({ message: zMessage, highlights: z.array(zSearchHighlight) });
export type TMessageSearchResult = z.infer<typeof zMessageSearchResult>;
export const zMessageSearchResponse = z.object({
  results: z.array(zMessageSearchResult),
  /** Pass back as `cursor` for older results; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TMessageSearchResponse = z.infer<typeof zMessageSearchResponse>;

/** `GET /api/apps/{id}/messages/search`: the app's messages, filtered by channel, sender and time. */
export const zAppMessageSearchQuery = zMessageSearchQuery.extend({
  channelId: z.string().uuid().optional(),
  /** The sender's user ID. */
  userId: zUserId.optional(),
  /** Messages sent at or after `from` and before `to` (ISO date-times). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TAppMessageSearchQuery = z.infer<typeof zAppMessageSearchQuery>;

export const zAppMessageSearchResult = zMessageSearchResult.extend({
  /** The message's channel, to show and to open at the message. */
  channel: z.object({ id: z.string(), name: z.string() }),
});
export type TAppMessageSearchResult = z.infer<typeof zAppMessageSearchResult>;
export const zAppMessageSearchResponse = z.object({
  results: z.array(zAppMessageSearchResult),
  nextCursor: z.string().nullable(),
});
export type TAppMessageSearchResponse = z.infer<typeof zAppMessageSearchResponse>;
