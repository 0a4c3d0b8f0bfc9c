import { csvDelimiter, readCsv, type CsvRecord } from '../common/csv';
import { PRINTABLE } from '../common/printable';
import { formatCount, Lang, MessageKey, t } from '../i18n';
import { lookAlikeKey, nameKey } from '../i18n/names';
import { PLAYER_LIMITS } from './player-limits';

/**
 * Player registration from CSV: name, club, rating, seed — in that order, or
 * in any order under a header line (`ime;klub;rejting;nosilac`,
 * `name,club,rating,seed`). Commas, semicolons or tabs; RFC 4180 quotes; a
 * byte-order mark is ignored. Pure: text in, preview out.
 */

/** What a player's registration takes (as `CreatePlayerDto`): names and clubs, seeds. */
export const CSV_PLAYER_LIMITS = PLAYER_LIMITS;

/** A value as a message quotes it: at most 40 characters. */
const quoted = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** A player the file would register. */
export interface CsvPlayer {
  /** Line of the file the record starts on, from 1. */
  line: number;
  name: string;
  club: string | null;
  rating: number | null;
  seed: number | null;
  /** The person's federation id and country (the registry matches by the id first). */
  federationId: string | null;
  country: string | null;
}

export type CsvProblemCode =
  | 'missing-name'
  | 'bad-rating'
  | 'bad-seed'
  | 'bad-federation-id'
  | 'bad-country'
  | 'duplicate-seed'
  | 'duplicate-name'
  | 'look-alike-name'
  | 'too-many-fields'
  | 'unclosed-quote'
  | 'text-after-quote'
  | 'too-long'
  | 'control'
  | 'empty';

/** One problem, on one line, with a message in the preview's language. */
export interface CsvProblem {
  line: number;
  code: CsvProblemCode;
  /** Errors stop the import; warnings are for the organiser to confirm. */
  severity: 'error' | 'warning';
  message: string;
}

/** One data line as read, with its problems, for the preview table. */
export interface CsvRow {
  line: number;
  fields: {
    name: string;
    club: string;
    rating: string;
    seed: string;
    federationId: string;
    country: string;
  };
  problems: CsvProblem[];
  ok: boolean;
}

export interface CsvPreview {
  /** True when there is at least one player and no error. */
  ok: boolean;
  players: CsvPlayer[];
  rows: CsvRow[];
  errors: CsvProblem[];
  warnings: CsvProblem[];
  /** The first line was a header. */
  header: boolean;
  delimiter: ',' | ';' | '\t';
}

type Column = 'name' | 'club' | 'rating' | 'seed' | 'federationId' | 'country';

const HEADER_NAMES: Readonly<Record<string, Column>> = {
  name: 'name',
  player: 'name',
  ime: 'name',
  igrač: 'name',
  igrac: 'name',
  'ime i prezime': 'name',
  име: 'name',
  играч: 'name',
  club: 'club',
  klub: 'club',
  клуб: 'club',
  rating: 'rating',
  rejting: 'rating',
  рејтинг: 'rating',
  seed: 'seed',
  nosilac: 'seed',
  носилац: 'seed',
  federationid: 'federationId',
  'federation id': 'federationId',
  'fide id': 'federationId',
  'id u savezu': 'federationId',
  'ид у савезу': 'federationId',
  country: 'country',
  zemlja: 'country',
  земља: 'country',
};

const DEFAULT_ORDER: readonly Column[] = ['name', 'club', 'rating', 'seed'];

const clean = (s: string): string => s.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * Reads a registration file and says, line by line, what it would import. `registered` are the
 * names of the division's players already registered: a line whose name only looks like one of
 * them (or like another line's) is a warning, for the organiser to check.
 */
export function parsePlayersCsv(
  text: string,
  lang: Lang = 'sr-Latn',
  registered: readonly string[] = [],
): CsvPreview {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = csvDelimiter(body, [',', ';', '\t'] as const);
  const { records, stop } = readCsv(body, delimiter);
  const { order, header } = columnsOf(records);
  const lines = new LineChecks(lang, registered, order, header);
  const rows: CsvRow[] = [];
  const players: CsvPlayer[] = [];
  const errors: CsvProblem[] = [];
  const warnings: CsvProblem[] = [];
  for (const rec of header ? records.slice(1) : records) {
    const { row, player } = lines.read(rec);
    rows.push(row);
    for (const p of row.problems) (p.severity === 'error' ? errors : warnings).push(p);
    if (player) players.push(player);
  }
  if (stop?.kind === 'unclosed-quote') {
    errors.push(lines.problem(stop.line, 'unclosed-quote', 'csv.unclosedQuote'));
  } else if (stop) {
    errors.push(lines.problem(stop.line, 'text-after-quote', 'csv.textAfterQuote'));
  }
  if (rows.length === 0 && stop === null) errors.push(lines.problem(1, 'empty', 'csv.empty'));
  errors.sort((a, b) => a.line - b.line);
  return {
    ok: errors.length === 0 && players.length > 0,
    players,
    rows,
    errors,
    warnings,
    header,
    delimiter,
  };
}

/** The file's columns: its header's when its first line names a `name` column, else the default order. */
function columnsOf(records: readonly CsvRecord[]): {
  order: readonly (Column | undefined)[];
  header: boolean;
} {
  const names = (records[0]?.fields ?? []).map(
    (f): Column | undefined => HEADER_NAMES[clean(f).toLowerCase()],
  );
  return names.some((n) => n === 'name')
    ? { order: names, header: true }
    : { order: DEFAULT_ORDER, header: false };
}

type Fields = CsvRow['fields'];

/**
 * The checks of a registration file's lines, in the file's order: each line's own fields, and
 * what it repeats of the lines before it (a seed, a name) or of the players already registered.
 */
class LineChecks {
  private readonly seeds = new Map<number, number>();
  private readonly names = new Map<string, number>();
  private readonly looks = new Map<string, { line: number; name: string }>();
  private readonly registeredLooks: Map<string, string>;
  private readonly registeredKeys: Set<string>;
  private readonly columnNames: Record<'name' | 'club', string>;

  constructor(
    private readonly lang: Lang,
    registered: readonly string[],
    private readonly order: readonly (Column | undefined)[],
    /** A header named the columns: a line with more fields than it has is not refused. */
    private readonly columnsKnown: boolean,
  ) {
    this.registeredLooks = new Map(registered.map((n) => [lookAlikeKey(n), n]));
    this.registeredKeys = new Set(registered.map(nameKey));
    this.columnNames = { name: t(lang, 'csv.column.name'), club: t(lang, 'csv.column.club') };
  }

  problem(
    line: number,
    code: CsvProblemCode,
    key: MessageKey,
    params: Record<string, string | number> = {},
    severity: CsvProblem['severity'] = 'error',
  ): CsvProblem {
    return { line, code, severity, message: t(this.lang, key, params) };
  }

  /** A line as the preview shows it, and the player it registers when it has no error. */
  read(rec: CsvRecord): { row: CsvRow; player: CsvPlayer | null } {
    const fields: Fields = {
      name: '',
      club: '',
      rating: '',
      seed: '',
      federationId: '',
      country: '',
    };
    rec.fields.forEach((value, i) => {
      const col = this.order[i];
      if (col) fields[col] = clean(value);
    });
    const problems: CsvProblem[] = [];
    const extra = rec.fields.slice(this.order.length).filter((f) => f.trim() !== '');
    if (!this.columnsKnown && extra.length > 0) {
      problems.push(
        this.problem(rec.line, 'too-many-fields', 'csv.tooManyFields', { n: rec.fields.length }),
      );
    }
    if (!fields.name) problems.push(this.problem(rec.line, 'missing-name', 'csv.missingName'));
    this.textProblems(rec.line, fields, problems);
    const rating = this.rating(rec.line, fields, problems);
    this.registryProblems(rec.line, fields, problems);
    const seed = this.seed(rec.line, fields, problems);
    if (fields.name) this.nameProblems(rec.line, fields.name, problems);
    const ok = problems.every((p) => p.severity !== 'error');
    const player = ok
      ? {
          line: rec.line,
          name: fields.name,
          club: fields.club || null,
          rating,
          seed,
          federationId: fields.federationId || null,
          country: fields.country || null,
        }
      : null;
    return { row: { line: rec.line, fields, problems, ok }, player };
  }

  /** A name or a club too long, or holding control characters. */
  private textProblems(line: number, fields: Fields, problems: CsvProblem[]): void {
    for (const column of ['name', 'club'] as const) {
      const value = fields[column];
      const max = CSV_PLAYER_LIMITS[column];
      const name = this.columnNames[column];
      if (value.length > max) {
        problems.push(
          this.problem(line, 'too-long', 'csv.tooLong', { column: name, n: value.length, max }),
        );
      }
      if (!PRINTABLE.test(value)) {
        problems.push(this.problem(line, 'control', 'csv.control', { column: name }));
      }
    }
  }

  private rating(line: number, fields: Fields, problems: CsvProblem[]): number | null {
    if (!fields.rating) return null;
    const n = Number(fields.rating);
    if (/^\d+$/.test(fields.rating) && n <= PLAYER_LIMITS.rating) return n;
    problems.push(
      this.problem(line, 'bad-rating', 'csv.badRating', {
        value: quoted(fields.rating),
        max: PLAYER_LIMITS.rating,
      }),
    );
    return null;
  }

  /** The federation id and country the registry reads. */
  private registryProblems(line: number, fields: Fields, problems: CsvProblem[]): void {
    if (fields.federationId && !/^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/.test(fields.federationId)) {
      problems.push(
        this.problem(line, 'bad-federation-id', 'csv.badFederationId', {
          value: quoted(fields.federationId),
        }),
      );
    }
    if (fields.country && !/^[A-Z]{2,3}$/.test(fields.country)) {
      problems.push(
        this.problem(line, 'bad-country', 'csv.badCountry', {
          value: quoted(fields.country),
          examples: 'SRB, CRO',
        }),
      );
    }
  }

  /** The seed, refused when it is not a whole number in range or a line before has it. */
  private seed(line: number, fields: Fields, problems: CsvProblem[]): number | null {
    if (!fields.seed) return null;
    const n = Number(fields.seed);
    if (!/^\d+$/.test(fields.seed) || n < 1 || n > CSV_PLAYER_LIMITS.seed) {
      problems.push(
        this.problem(line, 'bad-seed', 'csv.badSeed', {
          value: quoted(fields.seed),
          max: CSV_PLAYER_LIMITS.seed,
        }),
      );
      return null;
    }
    const before = this.seeds.get(n);
    if (before !== undefined) {
      problems.push(
        this.problem(line, 'duplicate-seed', 'csv.duplicateSeed', { value: n, line: before }),
      );
    } else this.seeds.set(n, line);
    return n;
  }

  /**
   * A name a line before has (a warning), a registered player's (an error), or one that only
   * looks like a line's before or a registered player's (a warning, for the organiser to check).
   */
  private nameProblems(line: number, name: string, problems: CsvProblem[]): void {
    const key = name.toLocaleLowerCase('sr');
    const before = this.names.get(key);
    if (before !== undefined) {
      problems.push(
        this.problem(
          line,
          'duplicate-name',
          'csv.duplicateName',
          { value: name, line: before },
          'warning',
        ),
      );
    } else this.names.set(key, line);
    const look = lookAlikeKey(name);
    const like = this.looks.get(look);
    const already = this.registeredLooks.get(look);
    if (this.registeredKeys.has(nameKey(name))) {
      problems.push(this.problem(line, 'duplicate-name', 'csv.alreadyRegistered', { value: name }));
    } else if (before === undefined && like && like.name !== name) {
      problems.push(
        this.problem(
          line,
          'look-alike-name',
          'csv.lookAlike',
          { value: name, other: like.name, line: like.line },
          'warning',
        ),
      );
    } else if (already !== undefined) {
      problems.push(
        this.problem(
          line,
          'look-alike-name',
          'csv.lookAlikeRegistered',
          { value: name, other: already },
          'warning',
        ),
      );
    }
    if (!like) this.looks.set(look, { line, name });
  }
}

/** Lines (and problems of each kind) a preview page lists at most. */
export const PREVIEW_LIMIT = 200;

/**
 * What the organiser's page shows of a file read: every count, and at most
 * {@link PREVIEW_LIMIT} of its lines and of each kind of problem, so that a
 * 20,000-line file's preview is a page, not megabytes. Lines with a problem come
 * first; the rest are the file's first lines.
 */
export interface CsvPreviewPage extends Omit<CsvPreview, 'players' | 'errors' | 'warnings'> {
  /** Problems listed, each linked to its line when the table shows that line. */
  errors: ListedProblem[];
  warnings: ListedProblem[];
  /** The players the file would register. */
  playerCount: number;
  /** Lines read, shown or not. */
  lineCount: number;
  /** Lines, and problems (errors and warnings), read but not listed. */
  left: { rows: number; problems: number };
}

/**
 * A problem as the preview lists it: `inTable` when its line is a row of the table (a quote
 * that stops the file, or an empty file, has no row to link to).
 */
export interface ListedProblem extends CsvProblem {
  inTable: boolean;
}

export function previewPage(preview: CsvPreview, limit = PREVIEW_LIMIT): CsvPreviewPage {
  const { players, rows, errors, warnings, ...rest } = preview;
  let shown = rows;
  if (rows.length > limit) {
    const flagged = rows.filter((r) => r.problems.length > 0).slice(0, limit);
    const room = limit - flagged.length;
    const clean = room > 0 ? rows.filter((r) => r.problems.length === 0).slice(0, room) : [];
    shown = [...flagged, ...clean].sort((a, b) => a.line - b.line);
  }
  const left = {
    rows: rows.length - shown.length,
    problems: Math.max(0, errors.length - limit) + Math.max(0, warnings.length - limit),
  };
  const lines = new Set(shown.map((r) => r.line));
  const listed = (ps: CsvProblem[]): ListedProblem[] =>
    ps.slice(0, limit).map((p) => ({ ...p, inTable: lines.has(p.line) }));
  return {
    ...rest,
    playerCount: players.length,
    lineCount: rows.length,
    rows: shown,
    errors: listed(errors),
    warnings: listed(warnings),
    left,
  };
}

/** A preview page's counts as the page's language writes them (20.000, 20,000). */
export interface CsvPreviewCounts {
  lines: string;
  shown: string;
  left: string;
  problemsLeft: string;
}

export function previewCounts(preview: CsvPreviewPage, lang: Lang): CsvPreviewCounts {
  return {
    lines: formatCount(lang, preview.lineCount),
    shown: formatCount(lang, preview.rows.length),
    left: formatCount(lang, preview.left.rows),
    problemsLeft: formatCount(lang, preview.left.problems),
  };
}
