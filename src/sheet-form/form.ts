import { CROSSWORD_TURN_FIELDS } from '../engine/sheet/scoresheet';
import type { Challenge, Scoresheet, SheetEnd, SheetTurn } from '../engine/sheet/scoresheet';
import { findRuleSet } from '../engine/rules/rulesets';
import type { Lang } from '../i18n';
import { EndField, ROW_FIELDS, RowField, SheetLayout } from './layout';
import { ft, FormMessageKey } from './messages';

/** One turn row exactly as typed: every field as text (`''` when empty). */
export type FormRow = Record<RowField, string> & {
  /** JSON of the turn's fields the form has no column for (an imported grid, a count of cards). */
  extra: string;
};

/** The end of the game as typed; lists have one entry a player. */
export interface FormEnd {
  reason: string;
  racks: string[];
  clocks: string[];
  timeExpired: string;
  final: string[];
}

/** The whole sheet as typed: what is stored as the judge's own rows. */
export interface SheetForm {
  rows: FormRow[];
  end: FormEnd;
  /** JSON of the sheet's fields the form has no column for (`meta`, `end.drawn`, `end.timePenalty`). */
  extra: string;
}

/** Where a message belongs: a cell of a row, or a field of the end of the game. */
export type CellRef =
  { row: number; field: RowField | 'row' } | { end: EndField; player?: number } | { sheet: true };

/** A cell that cannot be read as typed, with the message in the page's language. */
export type CellError = CellRef & { message: string };

/** The sheet built from the form: the `scoresheet/1` document and where each turn came from. */
export interface FormConversion {
  doc: Scoresheet;
  /** Form row of each turn of `doc.turns`. */
  turnRows: number[];
  /** Cells typed so that they cannot be read; their turns are kept without that field. */
  errors: CellError[];
}

/** The most rows a sheet may have (a real game has far fewer; the server refuses more). */
export const MAX_ROWS = 200;
/** The longest text of one cell. */
export const MAX_CELL = 60;

/** An empty row for a player. */
export function emptyRow(player: number): FormRow {
  const row = { extra: '' } as FormRow;
  for (const f of ROW_FIELDS) row[f] = '';
  row.player = String(player);
  row.kind = 'play';
  return row;
}

/** An empty end of the game for a number of players. */
export function emptyEnd(players: number): FormEnd {
  const blank = () => Array.from({ length: players }, () => '');
  return { reason: '', racks: blank(), clocks: blank(), timeExpired: '', final: blank() };
}

/** True when nothing but the pre-filled player and kind is in a row. */
export function isEmptyRow(row: FormRow): boolean {
  for (const f of ROW_FIELDS) {
    if (f === 'player' || f === 'kind') continue;
    if (row[f].trim() !== '') return false;
  }
  return row.extra.trim() === '' && (row.kind === 'play' || row.kind === '');
}

/** The rows of a form up to the last one typed: trailing empty rows are the page's padding. */
export function trimmedForm(form: SheetForm): SheetForm {
  let last = -1;
  form.rows.forEach((r, i) => {
    if (!isEmptyRow(r)) last = i;
  });
  return { ...form, rows: form.rows.slice(0, last + 1) };
}

/**
 * One text for the rows a form holds, whatever the order of its keys or its padding: two forms
 * with the same text are the same sheet.
 */
export function formKey(form: SheetForm): string {
  const { rows, end, extra } = trimmedForm(form);
  return JSON.stringify([
    rows.map((r) => [...ROW_FIELDS.map((f) => r[f]), r.extra]),
    [end.reason, end.timeExpired, end.racks, end.clocks, end.final],
    extra,
  ]);
}

/**
 * A new sheet's rows, and enough empty rows after the typed ones: players
 * alternate from the last typed row, as on the printed sheet.
 */
export function padRows(rows: FormRow[], layout: SheetLayout, spare = 4): FormRow[] {
  const n = layout.players.length;
  const out = rows.slice(0, MAX_ROWS);
  let lastTyped = -1;
  out.forEach((r, i) => {
    if (!isEmptyRow(r)) lastTyped = i;
  });
  const wanted = Math.min(MAX_ROWS, Math.max(layout.initialRows, lastTyped + 1 + spare));
  while (out.length < wanted) {
    const previous = out.length > 0 ? Number(out[out.length - 1].player) : -1;
    out.push(emptyRow(Number.isInteger(previous) ? (previous + 1) % n : 0));
  }
  return out;
}

const CYRILLIC_COLUMN: Readonly<Record<string, string>> = {
  А: 'A', Б: 'B', Ц: 'C', Д: 'D', Е: 'E', Ф: 'F', Г: 'G', Х: 'H', И: 'I', Ј: 'J', К: 'K',
  Л: 'L', М: 'M', Н: 'N', О: 'O', П: 'P', Љ: 'Q', Р: 'R', С: 'S', Т: 'T', У: 'U', В: 'V',
  Њ: 'W', Џ: 'X', З: 'Z',
}; // prettier-ignore

/**
 * A position as the engine reads it: `9f`, `9 F`, `f9` and Cyrillic column
 * letters (`9Ф`, as a judge types on a Serbian Cyrillic keyboard) all become
 * `9F` / `F9`. Returns null when it is no position at all.
 */
export function normalisePosition(text: string): string | null {
  let s = '';
  for (const ch of text.replace(/\s+/g, '').toUpperCase()) s += CYRILLIC_COLUMN[ch] ?? ch;
  return /^(\d{1,2}[A-Z]|[A-Z]\d{1,2})$/.test(s) ? s : null;
}

/** `28:40` from `28:40`, `28.40`, `28,40`, `28 40`, `2840` or `-0:30`; null when it is no clock. */
export function normaliseClock(text: string): string | null {
  const s = text.trim();
  let m = /^(-?)(\d{1,3})[:.,\s](\d{2})$/.exec(s);
  if (!m) {
    const digits = /^(-?)(\d{1,3})(\d{2})$/.exec(s);
    if (!digits) return null;
    m = digits;
  }
  const [, sign, minutes, seconds] = m;
  if (Number(seconds) > 59) return null;
  return `${sign}${minutes.padStart(2, '0')}:${seconds}`;
}

/** A typed value quoted in a message: at most the longest cell. */
const clip = (text: string) => (text.length > MAX_CELL ? `${text.slice(0, MAX_CELL)}…` : text);

/** A whole number as typed (`18`, `-4`, `+5`), or null. */
function readInt(text: string): number | null {
  const s = text.trim().replace(/^\+/, '');
  return /^-?\d{1,6}$/.test(s) ? Number(s) : null;
}

function readExtra(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Builds the `scoresheet/1` document from the rows as typed. Empty rows are
 * left out; a cell that cannot be read is an error in the page's language and
 * its turn is kept without it, so that one slip does not hide the rest.
 */
export function formToSheet(form: SheetForm, layout: SheetLayout, lang: Lang): FormConversion {
  const errors: CellError[] = [];
  const fail = (ref: CellRef, key: FormMessageKey, params: Record<string, string | number> = {}) =>
    errors.push({ ...ref, message: ft(lang, key, params) });
  const players = layout.players.length;
  const rackSize = findRuleSet(layout.rules)?.rackSize ?? 7;
  const turns: SheetTurn[] = [];
  const turnRows: number[] = [];
  if (form.rows.length > MAX_ROWS) fail({ sheet: true }, 'cell.rows', { max: MAX_ROWS });

  form.rows.slice(0, MAX_ROWS).forEach((row, r) => {
    if (isEmptyRow(row)) return;
    for (const f of ROW_FIELDS) {
      if (row[f].length > MAX_CELL) fail({ row: r, field: f }, 'cell.tooLong', { max: MAX_CELL });
    }
    const extra = readExtra(row.extra) ?? {};
    const turn: SheetTurn = { ...extra, player: 0 };
    const player = Number(row.player);
    if (row.player === '' || !Number.isInteger(player) || player < 0 || player >= players) {
      fail({ row: r, field: 'player' }, 'cell.player');
    } else {
      turn.player = player;
    }
    if (layout.cards) {
      readCardRow(row, r, turn, fail);
    } else {
      readCrosswordRow(row, r, turn, layout, rackSize, fail);
    }
    for (const f of ['score', 'total'] as const) {
      if (row[f].trim() === '') continue;
      const n = readInt(row[f]);
      if (n === null) fail({ row: r, field: f }, 'cell.number');
      else turn[f] = n;
    }
    turns.push(turn);
    turnRows.push(r);
  });

  const doc: Scoresheet = {
    format: 'scoresheet/1',
    rules: layout.rules,
    ...(Object.keys(layout.options).length > 0 ? { options: layout.options } : {}),
    players: layout.players,
    turns,
  };
  const end = readEnd(form.end, layout, fail);
  const sheetExtra = readExtra(form.extra) ?? {};
  if (sheetExtra.drawn !== undefined)
    (end.end ??= {}).drawn = sheetExtra.drawn as SheetEnd['drawn'];
  if (sheetExtra.timePenalty !== undefined)
    (end.end ??= {}).timePenalty = sheetExtra.timePenalty as SheetEnd['timePenalty'];
  if (end.end) doc.end = end.end;
  if (end.final) doc.claimed = { final: end.final };
  if (sheetExtra.meta !== undefined) doc.meta = sheetExtra.meta as Record<string, unknown>;
  return { doc, turnRows, errors };
}

type Fail = (ref: CellRef, key: FormMessageKey, params?: Record<string, string | number>) => void;

function readCrosswordRow(
  row: FormRow,
  r: number,
  turn: SheetTurn,
  layout: SheetLayout,
  rackSize: number,
  fail: Fail,
): void {
  const kind = row.kind === 'exchange' || row.kind === 'pass' ? row.kind : 'play';
  if (kind === 'pass') {
    turn.pass = true;
  } else if (kind === 'exchange') {
    const word = row.word.trim();
    const count = readInt(word);
    if (count !== null) {
      if (count < 1 || count > rackSize)
        fail({ row: r, field: 'word' }, 'cell.exchange', { max: rackSize });
      else turn.exchange = count;
    } else if (word !== '' && !/\s/.test(word)) {
      turn.exchange = word;
    } else {
      fail({ row: r, field: 'word' }, 'cell.exchange', { max: rackSize });
    }
  } else {
    const typed = row.position.trim();
    const position = normalisePosition(typed);
    const word = row.word.trim();
    if (typed === '') fail({ row: r, field: 'position' }, 'cell.positionMissing');
    else if (position === null)
      fail({ row: r, field: 'position' }, 'cell.position', { text: typed });
    if (word === '') fail({ row: r, field: 'word' }, 'cell.wordMissing');
    // Kept even when unreadable: the replay reports the play as illegal and goes on without it.
    turn.play = `${position ?? (typed || '?')} ${word.replace(/\s+/g, '') || '?'}`;
  }
  const clock = row.clock.trim();
  if (clock !== '') {
    const c = normaliseClock(clock);
    if (c === null) fail({ row: r, field: 'clock' }, 'cell.clock');
    else turn.clock = c;
  }
  if (row.challenge === 'valid' || row.challenge === 'invalid') {
    const players = layout.players.length;
    let by: number | null = players === 2 ? 1 - turn.player : null;
    if (row.challengeBy.trim() !== '') by = Number(row.challengeBy);
    if (kind !== 'play') fail({ row: r, field: 'challenge' }, 'cell.challengeKind');
    else if (by === null || !Number.isInteger(by) || by < 0 || by >= players)
      fail(
        { row: r, field: layout.columns.includes('challengeBy') ? 'challengeBy' : 'challenge' },
        'cell.challengeBy',
      );
    else if (by === turn.player) fail({ row: r, field: 'challengeBy' }, 'cell.challengeOwn');
    else {
      const challenge: Challenge = {
        ...(turn.challenge ?? {}),
        by,
        valid: row.challenge === 'valid',
      };
      turn.challenge = challenge;
    }
  }
  const rack = row.rack.trim();
  if (rack !== '') turn.rack = rack;
  const swap = row.swap.trim();
  if (swap !== '') {
    const squares = swap.split(/[\s,;]+/).map((s) => s.toUpperCase());
    if (!squares.every((s) => /^[A-Z]\d{1,2}$/.test(s)))
      fail({ row: r, field: 'swap' }, 'cell.swap');
    else turn.swap = squares.length === 1 ? squares[0] : squares;
  }
}

function readCardRow(row: FormRow, r: number, turn: SheetTurn, fail: Fail): void {
  const rotation = row.rotation.trim().replace(/\s+/g, ' ');
  if (rotation !== '') {
    if (!/^[A-Za-z]\d{1,2} (cw|ccw|180|free)$/i.test(rotation))
      fail({ row: r, field: 'rotation' }, 'cell.rotation');
    else turn.rotate = rotation.charAt(0).toUpperCase() + rotation.slice(1).toLowerCase();
  }
  const taken = row.taken.trim();
  if (taken !== '') {
    const values = taken.split(/[\s,;]+/).map(readInt);
    if (values.some((v) => v === null)) fail({ row: r, field: 'taken' }, 'cell.taken');
    else turn.taken = values as number[];
  }
}

function readEnd(
  end: FormEnd,
  layout: SheetLayout,
  fail: Fail,
): { end?: SheetEnd; final?: number[] } {
  const players = layout.players.length;
  const out: SheetEnd = {};
  // A value no option of the form has (a stored draft, a post without the page) is flagged on
  // its cell and left out, as an unreadable cell of a turn is: the turns are still checked.
  const reason = end.reason.trim();
  if (reason !== '' && layout.reasons.includes(reason)) out.reason = reason as SheetEnd['reason'];
  else if (reason !== '') fail({ end: 'reason' }, 'cell.reason', { text: clip(reason) });
  const perPlayer = (list: string[]) =>
    Array.from({ length: players }, (_, p) => (list[p] ?? '').trim());
  /** One entry a player, all or none: each read, or the cell named. */
  const everyPlayer = <T>(
    field: 'clocks' | 'final',
    list: string[],
    read: (text: string) => T | null,
    unreadable: FormMessageKey,
  ): T[] | undefined => {
    const typed = perPlayer(list);
    if (typed.every((x) => x === '')) return undefined;
    const values = typed.map((text, player) => {
      const value = text === '' ? null : read(text);
      if (value === null)
        fail({ end: field, player }, text === '' ? 'cell.allPlayers' : unreadable, {
          text: clip(text),
        });
      return value;
    });
    return values.every((v) => v !== null) ? values : undefined;
  };
  if (!layout.cards) {
    const racks = perPlayer(end.racks);
    if (racks.some((x) => x !== ''))
      out.racks = racks.map((x) => (x === '-' || x === '—' ? '' : x));
    const clocks = everyPlayer('clocks', end.clocks, normaliseClock, 'cell.clock');
    if (clocks) out.clocks = clocks;
    const typed = end.timeExpired.trim();
    const expired = Number(typed);
    if (typed !== '' && /^\d+$/.test(typed) && expired < players) out.timeExpired = expired;
    else if (typed !== '') fail({ end: 'timeExpired' }, 'cell.timeExpired', { text: clip(typed) });
  }
  const final = everyPlayer('final', end.final, readInt, 'cell.final');
  return { end: Object.keys(out).length > 0 ? out : undefined, final };
}

/** The fields of a card game's turn the form has columns for (a grid or a colour rides in `extra`). */
const CARD_KEYS = new Set(['player', 'score', 'total', 'rotate', 'taken']);

/**
 * A sheet (`scoresheet/1`, from an import or the API) as form rows: what the
 * form has no column for is kept in the row's `extra`, so that nothing is lost
 * when the form is saved again.
 */
export function sheetToForm(sheet: Scoresheet, layout: SheetLayout): SheetForm {
  const seat = seatsOf(sheet.players, layout.players);
  const rows = sheet.turns.map((turn): FormRow => {
    const row = emptyRow(seat(turn.player));
    const extra: Record<string, unknown> = {};
    // A crossword turn's every field has a column; a card game's grid and colours do not.
    const keys = layout.cards ? CARD_KEYS : CROSSWORD_TURN_FIELDS;
    for (const [k, v] of Object.entries(turn)) if (!keys.has(k) && v !== undefined) extra[k] = v;
    if (turn.score !== undefined) row.score = String(turn.score);
    if (turn.total !== undefined) row.total = String(turn.total);
    if (layout.cards) {
      row.kind = '';
      if (turn.rotate !== undefined) row.rotation = turn.rotate;
      if (turn.taken !== undefined) row.taken = turn.taken.join(' ');
    } else {
      if (turn.play !== undefined) {
        const space = turn.play.indexOf(' ');
        row.position = space < 0 ? turn.play : turn.play.slice(0, space);
        row.word = space < 0 ? '' : turn.play.slice(space + 1).trim();
      } else if (turn.exchange !== undefined) {
        row.kind = 'exchange';
        row.word = String(turn.exchange);
      } else if (turn.pass) {
        row.kind = 'pass';
      }
      if (turn.clock !== undefined) row.clock = turn.clock;
      if (turn.challenge) {
        row.challenge = turn.challenge.valid ? 'valid' : 'invalid';
        if (layout.players.length > 2) row.challengeBy = String(seat(turn.challenge.by));
        if (turn.challenge.bonus !== undefined) extra.challenge = { bonus: turn.challenge.bonus };
      }
      if (turn.rack !== undefined) {
        if (layout.columns.includes('rack')) row.rack = turn.rack;
        else extra.rack = turn.rack;
      }
      if (turn.swap !== undefined) row.swap = ([] as string[]).concat(turn.swap).join(' ');
    }
    row.extra = Object.keys(extra).length > 0 ? JSON.stringify(extra) : '';
    return row;
  });
  const n = layout.players.length;
  const end = emptyEnd(n);
  const e = sheet.end ?? {};
  if (e.reason) end.reason = e.reason;
  e.racks?.forEach((x, p) => (end.racks[seat(p)] = x === '' ? '-' : x));
  e.clocks?.forEach((x, p) => (end.clocks[seat(p)] = x));
  if (e.timeExpired !== undefined) end.timeExpired = String(seat(e.timeExpired));
  sheet.claimed?.final?.forEach((x, p) => (end.final[seat(p)] = String(x)));
  const extra: Record<string, unknown> = {};
  if (e.drawn !== undefined) extra.drawn = e.drawn;
  if (e.timePenalty !== undefined) {
    // Kept in the form's order of players, as the racks and clocks are.
    const penalty = Array.from({ length: n }, () => 0);
    e.timePenalty.forEach((x, p) => (penalty[seat(p)] = x));
    extra.timePenalty = penalty;
  }
  if (sheet.meta !== undefined) {
    const { form: _typed, ...meta } = sheet.meta;
    if (Object.keys(meta).length > 0) extra.meta = meta;
  }
  return { rows, end, extra: Object.keys(extra).length > 0 ? JSON.stringify(extra) : '' };
}

const nameKey = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase('sr');

/**
 * Where each player of an imported sheet sits in the game: by name when the
 * sheet names the game's players (in either order), else in the sheet's order.
 */
function seatsOf(imported: string[], game: string[]): (player: number) => number {
  const seats = seatsByName(imported, game);
  return (player) => (seats ? (seats[player] ?? player) : player);
}

/** Each imported player's seat in the game, found by name; null unless every name is the game's. */
function seatsByName(imported: string[], game: string[]): number[] | null {
  const keys = game.map(nameKey);
  const seats = imported.map((name) => keys.indexOf(nameKey(name)));
  return imported.length === game.length &&
    seats.every((s) => s >= 0) &&
    new Set(seats).size === seats.length
    ? seats
    : null;
}

/**
 * The names of an imported sheet that are not the game's players (none when the sheet names
 * them all, in any order): such a sheet is filled in by the sheet's order of players, and may
 * be another table's.
 */
export function foreignNames(imported: string[], game: string[]): string[] {
  if (seatsByName(imported, game)) return [];
  const keys = new Set(game.map(nameKey));
  const foreign = imported.filter((name) => !keys.has(nameKey(name)));
  return foreign.length > 0 ? foreign : imported;
}

/** Names of the turn fields kept in rows' `extra` (an imported grid, say), for a notice. */
export function extraFields(form: SheetForm): string[] {
  const names = new Set<string>();
  for (const row of form.rows) {
    const extra = readExtra(row.extra);
    if (extra) Object.keys(extra).forEach((k) => names.add(k));
  }
  return [...names];
}

/**
 * The stored form of a saved sheet: its rows exactly as typed travel in the
 * sheet's `meta.form`, so that the judge finds them again as they were.
 */
export function typedForm(sheet: Scoresheet): SheetForm | null {
  const typed = (sheet.meta as { form?: unknown } | undefined)?.form;
  return isSheetForm(typed) ? typed : null;
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** True for a well-formed {@link SheetForm} (from storage or a draft sent by a browser). */
export function isSheetForm(v: unknown): v is SheetForm {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Partial<SheetForm>;
  if (typeof f.extra !== 'string' || !Array.isArray(f.rows) || f.rows.length > MAX_ROWS)
    return false;
  const end = f.end as Partial<FormEnd> | undefined;
  if (
    !end ||
    typeof end.reason !== 'string' ||
    typeof end.timeExpired !== 'string' ||
    !isStringList(end.racks) ||
    !isStringList(end.clocks) ||
    !isStringList(end.final)
  )
    return false;
  return f.rows.every(
    (row: unknown) =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as FormRow).extra === 'string' &&
      ROW_FIELDS.every((k) => typeof (row as FormRow)[k] === 'string'),
  );
}

/** The form as sent by a page (`player=…&kind=…` repeated once a row), read field by field. */
export function formFromBody(body: unknown, players: number): SheetForm {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const list = (name: string): string[] => {
    const v = b[name];
    // Repeated fields arrive as a list; `name[21]=…` (a client that numbers them) as an object.
    const items: unknown[] = Array.isArray(v)
      ? v
      : typeof v === 'object' && v !== null
        ? Object.entries(v as Record<string, unknown>)
            .filter(([k]) => /^\d{1,3}$/.test(k))
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([, x]) => x)
        : v === undefined
          ? []
          : [v];
    return items.map((x) => (typeof x === 'string' ? x : ''));
  };
  const columns = Object.fromEntries(ROW_FIELDS.map((f) => [f, list(f)])) as Record<
    RowField,
    string[]
  >;
  const extras = list('extra');
  const count = Math.min(MAX_ROWS + 1, Math.max(0, ...ROW_FIELDS.map((f) => columns[f].length)));
  const rows: FormRow[] = [];
  for (let i = 0; i < count; i++) {
    const row = emptyRow(0);
    for (const f of ROW_FIELDS) row[f] = columns[f][i] ?? '';
    row.extra = extras[i] ?? '';
    rows.push(row);
  }
  const perPlayer = (name: string) => {
    const xs = list(name);
    return Array.from({ length: players }, (_, p) => xs[p] ?? '');
  };
  const one = (name: string) => list(name)[0] ?? '';
  return {
    rows,
    end: {
      reason: one('endReason'),
      racks: perPlayer('endRack'),
      clocks: perPlayer('endClock'),
      timeExpired: one('endTimeExpired'),
      final: perPlayer('endFinal'),
    },
    extra: one('sheetExtra'),
  };
}
