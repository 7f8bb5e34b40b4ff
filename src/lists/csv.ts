import { stringify } from 'csv-stringify/sync';

/** What a spreadsheet program reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, such as a southern latitude (-38.29), is left as it is: it runs nothing. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * OWASP's advice against CSV injection: a cell starting with =, +, -, @, a tab or a carriage return gets a
 * single quote in front, so Excel, LibreOffice and Google Sheets show the text instead of running
 * `=HYPERLINK(...)` or a DDE call.
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell of a CSV file: text, a number, a date (written as ISO 8601) or nothing (an empty cell). */
export type CsvCell = string | number | Date | null | undefined;

/**
 * The site's one CSV writer, for every export (the dive sites, the Insights report): UTF-8 with a
 * byte-order mark (so spreadsheet programs keep the degree sign of '24-29°C'), Windows line ends, every
 * text cell through spreadsheetSafe and quoted, so no program splits one at a separator or runs it. A
 * file written in pieces passes `header: false` for every piece after the first (the BOM and the header
 * come once, first).
 */
export function csvText(rows: readonly (readonly CsvCell[])[], { columns, header = true }: { columns: readonly string[]; header?: boolean }): string {
  return stringify(
    rows.map((row) => row.map(csvCell)),
    { header, columns: [...columns], bom: header, record_delimiter: 'windows', quoted_string: true },
  );
}

function csvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return value;
  return spreadsheetSafe(value);
}
