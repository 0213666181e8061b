import { Errors } from "@parley/contract";
import { and, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../errors";

/** Opaque cursors: a created-at time and an id, so pages stay stable while rows are added. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = cursorTime(at);
  if (!id || !createdAt || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError(Errors.INVALID_REQUEST);
  return { createdAt, id };
}

/**
 * The time of a cursor as `encodeCursor` writes it, or null. Only that exact form is taken: a date JavaScript
 * accepts may still be outside PostgreSQL's range (the year -100000), which would fail in the query instead.
 */
export function cursorTime(at: string | undefined): Date | null {
  if (!at || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at)) return null;
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** Escapes `%` and `_` so a search term matches literally inside ILIKE. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The keyset condition for the page after `cursor`: rows past (time, id) in the list's order. Ordering by time and
 * then id keeps pages stable when many rows share a time.
 */
export function pastCursor(
  cursor: { createdAt: Date; id: string } | null,
  time: AnyPgColumn,
  id: AnyPgColumn,
  order: "asc" | "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  const past = order === "asc" ? gt : lt;
  return or(past(time, cursor.createdAt), and(eq(time, cursor.createdAt), past(id, cursor.id)));
}

/** One page out of `limit + 1` fetched rows: the extra row only says that another page exists. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => { at: Date; id: string }) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const next = rows.length > limit && last ? key(last) : null;
  return { items, nextCursor: next ? encodeCursor(next.at, next.id) : null };
}
