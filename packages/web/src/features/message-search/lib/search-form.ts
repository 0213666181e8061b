import { MESSAGE_SEARCH_QUERY_MAX, messageSearchGrams, normalizeSearchQuery } from "@parley/contract";
import type { MessageSearchFilters } from "../api/keys";

/** What the form holds, every field as typed. */
export interface SearchForm {
  q: string;
  channelId: string;
  userId: string;
  from: string;
  to: string;
}

export const emptySearchForm: SearchForm = { q: "", channelId: "", userId: "", from: "", to: "" };

/** The error code the server would answer for this query, found before asking it; null when it may be asked. */
export function queryProblem(q: string): "3100" | "3101" | null {
  const text = normalizeSearchQuery(q);
  if (text.length > MESSAGE_SEARCH_QUERY_MAX) return "3101";
  if (messageSearchGrams(text).length === 0) return "3100";
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the channel field holds something the search can filter by: empty, or a channel id. */
export const isChannelIdValid = (value: string) => value.trim() === "" || UUID.test(value.trim());

/**
 * The dates as a range of local days: from the start of `from` to the end of `to`. Null when the end comes first.
 */
export function dayRange(from: string, to: string): { from?: string; to?: string } | null {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const start = from ? startOf(from) : undefined;
  const end = to ? startOf(to) : undefined;
  if (end) end.setDate(end.getDate() + 1);
  if (start && end && start >= end) return null;
  return { ...(start ? { from: start.toISOString() } : {}), ...(end ? { to: end.toISOString() } : {}) };
}

/** The search a valid form asks for; null while any field is not valid. */
export function filtersOf(form: SearchForm): MessageSearchFilters | null {
  const range = dayRange(form.from, form.to);
  if (queryProblem(form.q) || !range || !isChannelIdValid(form.channelId)) return null;
  return {
    q: normalizeSearchQuery(form.q),
    ...(form.channelId.trim() ? { channelId: form.channelId.trim() } : {}),
    ...(form.userId.trim() ? { userId: form.userId.trim() } : {}),
    ...range,
  };
}

/** The text cut at the highlights: the parts to show plain and marked, in order. */
export function highlightedParts(text: string, highlights: { start: number; end: number }[]) {
  const parts: { text: string; isMatch: boolean }[] = [];
  let at = 0;
  for (const { start, end } of highlights) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), isMatch: false });
    parts.push({ text: text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), isMatch: false });
  return parts;
}
