/**
 * CSV as spreadsheet apps read it (RFC 4180): fields with a comma, quote, CR or LF are quoted and
 * their quotes doubled; rows end with CRLF. A cell that a spreadsheet would run as a formula (it
 * starts with =, +, -, @, tab or CR) gets a leading apostrophe, so an answer such as
 * `=HYPERLINK(...)` typed into a form stays text when an admin opens the export.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: the formula guard first, then quoting (the guard's apostrophe never needs quotes of its own). */
export function csvCell(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One row, CRLF included. */
export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/** A stored value as a person reads it: lists joined with "; ", yes/no for booleans, nothing for no value. */
export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return value.map(csvValue).join("; ");
  return JSON.stringify(value);
}
