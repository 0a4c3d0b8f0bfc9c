import type { EntityManager } from 'typeorm';
import { Conflict, DomainError, ErrorDetails, Unprocessable } from '../common/errors';
import { insertMany } from '../database/bulk';
import { placeholders, run } from '../database/sql';
import type { JobContext } from '../jobs/job-context';
import { nameKey } from '../i18n/names';
import { candidate, checkPersonFields, newPerson, PersonFields } from '../registry/persons';
import { addPersonsOfList, fillPersonsOfList, personsWhere } from '../registry/persons-for-ratings';
import { parseRatingCsv, RatingCsvError, RatingCsvLine, RatingCsvProblem } from './rating-csv';
import { RatingListEntry } from './rating.entity';
import { recomputeRatings } from './recompute';

declare module '../common/errors' {
  interface ErrorDetails {
    /**
     * A list that cannot be read: the first problem's line and field, and every problem (the
     * first 100).
     */
    RATING_LIST_INVALID: { field: string; line: number; problems: RatingCsvProblem[] };
  }
}

/**
 * A line of a list refused, whatever the code (its person's fields, a name several persons
 * have): the line, and the field the refusal named (else the name).
 */
export interface LineRefusal {
  line: number;
  field: string;
}

/** Rows read per `IN (…)` list and written per statement, under SQLite's parameter limit. */
const CHUNK = 400;

/** A rating list read, or a 422 RATING_LIST_INVALID naming every bad line (the first 100). */
export function readList(text: string): RatingCsvLine[] {
  try {
    return parseRatingCsv(text);
  } catch (e) {
    if (e instanceof RatingCsvError) {
      throw new Unprocessable('RATING_LIST_INVALID', e.message, {
        field: e.problems[0].field,
        line: e.problems[0].line,
        problems: e.problems.slice(0, 100),
      } satisfies ErrorDetails['RATING_LIST_INVALID']);
    }
    throw e;
  }
}

/** What importing a list would do, for the question asked first. */
export interface ListPreview {
  lines: number;
  /** Lines whose person is not in the registry yet (added by the import). */
  newPersons: number;
  /** Lines that replace a rating imported before. */
  replaced: number;
}

/** A person as the import sees it: one of the registry (with its id) or one it adds. */
interface Found {
  person: PersonFields;
  /** A person of the registry whose country or federation id the list fills in. */
  filled: boolean;
}

/** Reads in chunks: `fetch` gets at most {@link CHUNK} keys at a time. */
async function inChunks<K, T>(keys: K[], fetch: (chunk: K[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    for (const row of await fetch(keys.slice(i, i + CHUNK))) out.push(row);
  }
  return out;
}

/** Rows of a statement written by hand, on `m`'s connection. */
async function rows<T>(m: EntityManager, sql: string, values: unknown[]): Promise<T[]> {
  return (await run(m, sql, values)).records as T[];
}

/** The rating list's entries of `personIds`, as `personId|family`, with their ids. */
async function entriesOf(
  m: EntityManager,
  personIds: number[],
): Promise<{ id: number; personId: number; family: string }[]> {
  const found = await inChunks(personIds, (chunk) =>
    rows<{ id: number; person_id: number; family: string }>(
      m,
      'SELECT "id", "person_id", "family" FROM "rating_list" ' +
        `WHERE "person_id" IN (${placeholders(m, chunk.length).join(', ')})`,
      chunk,
    ),
  );
  return found.map((r) => ({ id: Number(r.id), personId: Number(r.person_id), family: r.family }));
}

/**
 * Each line's person, as `pickPerson` would find them one line after another (by federation
 * id, else the one person of exactly that name who has no other federation id, else a new
 * person), read from the registry in a few large queries and matched in memory. `strict`
 * refuses a line as the import does (a name several persons share, a federation id taken);
 * without it (the preview) such a line counts as a person found.
 */
async function matchPersons(
  m: EntityManager,
  lines: readonly RatingCsvLine[],
  strict: boolean,
  progress: (done: number) => void,
): Promise<Found[]> {
  const nameOf = (l: RatingCsvLine) => l.name || l.federationId!;
  const ids = [...new Set(lines.flatMap((l) => (l.federationId ? [l.federationId] : [])))];
  const keys = [...new Set(lines.map((l) => nameKey(nameOf(l))))];
  const known = new Map<number, PersonFields>();
  const keep = (list: PersonFields[]) =>
    list.map((p) => known.get(p.id) ?? (known.set(p.id, p), p));
  const byId = new Map(
    keep(await inChunks(ids, (chunk) => personsWhere(m, 'federation_id', chunk))).map((p) => [
      p.federationId!,
      p,
    ]),
  );
  const byName = new Map<string, PersonFields[]>();
  const named = keep(await inChunks(keys, (chunk) => personsWhere(m, 'name_key', chunk)));
  for (const p of [...named].sort((a, b) => a.id - b.id)) {
    const list = byName.get(p.nameKey) ?? [];
    list.push(p);
    byName.set(p.nameKey, list);
  }
  const found: Found[] = [];
  const filled = new Set<PersonFields>();
  lines.forEach((l, i) => {
    if (i % 1000 === 0) progress(i);
    try {
      found.push(match(l));
    } catch (e) {
      throw atLine(l, e);
    }
  });
  progress(lines.length);
  return found;

  function match(l: RatingCsvLine): Found {
    checkPersonFields(l);
    const byFederationId = l.federationId ? byId.get(l.federationId) : undefined;
    if (byFederationId) return { person: byFederationId, filled: filled.has(byFederationId) };
    const key = nameKey(nameOf(l));
    const fits = (byName.get(key) ?? []).filter((p) => !l.federationId || p.federationId === null);
    if (fits.length > 1 && strict) {
      throw new Conflict(
        'PERSON_AMBIGUOUS',
        `${fits.length} persons of the registry are named ${fits[0].name} (${fits
          .map((p) => p.id)
          .join(', ')}); send person (the id) or newPerson: true`,
        {
          field: 'person',
          candidates: fits.map(candidate),
        } satisfies ErrorDetails['PERSON_AMBIGUOUS'],
      );
    }
    if (fits.length >= 1) {
      const person = fits[0];
      const country = person.country ?? l.country ?? null;
      const federationId = person.federationId ?? l.federationId ?? null;
      if (country !== person.country || federationId !== person.federationId) {
        person.country = country;
        if (federationId !== person.federationId && federationId !== null) {
          byId.set(federationId, person);
        }
        person.federationId = federationId;
        filled.add(person);
      }
      return { person, filled: filled.has(person) };
    }
    const person = newPerson(m, {
      name: nameOf(l),
      federationId: l.federationId,
      country: l.country,
    });
    byName.set(key, [person]);
    if (l.federationId) byId.set(l.federationId, person);
    return { person, filled: false };
  }
}

/** A line's refusal says its line, as the import always has (422, the line and its field). */
function atLine(l: RatingCsvLine, e: unknown): unknown {
  if (!(e instanceof DomainError)) return e;
  return new Unprocessable(e.code, `line ${l.line}: ${e.message}`, {
    line: l.line,
    field: refusedField(e) ?? 'name',
  } satisfies LineRefusal);
}

/**
 * The field a refusal names, whatever its code (`checkPersonFields`' VALIDATION_FAILED,
 * PERSON_AMBIGUOUS): checked rather than assumed.
 */
function refusedField(e: DomainError): string | undefined {
  const d: unknown = e.details;
  return typeof d === 'object' && d !== null && 'field' in d && typeof d.field === 'string'
    ? d.field
    : undefined;
}

/** What importing a list would do, changing nothing. */
export async function previewList(m: EntityManager, lines: RatingCsvLine[]): Promise<ListPreview> {
  const found = await matchPersons(m, lines, false, () => undefined);
  const ids = [...new Set(found.flatMap((f) => (f.person.id ? [f.person.id] : [])))];
  const entries = new Set((await entriesOf(m, ids)).map((e) => `${e.personId}|${e.family}`));
  let newPersons = 0;
  let replaced = 0;
  found.forEach((f, i) => {
    if (!f.person.id) newPersons++;
    else if (entries.has(`${f.person.id}|${lines[i].family}`)) replaced++;
  });
  return { lines: lines.length, newPersons, replaced };
}

/**
 * Imports a read list in the transaction `m`: new persons added and found ones filled in (in
 * a few multi-row statements), each line's rating set as where its person starts in the
 * family, then every rating computed again. Says how far it is through `progress`.
 */
export async function importList(
  m: EntityManager,
  lines: RatingCsvLine[],
  progress: (phase: string, done: number, total: number) => void,
): Promise<{ imported: number; persons: number }> {
  const total = lines.length;
  const found = await matchPersons(m, lines, true, (done) => progress('match', done, total));
  const added = [...new Set(found.filter((f) => !f.person.id).map((f) => f.person))];
  for (let i = 0; i < added.length; i += CHUNK) {
    const chunk = added.slice(i, i + CHUNK);
    const ids = await addPersonsOfList(
      m,
      chunk.map((p) => ({
        name: p.name,
        nameKey: p.nameKey,
        searchKey: p.searchKey,
        club: p.club,
        country: p.country,
        federationId: p.federationId,
      })),
      CHUNK,
    );
    ids.forEach((id, j) => (chunk[j].id = id));
    progress('persons', i + chunk.length, added.length);
  }
  const isNew = new Set(added);
  await fillPersonsOfList(
    m,
    [...new Set(found.filter((f) => f.filled && !isNew.has(f.person)).map((f) => f.person))],
    CHUNK / 2,
  );
  // A line replaces the rating its person had in the family: the old rows go, the list's come.
  // Only persons that were in the registry before can have one.
  const families = new Map<string, Set<number>>();
  found.forEach((f, i) => {
    if (isNew.has(f.person)) return;
    const family = lines[i].family;
    if (!families.has(family)) families.set(family, new Set());
    families.get(family)!.add(f.person.id);
  });
  for (const [family, persons] of families) {
    const ids = [...persons];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const marks = placeholders(m, chunk.length + 1);
      await run(
        m,
        `DELETE FROM "rating_list" WHERE "family" = ${marks[0]} ` +
          `AND "person_id" IN (${marks.slice(1).join(', ')})`,
        [family, ...chunk],
      );
    }
  }
  const entries = lines.map((l, i) => ({
    personId: found[i].person.id,
    family: l.family,
    rating: l.rating,
    games: l.games,
  }));
  for (let i = 0; i < entries.length; i += CHUNK) {
    await insertMany(m, RatingListEntry, entries.slice(i, i + CHUNK), CHUNK);
    progress('write', Math.min(i + CHUNK, entries.length), entries.length);
  }
  progress('recompute', 0, 1);
  const { persons } = await recomputeRatings(m);
  progress('recompute', 1, 1);
  return { imported: lines.length, persons };
}

/** The worker's task: a list imported whole, or refused (nothing stored). */
export async function importTask(input: { text: string }, context: JobContext) {
  context.progress('read', 0, 1);
  const lines = readList(input.text);
  context.progress('read', 1, 1);
  return context.write((m) => importList(m, lines, context.progress));
}

/** The worker's task: what a list would do. */
export async function previewTask(input: { text: string }, context: JobContext) {
  const lines = readList(input.text);
  return previewList(await context.manager(), lines);
}

/** The worker's task: every rating computed again. */
export async function recomputeTask(_input: unknown, context: JobContext) {
  context.progress('recompute', 0, 1);
  return context.write((m) => recomputeRatings(m));
}
