/**
 * CSV as Arbiter writes it: comma-separated, a header line, `\n` after every line, UTF-8
 * without a byte-order mark. Every CSV the server sends goes through {@link csvDocument}, so
 * that no cell can run in a spreadsheet.
 */

/** A cell: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

/**
 * What a spreadsheet reads as the start of a formula or a command (OWASP, "CSV Injection"):
 * `=`, `+`, `-`, `@`, a tab, a carriage return.
 */
const RUNS_IN_A_SPREADSHEET = /^[=+\-@\t\r]/;

/** What makes a cell need quotes: the separator, a quote, a line break. */
const NEEDS_QUOTES = /[",\n\r]/;

/**
 * One cell. Text that a spreadsheet would run is neutralised as OWASP advises: a `'` before it
 * (the spreadsheet shows the text, it runs nothing) and the whole cell in quotes. A cell of a
 * numeric column is passed as a `number` and written as one, a negative number too (`-12` is
 * a number to a spreadsheet, not a formula); the same `-12` passed as text is neutralised.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`a CSV number cell holds ${value}`);
    return String(value);
  }
  if (RUNS_IN_A_SPREADSHEET.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A header line and a line for each row, every cell through {@link csvCell}. */
export function csvDocument(columns: readonly string[], rows: readonly CsvValue[][]): string {
  return [columns, ...rows].map((row) => `${row.map(csvCell).join(',')}\n`).join('');
}

/**
 * A cell read back from a CSV file as it was before {@link csvCell} neutralised it: the `'`
 * it put before a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is taken
 * off, so that a list exported and imported again is the same list. Other text is unchanged.
 */
export function csvCellText(cell: string): string {
  return cell.startsWith("'") && RUNS_IN_A_SPREADSHEET.test(cell.slice(1)) ? cell.slice(1) : cell;
}
