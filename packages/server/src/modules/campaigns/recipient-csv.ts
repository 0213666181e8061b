import { CAMPAIGN_CSV_HEADER, CAMPAIGN_RECIPIENTS_MAX, Errors, zUserId } from "@parley/contract";
import { AppError } from "../../errors";

/** A row of the recipient file: its 1-based record number (the header counts) and its first field. */
export interface CsvRow {
  rowNo: number;
  value: string;
}

const HEADER = CAMPAIGN_CSV_HEADER.toLowerCase();
/**
 * What people name a user column, folded as {@link foldHeader} does. A first row reading one of these is a header
 * in another format, not a user, even though it would pass as a user ID.
 */
const HEADER_NAMES = new Set([
  "userid",
  "user",
  "users",
  "uid",
  "id",
  "ids",
  "username",
  "name",
  "nickname",
  "email",
  "member",
  "memberid",
  "recipient",
  "recipients",
]);
/** How much of a refused header the error repeats: enough to recognise it. */
const HEADER_ECHO_MAX = 40;
const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Reads the first column of a recipient CSV (RFC 4180: quoted fields with doubled quotes, which may hold commas
 * and line breaks; CRLF or LF). Only the first field is kept, so the other columns may hold anything, Korean
 * text and quoted line breaks included. The optional `userId` header and blank lines are skipped.
 *
 * Answers 3055 when the file is not UTF-8 text (`encoding`), holds no row (`empty`), or more than
 * {@link CAMPAIGN_RECIPIENTS_MAX} rows (`rows`). Answers 3065 when the first row is a header of another format
 * (`user_id`, `User ID`, `이름`, …), which would otherwise count as one unknown user and hide the mistake.
 */
export function readRecipientCsv(bytes: Uint8Array): CsvRow[] {
  let text: string;
  try {
    // Not told to keep it, the decoder drops a leading BOM.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(Errors.RECIPIENT_CSV_INVALID, { reason: "encoding" });
  }
  // No text file holds a NUL, and no database text can store one; a UTF-16 file read as UTF-8 is full of them.
  if (text.includes("\u0000")) throw new AppError(Errors.RECIPIENT_CSV_INVALID, { reason: "encoding" });
  const rows: CsvRow[] = [];
  const n = text.length;
  let i = 0;
  let recordNo = 0;
  // Only the first non-blank record may be the header.
  let headerAllowed = true;
  while (i < n) {
    recordNo += 1;
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close < 0) {
          parts.push(text.slice(from));
          i = n;
          break;
        }
        parts.push(text.slice(from, close));
        if (text.charCodeAt(close + 1) === QUOTE) {
          parts.push('"');
          from = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      value = parts.join("");
    } else {
      let end = i;
      while (end < n) {
        const c = text.charCodeAt(end);
        if (c === COMMA || c === LF || c === CR) break;
        end += 1;
      }
      value = text.slice(i, end);
      i = end;
    }
    // The rest of the record: other fields, whose quotes may hide commas and line breaks.
    let blankRest = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        i += 1;
        break;
      }
      if (c === QUOTE) {
        blankRest = false;
        const close = closingQuote(text, i + 1);
        i = close < 0 ? n : close + 1;
        continue;
      }
      if (c !== CR && c !== COMMA) blankRest = false;
      i += 1;
    }
    const id = value.trim();
    if (id === "" && blankRest) continue;
    const mayBeHeader = headerAllowed;
    headerAllowed = false;
    if (mayBeHeader && id.toLowerCase() === HEADER) continue;
    if (mayBeHeader && isOtherHeader(id)) {
      throw new AppError(Errors.RECIPIENT_CSV_HEADER_INVALID, { reason: id.slice(0, HEADER_ECHO_MAX) });
    }
    rows.push({ rowNo: recordNo, value: id });
    if (rows.length > CAMPAIGN_RECIPIENTS_MAX) throw new AppError(Errors.RECIPIENT_CSV_INVALID, { reason: "rows" });
  }
  if (rows.length === 0) throw new AppError(Errors.RECIPIENT_CSV_INVALID, { reason: "empty" });
  return rows;
}

/** Case, spaces and the usual word separators do not tell `User ID`, `user_id` and `user-id` apart. */
function foldHeader(value: string): string {
  return value.toLowerCase().replace(/[\s_.-]/g, "");
}

/**
 * A first row that cannot be a user ID (spaces, Hangul, an empty first column) or that names a user column is a
 * header; the guided `userId` was checked before.
 */
function isOtherHeader(value: string): boolean {
  return !zUserId.safeParse(value).success || HEADER_NAMES.has(foldHeader(value));
}

function closingQuote(text: string, from: number): number {
  let at = from;
  for (;;) {
    const close = text.indexOf('"', at);
    if (close < 0 || text.charCodeAt(close + 1) !== QUOTE) return close;
    at = close + 2;
  }
}
