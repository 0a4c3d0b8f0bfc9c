import { csvCellText, csvDelimiter, csvDocument, readCsv } from '../common/csv';
import { PRINTABLE } from '../common/printable';
import { PLAYER_LIMITS } from '../players/player-limits';
import { FAMILIES } from '../registry/families';

/** The columns of a rating list, as exported and imported. */
export const RATING_CSV_COLUMNS = [
  'federationId',
  'name',
  'country',
  'family',
  'rating',
  'games',
] as const;

/** One line of a rating list. */
export interface RatingCsvLine {
  line: number;
  federationId: string | null;
  name: string;
  country: string | null;
  family: string;
  rating: number;
  games: number;
}

/** Why a line is refused: a page says it in its language by `code` and `params`. */
export type RatingCsvCode =
  | 'quote'
  | 'quoteText'
  | 'empty'
  | 'headerMissing'
  | 'headerNameOrId'
  | 'headerUnknown'
  | 'nameOrId'
  | 'federationId'
  | 'name'
  | 'country'
  | 'family'
  | 'rating'
  | 'games'
  | 'duplicate'
  | 'noRatings';

/** A line the list cannot take: its number, the column and why (in English, for the API). */
export interface RatingCsvProblem {
  line: number;
  field: string;
  code: RatingCsvCode;
  params: Record<string, string | number>;
  message: string;
}

/** A problem, with the English message the API gives. */
function problem(
  line: number,
  field: string,
  code: RatingCsvCode,
  params: Record<string, string | number> = {},
): RatingCsvProblem {
  return { line, field, code, params, message: RATING_CSV_ENGLISH[code](params) };
}

const RATING_CSV_ENGLISH: Record<RatingCsvCode, (p: Record<string, string | number>) => string> = {
  quote: () => 'a quote is not closed',
  quoteText: () => 'text follows a closing quote; put the whole field in quotes',
  empty: () => 'the list is empty',
  headerMissing: (p) => `the header has no column ${p.column}`,
  headerNameOrId: (p) => `the header needs a column ${String(p.columns).replace(', ', ' or ')}`,
  headerUnknown: (p) => `unknown column ${p.column} (columns: ${p.columns})`,
  nameOrId: () => 'a line needs a federationId or a name',
  federationId: (p) => `federationId "${p.value}" is not up to 20 letters, digits or dashes`,
  name: (p) => `name must be at most ${p.max} characters without control characters`,
  country: (p) => `country "${p.value}" is not two or three capital letters`,
  family: (p) => `family "${p.value}" is not one of ${p.families}`,
  rating: (p) => `rating "${p.value}" is not a whole number from 0 to ${p.max}`,
  games: (p) => `games "${p.value}" is not a whole number from 0 to 999999`,
  duplicate: (p) => `the same player and family as line ${p.line}`,
  noRatings: () => 'the list has no ratings',
};

/**
 * A rating list as CSV (comma-separated, a header line, UTF-8 without a byte-order mark). The
 * rating and games are numbers; a text cell that a spreadsheet would run is neutralised
 * (`csvCell`).
 */
export function ratingCsv(lines: readonly Omit<RatingCsvLine, 'line'>[]): string {
  return csvDocument(
    RATING_CSV_COLUMNS,
    lines.map((l) => [l.federationId, l.name, l.country, l.family, l.rating, l.games]),
  );
}

export class RatingCsvError extends Error {
  constructor(readonly problems: RatingCsvProblem[]) {
    super(problems.map((p) => `line ${p.line}: ${p.message}`).join('; '));
  }
}

/**
 * Reads a rating list: a header naming the columns (any order; `federationId` or `name` at
 * least, `family` and `rating`; `games` defaults to 0), comma or semicolon separated. Every
 * problem is collected with its line and column; any problem refuses the whole list.
 */
export function parseRatingCsv(text: string): RatingCsvLine[] {
  const body = text.replace(/^\uFEFF/, '');
  const { records: recs, stop } = readCsv(body, csvDelimiter(body, [',', ';'] as const));
  if (stop) {
    const code = stop.kind === 'unclosed-quote' ? 'quote' : 'quoteText';
    throw new RatingCsvError([problem(stop.line, '', code)]);
  }
  const problems: RatingCsvProblem[] = [];
  if (recs.length === 0) throw new RatingCsvError([problem(1, '', 'empty')]);
  const header = recs[0].fields.map((f) => f.trim().toLowerCase());
  const index = (name: string) => header.indexOf(name.toLowerCase());
  for (const required of ['family', 'rating']) {
    if (index(required) < 0)
      problems.push(problem(1, required, 'headerMissing', { column: required }));
  }
  if (index('federationId') < 0 && index('name') < 0) {
    problems.push(problem(1, 'name', 'headerNameOrId', { columns: 'federationId, name' }));
  }
  const unknown = header.filter(
    (h) => h !== '' && !RATING_CSV_COLUMNS.some((c) => c.toLowerCase() === h),
  );
  if (unknown.length > 0) {
    problems.push(
      problem(1, unknown[0], 'headerUnknown', {
        column: unknown[0].slice(0, 40),
        columns: RATING_CSV_COLUMNS.join(', '),
      }),
    );
  }
  if (problems.length > 0) throw new RatingCsvError(problems);
  const out: RatingCsvLine[] = [];
  const seen = new Map<string, number>();
  for (const rec of recs.slice(1)) {
    // A cell exported neutralised (`'=…`) reads back as it was.
    const get = (name: string) =>
      index(name) >= 0 ? csvCellText((rec.fields[index(name)] ?? '').trim()) : '';
    const bad = (f: string, code: RatingCsvCode, params: Record<string, string | number> = {}) =>
      problems.push(problem(rec.line, f, code, params));
    const federationId = get('federationId') || null;
    const name = get('name').normalize('NFC').replace(/\s+/g, ' ');
    const country = get('country') || null;
    const family = get('family');
    const rating = get('rating');
    const games = get('games') || '0';
    if (!federationId && !name) bad('name', 'nameOrId');
    if (federationId && !/^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/.test(federationId))
      bad('federationId', 'federationId', { value: federationId.slice(0, 40) });
    if (name.length > PLAYER_LIMITS.name || !PRINTABLE.test(name))
      bad('name', 'name', { max: PLAYER_LIMITS.name });
    if (country && !/^[A-Z]{2,3}$/.test(country))
      bad('country', 'country', { value: country.slice(0, 40) });
    if (!FAMILIES.includes(family))
      bad('family', 'family', { value: family.slice(0, 40), families: FAMILIES.join(', ') });
    if (!/^\d{1,4}$/.test(rating) || Number(rating) > PLAYER_LIMITS.rating)
      bad('rating', 'rating', { value: rating.slice(0, 40), max: PLAYER_LIMITS.rating });
    if (!/^\d{1,6}$/.test(games)) bad('games', 'games', { value: games.slice(0, 40) });
    const who = `${federationId ?? name.toLocaleLowerCase('sr')}|${family}`;
    const before = seen.get(who);
    if (before !== undefined)
      bad(federationId ? 'federationId' : 'name', 'duplicate', { line: before });
    else seen.set(who, rec.line);
    out.push({
      line: rec.line,
      federationId,
      name,
      country,
      family,
      rating: Number(rating),
      games: Number(games),
    });
  }
  if (out.length === 0) problems.push(problem(2, '', 'noRatings'));
  if (problems.length > 0) throw new RatingCsvError(problems);
  return out;
}
