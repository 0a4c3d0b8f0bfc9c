import { PRINTABLE } from '../common/printable';
import { PLAYER_LIMITS } from '../players/player-limits';
import { FAMILIES } from './families';

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

/** A line the list cannot take: its number, the column and why (in English, for the API). */
export interface RatingCsvProblem {
  line: number;
  field: string;
  message: string;
}

/** A CSV field, quoted when it holds a separator, a quote or a line break. */
const field = (v: string | number | null): string => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A rating list as CSV (comma-separated, a header line, UTF-8 without a byte-order mark). */
export function ratingCsv(lines: readonly Omit<RatingCsvLine, 'line'>[]): string {
  return [
    RATING_CSV_COLUMNS.join(','),
    ...lines.map((l) =>
      [l.federationId, l.name, l.country, l.family, l.rating, l.games].map(field).join(','),
    ),
  ]
    .map((l) => `${l}\n`)
    .join('');
}

/** Splits CSV text into records of fields (RFC 4180 quotes), with each record's first line. */
function records(text: string, delimiter: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const end = () => {
    fields.push(cell);
    if (fields.some((f) => f.trim() !== '')) out.push({ line: start, fields });
    fields = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      fields.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted)
    throw new RatingCsvError([{ line: start, field: '', message: 'a quote is not closed' }]);
  end();
  return out;
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
  const first = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const recs = records(body, delimiter);
  const problems: RatingCsvProblem[] = [];
  if (recs.length === 0)
    throw new RatingCsvError([{ line: 1, field: '', message: 'the list is empty' }]);
  const header = recs[0].fields.map((f) => f.trim().toLowerCase());
  const index = (name: string) => header.indexOf(name.toLowerCase());
  for (const required of ['family', 'rating']) {
    if (index(required) < 0)
      problems.push({ line: 1, field: required, message: `the header has no column ${required}` });
  }
  if (index('federationId') < 0 && index('name') < 0) {
    problems.push({
      line: 1,
      field: 'name',
      message: 'the header needs a column federationId or name',
    });
  }
  const unknown = header.filter(
    (h) => h !== '' && !RATING_CSV_COLUMNS.some((c) => c.toLowerCase() === h),
  );
  if (unknown.length > 0) {
    problems.push({
      line: 1,
      field: unknown[0],
      message: `unknown column ${unknown[0].slice(0, 40)} (columns: ${RATING_CSV_COLUMNS.join(', ')})`,
    });
  }
  if (problems.length > 0) throw new RatingCsvError(problems);
  const out: RatingCsvLine[] = [];
  const seen = new Map<string, number>();
  for (const rec of recs.slice(1)) {
    const get = (name: string) => (index(name) >= 0 ? (rec.fields[index(name)] ?? '').trim() : '');
    const bad = (f: string, message: string) =>
      problems.push({ line: rec.line, field: f, message });
    const federationId = get('federationId') || null;
    const name = get('name').normalize('NFC').replace(/\s+/g, ' ');
    const country = get('country') || null;
    const family = get('family');
    const rating = get('rating');
    const games = get('games') || '0';
    if (!federationId && !name) bad('name', 'a line needs a federationId or a name');
    if (federationId && !/^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/.test(federationId))
      bad(
        'federationId',
        `federationId "${federationId.slice(0, 40)}" is not up to 20 letters, digits or dashes`,
      );
    if (name.length > PLAYER_LIMITS.name || !PRINTABLE.test(name))
      bad(
        'name',
        `name must be at most ${PLAYER_LIMITS.name} characters without control characters`,
      );
    if (country && !/^[A-Z]{2,3}$/.test(country))
      bad('country', `country "${country.slice(0, 40)}" is not two or three capital letters`);
    if (!FAMILIES.includes(family))
      bad('family', `family "${family.slice(0, 40)}" is not one of ${FAMILIES.join(', ')}`);
    if (!/^\d{1,4}$/.test(rating) || Number(rating) > PLAYER_LIMITS.rating)
      bad(
        'rating',
        `rating "${rating.slice(0, 40)}" is not a whole number from 0 to ${PLAYER_LIMITS.rating}`,
      );
    if (!/^\d{1,6}$/.test(games))
      bad('games', `games "${games.slice(0, 40)}" is not a whole number from 0 to 999999`);
    const who = `${federationId ?? name.toLocaleLowerCase('sr')}|${family}`;
    const before = seen.get(who);
    if (before !== undefined)
      bad(federationId ? 'federationId' : 'name', `the same player and family as line ${before}`);
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
  if (out.length === 0) problems.push({ line: 2, field: '', message: 'the list has no ratings' });
  if (problems.length > 0) throw new RatingCsvError(problems);
  return out;
}
