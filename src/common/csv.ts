import { parse } from 'csv-parse/sync';
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

/** A record of a CSV file read by {@link readCsv}: its fields, and the line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a CSV file could not be read to its end, and the line of the record where it stopped. */
export interface CsvStop {
  line: number;
  /** A quoted field runs to the end of the file; or text follows a field's closing quote. */
  kind: 'unclosed-quote' | 'after-quote';
}

/**
 * Reads CSV text (RFC 4180 quotes, by csv-parse) into records with the line each starts on.
 * Spaces around a field are dropped, so a quoted field may follow a space (`Ana, "NS"`); a
 * quote inside an unquoted field is text. Lines with nothing but separators and spaces are
 * skipped (spreadsheets end their exports with some). A file that stops being CSV (a quote
 * left open, text after a closing quote) gives the records before and where it stopped.
 */
export function readCsv(
  text: string,
  delimiter: string,
): { records: CsvRecord[]; stop: CsvStop | null } {
  const records: CsvRecord[] = [];
  try {
    parse(text, {
      delimiter,
      bom: true,
      ltrim: true,
      rtrim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_records_with_empty_values: true,
      on_record: (fields, { lines }) => {
        // `lines` is the record's last line: a quoted field may hold line breaks.
        records.push({ line: lines - lineBreaks(fields), fields });
        return null;
      },
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code !== 'CSV_QUOTE_NOT_CLOSED' && code !== 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE')
      throw e;
    const kind = code === 'CSV_QUOTE_NOT_CLOSED' ? 'unclosed-quote' : 'after-quote';
    return { records, stop: { line: nextRecordLine(text, delimiter, records.at(-1)), kind } };
  }
  return { records, stop: null };
}

/** The line breaks a record's quoted fields hold. */
function lineBreaks(fields: readonly string[]): number {
  return fields.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
}

/** The line the record after `last` starts on: the first after it with more than separators. */
function nextRecordLine(text: string, delimiter: string, last: CsvRecord | undefined): number {
  const lines = text.split(/\r\n|\r|\n/);
  const blank = (l: string) => l.split(delimiter).every((f) => f.trim() === '');
  let n = last ? last.line + lineBreaks(last.fields) : 0;
  while (n < lines.length && blank(lines[n])) n++;
  return n + 1;
}

/**
 * The separator a CSV file uses, of `candidates` (first wins a tie): the one its first line
 * that is not blank holds most of; `candidates[0]` when it holds none.
 */
export function csvDelimiter<D extends string>(text: string, candidates: readonly D[]): D {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  let best = candidates[0];
  let most = 0;
  for (const d of candidates) {
    const count = first.split(d).length - 1;
    if (count > most) [best, most] = [d, count];
  }
  return best;
}
