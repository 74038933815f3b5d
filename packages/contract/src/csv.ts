/**
 * CSV as the admin exports write it (RFC 4180: comma-separated, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled), safe to open in a spreadsheet: a text
 * cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so it
 * is read as text and never run as a formula (OWASP "CSV injection"). Numbers and booleans are
 * written as they are. The server (streamed exports) and the web app (exports of lists it
 * already holds) both write CSV through these functions.
 */

/** A value of a CSV cell; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/** First characters a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Media type of the CSV exports. */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/** Byte order mark written first so spreadsheets read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One cell: formula-neutralised text, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ending in CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV document: the byte order mark, the header line, then one line per row. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}
