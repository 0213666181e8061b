/** A value of a CSV cell; numbers are written as they are, text is made safe. */
export type CsvValue = string | number;

/**
 * A spreadsheet opens a cell that starts with one of these as a formula, so a value like `=HYPERLINK(...)` (an app
 * name, a user id from an uploaded file) would run when the export is opened. A leading apostrophe makes it text
 * (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text that could start a formula gets an apostrophe, and a cell holding `"`, `,` or a line break is quoted. */
export function csvCell(value: CsvValue): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The one CSV writer of every export: RFC 4180 with CRLF line ends, each row ended, and UTF-8 with a BOM so
 * spreadsheet programs read Korean text. Every cell passes {@link csvCell}, so no export can forget the formula guard.
 */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("")}`;
}
