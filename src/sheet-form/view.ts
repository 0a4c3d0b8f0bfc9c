import type { Lang } from '../i18n';
import type { CellFlag } from './flags';
import type { SheetForm } from './form';
import type { EndField, RowField, SheetLayout } from './layout';
import { ft, FormMessageKey } from './messages';

/** One option of a select. */
export interface OptionView {
  value: string;
  label: string;
  selected: boolean;
}

/** One cell of the form as the template draws it. */
export interface CellView {
  field: RowField | EndField;
  /** The form field's name (repeated once a row, or once a player). */
  name: string;
  id: string;
  value: string;
  /** Null for a text input. */
  options: OptionView[] | null;
  inputmode: 'numeric' | null;
  /** The column's header, for the phone layout and screen readers. */
  label: string;
  tone: 'bad' | 'warn' | null;
  /** Id of the message that explains the flag. */
  describedBy: string | null;
}

export interface RowView {
  index: number;
  number: number;
  cells: CellView[];
  extra: string;
  messages: { tone: 'bad' | 'warn' | 'info'; text: string }[];
  tone: 'bad' | 'warn' | null;
}

export interface EndView {
  reason: CellView;
  timeExpired: CellView | null;
  /** One line a player: name, rack left, final clock, final score written. */
  players: { name: string; cells: CellView[] }[];
  headers: string[];
  messages: { tone: 'bad' | 'warn' | 'info'; text: string }[];
}

/** The form drawn: headers, rows with their flags, the end of the game. */
export interface FormView {
  headers: { field: RowField; label: string }[];
  rows: RowView[];
  end: EndView;
  /** Findings of the whole sheet that belong to no cell. */
  sheetMessages: { tone: 'bad' | 'warn' | 'info'; text: string }[];
  extra: string;
}

const COLUMN_KEY: Record<RowField, FormMessageKey> = {
  player: 'col.player',
  kind: 'col.kind',
  position: 'col.position',
  word: 'col.word',
  score: 'col.score',
  total: 'col.total',
  clock: 'col.clock',
  challenge: 'col.challenge',
  challengeBy: 'col.challengeBy',
  rack: 'col.rack',
  swap: 'col.swap',
  rotation: 'col.rotation',
  taken: 'col.taken',
};

const worst = (tones: ('bad' | 'warn' | 'info')[]): 'bad' | 'warn' | null =>
  tones.includes('bad') ? 'bad' : tones.includes('warn') ? 'warn' : null;

/** Longest name a row's player select shows whole beside the other columns (at 1280 px). */
const SHORT_NAME = 18;

/**
 * The players' names as a row's selects show them: a name too long for the select is its first
 * word and the initials of the rest (`Aleksandra S.-R.`), as long as every player is still told
 * apart; the page's heading names them whole.
 */
export function playerLabels(names: readonly string[]): string[] {
  if (names.every((n) => n.length <= SHORT_NAME)) return [...names];
  const labels = names.map((name) => {
    const [first, ...rest] = name.trim().split(/\s+/);
    if (name.length <= SHORT_NAME || rest.length === 0) return name;
    const initials = rest.map((word) =>
      word
        .split('-')
        .map((part) => (part ? `${[...part][0]}.` : ''))
        .join('-'),
    );
    return `${first} ${initials.join(' ')}`;
  });
  return new Set(labels).size === names.length ? labels : [...names];
}

/** The selects' options of a row field, in the page's language. */
export function fieldOptions(
  field: RowField,
  layout: SheetLayout,
  lang: Lang,
): { value: string; label: string }[] | null {
  switch (field) {
    case 'player':
      return playerLabels(layout.players).map((label, i) => ({ value: String(i), label }));
    case 'kind':
      return (['play', 'exchange', 'pass'] as const).map((k) => ({
        value: k,
        label: ft(lang, `kind.${k}`),
      }));
    case 'challenge':
      return [
        { value: '', label: ft(lang, 'challenge.none') },
        { value: 'valid', label: ft(lang, 'challenge.valid') },
        { value: 'invalid', label: ft(lang, 'challenge.invalid') },
      ];
    case 'challengeBy':
      return [
        { value: '', label: '—' },
        ...playerLabels(layout.players).map((label, i) => ({ value: String(i), label })),
      ];
    case 'position':
    case 'word':
    case 'score':
    case 'total':
    case 'clock':
    case 'rack':
    case 'swap':
    case 'rotation':
    case 'taken':
      return null;
  }
}

const NUMERIC: ReadonlySet<string> = new Set(['score', 'total', 'clock', 'final', 'clocks']);

/** The end of the game's selects. */
const END_SELECTS: ReadonlySet<string> = new Set(['reason', 'timeExpired']);

function cell(
  field: RowField | EndField,
  name: string,
  id: string,
  value: string,
  label: string,
  options: { value: string; label: string }[] | null,
  flagged: CellFlag[],
  messageId: string,
): CellView {
  const tone = worst(flagged.map((f) => f.tone));
  // An end of the game's value that no option has (a stored draft, a post without the page)
  // stays in its select, shown as typed and flagged, rather than becoming the first option.
  if (options && END_SELECTS.has(field) && value !== '' && !options.some((o) => o.value === value))
    options = [...options, { value, label: value }];
  return {
    field,
    name,
    id,
    value,
    label,
    options: options && options.map((o) => ({ ...o, selected: o.value === value })),
    inputmode: NUMERIC.has(field) ? 'numeric' : null,
    tone,
    describedBy: tone ? messageId : null,
  };
}

/** The form's rows, end and flags as the page template draws them. */
export function formView(
  form: SheetForm,
  layout: SheetLayout,
  lang: Lang,
  flags: CellFlag[],
): FormView {
  type RowFlag = Extract<CellFlag, { row: number }>;
  type EndFlag = Extract<CellFlag, { end: EndField }>;
  const rowFlags = new Map<number, RowFlag[]>();
  const endFlags: EndFlag[] = [];
  const sheetMessages: FormView['sheetMessages'] = [];
  for (const f of flags) {
    if ('row' in f) rowFlags.set(f.row, [...(rowFlags.get(f.row) ?? []), f]);
    else if ('end' in f) endFlags.push(f);
    else sheetMessages.push({ tone: f.tone, text: f.message });
  }
  const rows = form.rows.map((row, i): RowView => {
    const mine = rowFlags.get(i) ?? [];
    const messageId = `msg-${i}`;
    return {
      index: i,
      number: i + 1,
      cells: layout.columns.map((field) =>
        cell(
          field,
          field,
          `c-${i}-${field}`,
          row[field],
          ft(lang, COLUMN_KEY[field]),
          fieldOptions(field, layout, lang),
          mine.filter((f) => f.field === field),
          messageId,
        ),
      ),
      extra: row.extra,
      messages: mine.map((f) => ({ tone: f.tone, text: f.message })),
      tone: worst(mine.map((f) => f.tone)),
    };
  });
  const endFor = (field: EndField, player?: number) =>
    endFlags.filter((f) => f.end === field && (player === undefined || f.player === player));
  const reasonOptions = [
    { value: '', label: ft(lang, 'end.reason.none') },
    ...layout.reasons.map((r) => ({
      value: r,
      label: ft(lang, `end.reason.${r}` as FormMessageKey),
    })),
  ];
  const perPlayerFields: {
    field: EndField;
    name: string;
    key: FormMessageKey;
    values: string[];
  }[] = layout.cards
    ? [{ field: 'final', name: 'endFinal', key: 'end.final', values: form.end.final }]
    : [
        { field: 'racks', name: 'endRack', key: 'end.racks', values: form.end.racks },
        { field: 'clocks', name: 'endClock', key: 'end.clocks', values: form.end.clocks },
        { field: 'final', name: 'endFinal', key: 'end.final', values: form.end.final },
      ];
  const end: EndView = {
    reason: cell(
      'reason',
      'endReason',
      'end-reason',
      form.end.reason,
      ft(lang, 'end.reason'),
      reasonOptions,
      endFor('reason'),
      'msg-end',
    ),
    timeExpired: layout.cards
      ? null
      : cell(
          'timeExpired',
          'endTimeExpired',
          'end-timeExpired',
          form.end.timeExpired,
          ft(lang, 'end.timeExpired'),
          [
            { value: '', label: ft(lang, 'end.timeExpired.none') },
            ...layout.players.map((name, i) => ({ value: String(i), label: name })),
          ],
          endFor('timeExpired'),
          'msg-end',
        ),
    headers: perPlayerFields.map((f) => ft(lang, f.key)),
    players: layout.players.map((name, p) => ({
      name,
      cells: perPlayerFields.map((f) =>
        cell(
          f.field,
          f.name,
          `end-${f.field}-${p}`,
          f.values[p] ?? '',
          `${ft(lang, f.key)}: ${name}`,
          null,
          endFor(f.field, p),
          'msg-end',
        ),
      ),
    })),
    messages: endFlags.map((f) => ({ tone: f.tone, text: f.message })),
  };
  return {
    headers: layout.columns.map((field) => ({ field, label: ft(lang, COLUMN_KEY[field]) })),
    rows,
    end,
    sheetMessages,
    extra: form.extra,
  };
}

/** The sheet page's fixed texts. */
export type SheetTexts = ReturnType<typeof sheetTexts>;

/** The template's fixed texts. */
export function sheetTexts(lang: Lang, cards = false) {
  return {
    help: ft(lang, cards ? 'form.helpCards' : 'form.help'),
    number: ft(lang, 'col.number'),
    player: ft(lang, 'col.player'),
    addRows: ft(lang, 'form.addRows'),
    endTitle: ft(lang, 'end.title'),
    verify: ft(lang, 'form.verify'),
    save: ft(lang, 'form.save'),
    import: ft(lang, 'form.import'),
    importHelp: ft(lang, 'form.importHelp'),
    importHelpCheck: ft(lang, 'form.importHelpCheck'),
    importButton: ft(lang, 'form.importButton'),
    importProblems: ft(lang, 'form.importProblems'),
    rules: ft(lang, 'form.rules'),
    players: ft(lang, 'form.players'),
    open: ft(lang, 'form.open'),
  };
}
