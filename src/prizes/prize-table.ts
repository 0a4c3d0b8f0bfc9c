/**
 * A tournament's prize table as the organiser sets it: the prizes of the places overall, the
 * class prizes by rating band and which awards are given, each prize an amount or a name.
 * Pure: `readPrizeTable` checks what the API or the page sends and names the first bad field.
 */
import type { AwardKind } from './prizes';

export const AWARD_KINDS: readonly AwardKind[] = [
  'highest-game',
  'highest-play',
  'most-all-tile-plays',
  'best-time-in-wins',
  'fewest-invalid-words',
];

/** A prize: an amount of money (in the table's currency) or a named prize (a trophy, a book). */
export interface Prize {
  amount: number | null;
  name: string | null;
}

export interface PrizeClassSetting {
  /** The class's name ("B", "Juniors under 1600"). */
  name: string;
  /** Players rated below this belong to it (and not to a lower class; unrated: the lowest). */
  below: number;
  /** Its places' prizes, first place first. */
  prizes: Prize[];
}

export interface AwardSetting {
  kind: AwardKind;
  /** What it pays; null for the honour alone. */
  prize: Prize | null;
}

export interface PrizeTableSettings {
  /** The currency of the amounts ("RSD", "EUR"); empty when no prize is an amount. */
  currency: string;
  /** A player takes one prize of places (the higher): class prizes skip players paid overall. */
  onePrizePerPlayer: boolean;
  places: Prize[];
  classes: PrizeClassSetting[];
  /** The awards given, in the order of AWARD_KINDS. */
  awards: AwardSetting[];
}

export const EMPTY_PRIZE_TABLE: PrizeTableSettings = {
  currency: '',
  onePrizePerPlayer: true,
  places: [],
  classes: [],
  awards: [],
};

export const PRIZE_LIMITS = {
  places: 50,
  classes: 10,
  classPlaces: 20,
  name: 80,
  className: 40,
  currency: 10,
  amount: 1_000_000_000,
  rating: 4000,
} as const;

/** Why a field is refused: a code the pages word in their language, and its figures. */
export type PrizeProblemCode =
  | 'object'
  | 'unknown'
  | 'list'
  | 'prize'
  | 'amount'
  | 'name'
  | 'currency'
  | 'currencyNeeded'
  | 'boolean'
  | 'className'
  | 'classTwice'
  | 'below'
  | 'belowRising'
  | 'award'
  | 'awardTwice';

export interface PrizeProblem {
  /** The field, as the API names it: `places[2].amount`, `classes[0].below`. */
  field: string;
  code: PrizeProblemCode;
  params: Record<string, string | number>;
}

export type PrizeTableRead =
  { ok: true; table: PrizeTableSettings } | { ok: false; problem: PrizeProblem };

/** The problem in English, for the API. */
export function prizeProblemText(p: PrizeProblem): string {
  const v = p.params;
  const what: Record<PrizeProblemCode, string> = {
    object: 'must be an object',
    unknown: `is not a field of a prize table (fields: ${String(v.fields)})`,
    list: `must be a list of at most ${String(v.max)}`,
    prize: `must have either an amount or a name (${p.field}.amount or ${p.field}.name), not both`,
    amount: `must be a number from 0 to ${String(v.max)} with at most 2 decimals`,
    name: `must be text of 1 to ${String(v.max)} characters`,
    currency: `must be text of at most ${String(v.max)} characters`,
    currencyNeeded: 'must be set when a prize is an amount',
    boolean: 'must be true or false',
    className: `must be text of 1 to ${String(v.max)} characters`,
    classTwice: `names the class '${String(v.name)}' a second time`,
    below: `must be a whole rating from 1 to ${String(v.max)}`,
    belowRising: `must be above the class before (${String(v.previous)}): list the classes from the lowest up`,
    award: `must be one of ${AWARD_KINDS.join(', ')}`,
    awardTwice: `gives the award ${String(v.kind)} a second time`,
  };
  return `${p.field} ${what[p.code]}`;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

class Refused extends Error {
  constructor(readonly problem: PrizeProblem) {
    super(problem.field);
  }
}

const refuse = (field: string, code: PrizeProblemCode, params: PrizeProblem['params'] = {}) => {
  throw new Refused({ field, code, params });
};

function only(x: Record<string, unknown>, field: string, fields: readonly string[]): void {
  for (const k of Object.keys(x)) {
    if (!fields.includes(k))
      refuse(field ? `${field}.${k}` : k, 'unknown', { fields: fields.join(', ') });
  }
}

function list(x: unknown, field: string, max: number): unknown[] {
  if (x === undefined) return [];
  if (!Array.isArray(x) || x.length > max) refuse(field, 'list', { max });
  return x as unknown[];
}

function text(x: unknown, field: string, code: 'name' | 'className', max: number): string {
  if (typeof x !== 'string') return refuse(field, code, { max });
  const s = x.trim().replace(/\s+/g, ' ');
  if (s.length < 1 || s.length > max) refuse(field, code, { max });
  return s;
}

function prize(x: unknown, field: string): Prize {
  if (!isObject(x)) return refuse(field, 'object');
  only(x, field, ['amount', 'name']);
  const hasAmount = x.amount !== undefined && x.amount !== null;
  const hasName = x.name !== undefined && x.name !== null;
  if (hasAmount === hasName) refuse(field, 'prize');
  if (hasAmount) {
    const a = x.amount;
    const max = PRIZE_LIMITS.amount;
    if (typeof a !== 'number' || !Number.isFinite(a) || a < 0 || a > max) {
      refuse(`${field}.amount`, 'amount', { max });
    }
    if (Math.abs(Math.round((a as number) * 100) - (a as number) * 100) > 1e-6) {
      refuse(`${field}.amount`, 'amount', { max });
    }
    return { amount: a as number, name: null };
  }
  return { amount: null, name: text(x.name, `${field}.name`, 'name', PRIZE_LIMITS.name) };
}

/**
 * Checks a prize table as sent (the API's JSON body, or what the page made of its form):
 * the table, or the first bad field. Absent lists are empty; `onePrizePerPlayer` is true
 * when absent.
 */
export function readPrizeTable(body: unknown): PrizeTableRead {
  try {
    if (!isObject(body)) refuse('body', 'object');
    const b = body as Record<string, unknown>;
    only(b, '', ['currency', 'onePrizePerPlayer', 'places', 'classes', 'awards', 'version']);
    let currency = '';
    if (b.currency !== undefined) {
      if (typeof b.currency !== 'string' || b.currency.trim().length > PRIZE_LIMITS.currency) {
        refuse('currency', 'currency', { max: PRIZE_LIMITS.currency });
      }
      currency = (b.currency as string).trim();
    }
    let onePrizePerPlayer = true;
    if (b.onePrizePerPlayer !== undefined) {
      if (typeof b.onePrizePerPlayer !== 'boolean') refuse('onePrizePerPlayer', 'boolean');
      onePrizePerPlayer = b.onePrizePerPlayer as boolean;
    }
    const places = list(b.places, 'places', PRIZE_LIMITS.places).map((p, i) =>
      prize(p, `places[${i}]`),
    );
    const names = new Set<string>();
    let previous: number | null = null;
    const classes = list(b.classes, 'classes', PRIZE_LIMITS.classes).map((c, i) => {
      const field = `classes[${i}]`;
      if (!isObject(c)) return refuse(field, 'object');
      only(c, field, ['name', 'below', 'prizes']);
      const name = text(c.name, `${field}.name`, 'className', PRIZE_LIMITS.className);
      if (names.has(name.toLocaleLowerCase('sr'))) refuse(`${field}.name`, 'classTwice', { name });
      names.add(name.toLocaleLowerCase('sr'));
      const below = c.below;
      if (
        typeof below !== 'number' ||
        !Number.isInteger(below) ||
        below < 1 ||
        below > PRIZE_LIMITS.rating
      ) {
        return refuse(`${field}.below`, 'below', { max: PRIZE_LIMITS.rating });
      }
      if (previous !== null && below <= previous) {
        refuse(`${field}.below`, 'belowRising', { previous });
      }
      previous = below;
      const prizes = list(c.prizes, `${field}.prizes`, PRIZE_LIMITS.classPlaces).map((p, k) =>
        prize(p, `${field}.prizes[${k}]`),
      );
      return { name, below, prizes };
    });
    const given = new Map<AwardKind, Prize | null>();
    list(b.awards, 'awards', AWARD_KINDS.length).forEach((a, i) => {
      const field = `awards[${i}]`;
      if (!isObject(a)) return refuse(field, 'object');
      only(a, field, ['kind', 'prize']);
      const kind = a.kind as AwardKind;
      if (typeof a.kind !== 'string' || !AWARD_KINDS.includes(kind))
        refuse(`${field}.kind`, 'award');
      if (given.has(kind)) refuse(`${field}.kind`, 'awardTwice', { kind });
      given.set(
        kind,
        a.prize === undefined || a.prize === null ? null : prize(a.prize, `${field}.prize`),
      );
    });
    const awards = AWARD_KINDS.filter((k) => given.has(k)).map((kind) => ({
      kind,
      prize: given.get(kind) ?? null,
    }));
    const amounts = [
      ...places,
      ...classes.flatMap((c) => c.prizes),
      ...awards.map((a) => a.prize),
    ].some((p) => p?.amount !== null && p?.amount !== undefined);
    if (amounts && currency === '') refuse('currency', 'currencyNeeded');
    return { ok: true, table: { currency, onePrizePerPlayer, places, classes, awards } };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, problem: e.problem };
    throw e;
  }
}
