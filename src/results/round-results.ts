/**
 * A round's results page between its form and the results' service: a row's cells as posted
 * (`t12_s1`, …), a game's stored result as the cells that show it, and a checked row as what the
 * service writes. No framework: the page's controller and the tests use it.
 */
import type { GameView } from '../rounds/game.view';
import type { EnterResultDto } from './dto/result.dto';
import type { EnterTableResultDto } from './dto/table-result.dto';
import { emptyRow, LINE_FIGURES, type RowAsks, type RowEntry, type RowValues } from './round-lines';
import type { RoundResultWrite } from './results.service';

/** The posted fields of a table's row start with this: `t12_s1` is table 12's first score. */
export const rowPrefix = (table: number) => `t${table}_`;

/** A field's name in a table's row. */
export const rowField = (table: number, field: string) => `${rowPrefix(table)}${field}`;

/** A row's cells as posted (a field not posted is empty). */
export function postedRow(body: unknown, table: number, asks: RowAsks): RowValues {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const read = (field: string) => {
    const v = form[rowField(table, field)];
    const one: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
    return typeof one === 'string' ? one.slice(0, 40) : '';
  };
  const seats = (field: string) =>
    Array.from({ length: asks.seats }, (_, i) => read(`${field}${i + 1}`));
  const v = emptyRow(asks);
  return {
    kind: read('kind'),
    scores: seats('s'),
    clocks: asks.clocks ? seats('c') : v.clocks,
    timeLoss: asks.timeLoss ? read('tl') : '',
    figures: Object.fromEntries(asks.figures.map((f) => [f, seats(f)])),
    targetFirst: asks.targetFirst ? read('tf') : '',
  };
}

/** A posted field's text (the lines, a version, a box ticked), '' when not posted. */
export function postedText(body: unknown, name: string, limit = 200_000): string {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const v = form[name];
  const one: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
  return typeof one === 'string' ? one.slice(0, limit) : '';
}

/** The cells that show a game's stored result (empty while it has none). */
export function storedRow(game: GameView, asks: RowAsks): RowValues {
  const v = emptyRow(asks);
  if (game.seats) {
    if (game.status !== 'complete') return v;
    return {
      ...v,
      // A seat that did not come has no score: `-`, as it was typed.
      scores: game.seats.map((s) => (s.score === null ? '-' : String(s.score))),
      clocks: asks.clocks ? game.seats.map((s) => s.remaining ?? '') : [],
      figures: asks.figures.includes('cards')
        ? {
            ...v.figures,
            cards: game.seats.every((s) => s.cards !== null)
              ? game.seats.map((s) => String(s.cards))
              : game.seats.map(() => ''),
          }
        : v.figures,
    };
  }
  const r = game.result;
  if (!r) return v;
  if (r.kind === 'double-forfeit') return { ...v, kind: 'ff' };
  if (r.kind === 'forfeit') return { ...v, kind: r.absent === 0 ? 'f1' : 'f2' };
  return {
    ...v,
    scores: (r.scores ?? []).map(String),
    clocks: asks.clocks ? (r.remaining ?? ['', '']).slice() : [],
    timeLoss:
      asks.timeLoss && r.timeLoss !== null && r.reason === 'time-expired'
        ? String(r.timeLoss + 1)
        : '',
    figures:
      asks.figures.includes('cards') && r.cards
        ? { ...v.figures, cards: r.cards.map(String) }
        : v.figures,
  };
}

/** What the results' service writes for a checked row. */
export function resultOfRow(entry: RowEntry, seats: number): RoundResultWrite['result'] {
  if (seats === 2) {
    if (entry.kind === 'double-forfeit') return { pair: { kind: 'double-forfeit' } };
    if (entry.kind === 'forfeit') return { pair: { kind: 'forfeit', absent: entry.absent } };
    const figures: Partial<Record<string, number[]>> = {};
    for (const f of LINE_FIGURES) {
      if (entry.figures[f.field]) figures[f.field] = entry.figures[f.field];
    }
    const dto: EnterResultDto = {
      scores: entry.scores,
      // A card game has no game clock: nobody's time is asked, and none runs out.
      clocks: entry.clocks ? (entry.clocks as string[]) : ['00:00', '00:00'],
      ...(entry.timeLoss !== null ? { timeLoss: entry.timeLoss } : {}),
      ...figures,
      ...(entry.targetFirst !== null ? { targetFirst: entry.targetFirst as 0 | 1 } : {}),
    };
    return { pair: dto };
  }
  if (entry.kind !== 'played') {
    return { table: { scores: [], absent: Array.from({ length: seats }, (_, i) => i) } };
  }
  const dto: EnterTableResultDto = {
    scores: entry.scores,
    ...(entry.clocks ? { clocks: entry.clocks.map((c) => c ?? '00:00') } : {}),
    ...(entry.figures.cards ? { cards: entry.figures.cards } : {}),
    ...(entry.targetFirst !== null ? { targetFirst: entry.targetFirst } : {}),
    ...(entry.absent.length > 0 ? { absent: entry.absent } : {}),
  };
  return { table: dto };
}
