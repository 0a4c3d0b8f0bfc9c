import { findRuleSet, tieBreaksOf } from '../engine';
import type { ResultFormPage } from './result-page-models';
import {
  Choice,
  Clock,
  Flag,
  Int,
  ReadIf,
  ReadUnless,
  Raw,
  readForm,
  type CheckedForm,
  type FieldReader,
} from '../web/form-dto';
import type { EnterResultDto } from './dto/result.dto';
import type { EnterTableResultDto } from './dto/table-result.dto';
import { TYPED_FIGURES, type TypedFigureField } from './figures';

/** What the result form's `kind` says: a game played, who did not come, or neither. */
export const RESULT_FORM_KINDS = [
  'played',
  'forfeit-first',
  'forfeit-second',
  'double-forfeit',
] as const;
type ResultFormKind = (typeof RESULT_FORM_KINDS)[number];
const FORFEITS = RESULT_FORM_KINDS.filter((k) => k !== 'played');

/** The sides of a figure typed a player: `cardsFirst`, `cardsSecond`. */
export const SIDES = ['First', 'Second'] as const;

/** A tie-break figure typed one number a player. */
type PairedFigure = Exclude<TypedFigureField, 'targetFirst'>;
type PairedFigureOf = Extract<(typeof TYPED_FIGURES)[number], { field: PairedFigure }>;

const WHO = ['none', 'first', 'second'] as const;
type Who = (typeof WHO)[number];

/**
 * What the result form asks beside scores and clocks for a rule set: its tie-breaks in order,
 * the figures among them typed a player, whether it asks who reached the target first, and
 * whether the game has a game clock at all (a card game has none: no time loss is asked).
 */
export interface AskedFigures {
  order: ReturnType<typeof tieBreaksOf>;
  pairs: PairedFigureOf[];
  targetFirst: boolean;
  noGameClock: boolean;
}

/** The figures the result form asks for the rule set named `ruleSetName`. */
export function askedFigures(ruleSetName: string): AskedFigures {
  const ruleSet = findRuleSet(ruleSetName);
  const order = ruleSet ? tieBreaksOf(ruleSet) : [];
  const asked = TYPED_FIGURES.filter((f) => order.includes(f.tieBreak));
  return {
    order,
    pairs: asked.filter((f): f is PairedFigureOf => f.field !== 'targetFirst'),
    targetFirst: asked.some((f) => f.field === 'targetFirst'),
    noGameClock: Boolean(ruleSet?.cards),
  };
}

const played = (form: FieldReader) =>
  !(FORFEITS as readonly string[]).includes(form.raw('kind').trim());
/** A figure's two fields are read when the game was played and its rule set asks the figure. */
const figureAsked = (field: PairedFigure) =>
  ReadIf((form, asked: AskedFigures) => played(form) && asked.pairs.some((f) => f.field === field));

/**
 * A two players' result as the judge's form posts it: the kind (a forfeit reads nothing else but
 * the time-loss choice and the version), scores, clocks, who lost on time, the rule set's
 * tie-break figures a player, who reached the target first, and the version the form was built
 * from. Read with the rule set's {@link AskedFigures} ({@link readResultForm}).
 */
export class ResultForm {
  @Choice(RESULT_FORM_KINDS, 'played') kind!: ResultFormKind | null;
  @ReadUnless('kind', FORFEITS) @Int(-1000, 5000, { required: true }) scoreFirst!: number | null;
  @ReadUnless('kind', FORFEITS) @Int(-1000, 5000, { required: true }) scoreSecond!: number | null;
  @ReadUnless('kind', FORFEITS) @Clock({ required: true }) remainingFirst!: string | null;
  @ReadUnless('kind', FORFEITS) @Clock({ required: true }) remainingSecond!: string | null;
  @Choice(WHO, 'none') timeLoss!: Who | null;
  @figureAsked('cards') @Int(0, 5000) cardsFirst!: number | null;
  @figureAsked('cards') @Int(0, 5000) cardsSecond!: number | null;
  @figureAsked('safePoints') @Int(0, 5000) safePointsFirst!: number | null;
  @figureAsked('safePoints') @Int(0, 5000) safePointsSecond!: number | null;
  @figureAsked('tilesPlayed') @Int(0, 5000) tilesPlayedFirst!: number | null;
  @figureAsked('tilesPlayed') @Int(0, 5000) tilesPlayedSecond!: number | null;
  @figureAsked('biggestSteal') @Int(0, 5000) biggestStealFirst!: number | null;
  @figureAsked('biggestSteal') @Int(0, 5000) biggestStealSecond!: number | null;
  @ReadIf((_form, asked: AskedFigures) => asked.targetFirst)
  @Choice(WHO, 'none')
  targetFirst!: Who | null;
  @Int(0, 999_999_999) version!: number | null;
}

/**
 * Reads a two players' result form for the figures its rule set asks; a figure typed for one
 * player only asks for the other's.
 */
export function readResultForm(body: unknown, asked: AskedFigures): CheckedForm<ResultForm> {
  const form = readForm(ResultForm, body, asked);
  for (const { field } of asked.pairs) {
    const [first, second] = SIDES.map((side) => form.values[`${field}${side}`]);
    if ((first === null) !== (second === null)) {
      form.fail(`${field}${first === null ? 'First' : 'Second'}`, 'form.required');
    }
  }
  return form;
}

/** The result the form says, for the results' service. */
export function resultOfForm(
  { values: v }: CheckedForm<ResultForm>,
  asked: AskedFigures,
): EnterResultDto {
  if (v.kind === 'double-forfeit') return { kind: 'double-forfeit' };
  if (v.kind === 'forfeit-first' || v.kind === 'forfeit-second') {
    return { kind: 'forfeit', absent: v.kind === 'forfeit-first' ? 0 : 1 };
  }
  const figures: Partial<Record<PairedFigure, [number, number]>> = {};
  for (const { field } of asked.pairs) {
    const first = v[`${field}First`];
    const second = v[`${field}Second`];
    if (first !== null && second !== null) figures[field] = [first, second];
  }
  return {
    scores: [v.scoreFirst!, v.scoreSecond!],
    clocks: [v.remainingFirst!, v.remainingSecond!],
    timeLoss: sideOf(v.timeLoss),
    ...figures,
    targetFirst: sideOf(v.targetFirst),
  };
}

const sideOf = (who: Who | null) => (who === 'first' ? 0 : who === 'second' ? 1 : undefined);

/** The form's values as typed, to show it again after a refusal. */
export function typedResultValues(
  form: CheckedForm<ResultForm>,
  asked: AskedFigures,
): ResultFormPage['values'] {
  const v = form.values;
  const figures: Record<string, string> = {};
  if (v.kind === 'played' || v.kind === null) {
    for (const { field } of asked.pairs) {
      for (const side of SIDES) figures[`${field}${side}`] = form.typed(`${field}${side}`);
    }
  }
  return {
    kind: v.kind ?? 'played',
    scoreFirst: form.typed('scoreFirst'),
    scoreSecond: form.typed('scoreSecond'),
    remainingFirst: form.typed('remainingFirst'),
    remainingSecond: form.typed('remainingSecond'),
    timeLoss: v.timeLoss ?? 'none',
    figures,
    targetFirst: v.targetFirst ?? 'none',
  };
}

/**
 * What a table's form asks of each seat by the rule set: its seats, clocks, cards, and who
 * reached the target first.
 */
export interface TableAsked {
  seats: number;
  clocks: boolean;
  cards: boolean;
  targetFirst: boolean;
}

/** What a table's form asks for the rule set named `ruleSetName`, at a table of `seats`. */
export function tableAsked(ruleSetName: string, seats: number): TableAsked {
  const ruleSet = findRuleSet(ruleSetName);
  const order = ruleSet ? tieBreaksOf(ruleSet) : [];
  return {
    seats,
    clocks: !ruleSet?.cards,
    cards: order.includes('cards'),
    targetFirst: order.includes('target-first'),
  };
}

/** The most seats a table has (a division's table size is 2 to 8). */
const MOST_SEATS = 8;
type SeatField = `score${number}` | `clock${number}` | `cards${number}` | `absent${number}`;

/**
 * A table's result as the judge's form posts it: `score1`…`scoreN`, `clock1`… (a game with a
 * clock), `cards1`… (Quivit), `targetFirst` (the seat, target-score variant) and the version
 * read. Read with the table's {@link TableAsked} ({@link readTableResultForm}).
 */
export class TableResultForm {
  [seatField: SeatField]: number | string | boolean | null;
  targetFirst!: string;
  version!: number | null;
}

/**
 * A seat's figures are read when the table has the seat, the rule set asks the figure, and the
 * seat's player came (`absent3` not ticked): a seat that did not come has none.
 */
const seatAsked = (seat: number, figure?: 'clocks' | 'cards') =>
  ReadIf(
    (form, asked: TableAsked) =>
      seat <= asked.seats && (!figure || asked[figure]) && form.raw(`absent${seat}`) === '',
  );
const seatFields = TableResultForm.prototype;
for (let seat = 1; seat <= MOST_SEATS; seat++) {
  Flag()(seatFields, `absent${seat}`);
  ReadIf((_form, asked: TableAsked) => seat <= asked.seats)(seatFields, `absent${seat}`);
}
for (let seat = 1; seat <= MOST_SEATS; seat++) {
  Int(-1000, 5000, { required: true })(seatFields, `score${seat}`);
  seatAsked(seat)(seatFields, `score${seat}`);
}
for (let seat = 1; seat <= MOST_SEATS; seat++) {
  Clock({ required: true })(seatFields, `clock${seat}`);
  seatAsked(seat, 'clocks')(seatFields, `clock${seat}`);
}
for (let seat = 1; seat <= MOST_SEATS; seat++) {
  Int(0, 5000)(seatFields, `cards${seat}`);
  seatAsked(seat, 'cards')(seatFields, `cards${seat}`);
}
Raw()(seatFields, 'targetFirst');
ReadIf((_form, asked: TableAsked) => asked.targetFirst)(seatFields, 'targetFirst');
Int(0, 999_999_999)(seatFields, 'version');

/** Reads a table's result form; cards typed for some seats only are asked of the others. */
export function readTableResultForm(
  body: unknown,
  asked: TableAsked,
): CheckedForm<TableResultForm> {
  const form = readForm(TableResultForm, body, asked);
  const absent = absentSeats(form, asked.seats);
  const cards = seatValues(form, 'cards', asked.seats).map((c, i) =>
    absent.includes(i) ? undefined : c,
  );
  if (cards.some((c) => c !== null && c !== undefined) && cards.some((c) => c === null)) {
    cards.forEach((c, i) => c === null && form.fail(`cards${i + 1}`, 'form.required'));
  }
  return form;
}

function seatValues(
  form: CheckedForm<TableResultForm>,
  figure: 'score' | 'clock' | 'cards',
  seats: number,
): (number | string | null)[] {
  return Array.from(
    { length: seats },
    (_, i) => form.values[`${figure}${i + 1}`] as number | string | null,
  );
}

/** The seats (0 = seat 1) whose player did not come, as the form's boxes say. */
export function absentSeats(form: CheckedForm<TableResultForm>, seats: number): number[] {
  return Array.from({ length: seats }, (_, i) => i).filter((i) => form.values[`absent${i + 1}`]);
}

/** The table's result the form says, for the results' service. */
export function tableResultOfForm(
  form: CheckedForm<TableResultForm>,
  asked: TableAsked,
): EnterTableResultDto {
  // A seat that did not come: 0 and 00:00 in its place, not read (the service's `absent`).
  const absent = absentSeats(form, asked.seats);
  const orZero = <T>(values: T[], zero: T) =>
    values.map((v, i) => (absent.includes(i) || v === null ? zero : v));
  const cards = seatValues(form, 'cards', asked.seats);
  const target = form.values.targetFirst ?? '';
  return {
    scores: orZero(seatValues(form, 'score', asked.seats), 0) as number[],
    ...(asked.clocks
      ? { clocks: orZero(seatValues(form, 'clock', asked.seats), '00:00') as string[] }
      : {}),
    ...(cards.some((c, i) => c !== null && !absent.includes(i))
      ? { cards: orZero(cards, 0) as number[] }
      : {}),
    ...(/^[1-8]$/.test(target) ? { targetFirst: Number(target) - 1 } : {}),
    ...(absent.length > 0 ? { absent } : {}),
  };
}

/** Taking a result back posts only the version the page was built from. */
export class VersionForm {
  @Int(0, 999_999_999) version!: number | null;
}
