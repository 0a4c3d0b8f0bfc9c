/**
 * The score-sheet page in the browser: the same engine as the server checks
 * the sheet on every keystroke, puts each finding on the cell it is about,
 * redraws the board, and keeps the rows as a draft on the server as the judge
 * types. Without this script the form still posts and the server shows the
 * same flags.
 */
import type { WordList } from '../engine/rules/words';
import type { Lang } from '../i18n';
import type { GameReportSection } from '../render/view-models';
import { CellFlag, checkForm, checkSection, FormCheck } from '../sheet-form';
import { emptyRow, FormRow, isEmptyRow, SheetForm } from '../sheet-form/form';
import { ROW_FIELDS, SheetLayout } from '../sheet-form/layout';
import { ft } from '../sheet-form/messages';
import { DraftSync } from './draft-sync';
import { fillForm } from './form-fill';

interface Config {
  lang: Lang;
  /** The zone the page shows times of day in (the events', as the server's pages do). */
  timeZone: string;
  layout: SheetLayout;
  /** Null where no draft is kept on the server (a sheet of no game, a table's phone). */
  draftUrl: string | null;
  /** Where the rows are kept on this device until the server has them; null: not kept. */
  keepKey: string | null;
  /** The page shows the form as last left, not a post's answer: kept rows may come back. */
  restore: boolean;
  wordsUrl: string | null;
}

/** The tournament's word list, asked of the server word by word and remembered. */
class RemoteWords implements WordList {
  readonly known = new Map<string, boolean>();
  readonly pending = new Set<string>();
  /** Asked and not answered (the server was not reached): not asked again until the next edit. */
  readonly failed = new Set<string>();
  readonly size = 1;

  has(key: string): boolean {
    const v = this.known.get(key);
    if (v !== undefined) return v;
    if (this.failed.has(key)) return true;
    // Not asked yet: no flag until the server answers, then the sheet is checked again.
    this.pending.add(key);
    return true;
  }
}

/** Columns typed by choosing, not by writing. */
const OPTION_FIELDS: ReadonlySet<string> = new Set(['player', 'kind', 'challenge', 'challengeBy']);

/** Time from a keystroke to its flags on the page, in milliseconds (read by the benchmark). */
const timings: number[] = [];
(window as unknown as { sheetTimings: number[] }).sheetTimings = timings;

/** The form's elements and the state its handlers share. */
interface Sheet {
  config: Config;
  lang: Lang;
  layout: SheetLayout;
  formNode: HTMLFormElement;
  tbody: HTMLTableSectionElement;
  status: HTMLElement;
  words: RemoteWords | null;
  /** The check last shown: shown again when a cell is left. */
  lastCheck: FormCheck | null;
  /** The board's drawing last put on the page. */
  lastBoard: string | null;
  /** The word list's answer being waited for. */
  lookup: Promise<void> | null;
  /** Made once the form's listeners are in place. */
  sync: DraftSync | null;
}

function start(): void {
  const configNode = document.getElementById('sheet-config');
  const formNode = document.getElementById('sheet-form');
  if (!configNode || !(formNode instanceof HTMLFormElement)) return;
  const config = JSON.parse(configNode.textContent ?? '{}') as Config;
  const { lang, layout } = config;
  const sheet: Sheet = {
    config,
    lang,
    layout,
    formNode,
    tbody: document.querySelector<HTMLTableSectionElement>('#sheet-rows tbody')!,
    status: document.getElementById('live-status')!,
    words: config.wordsUrl ? new RemoteWords() : null,
    lastCheck: null,
    lastBoard: null,
    lookup: null,
    sync: null,
  };
  sheet.status.hidden = false;
  sheet.status.textContent = ft(lang, 'form.live');

  listenToKeys(sheet);
  listenToEdits(sheet);
  // Rows come as they are typed (Enter past the last one, or a keystroke in it): the button
  // the page without the script needs would only stand between the rows and the end of the game.
  const addRows = document.getElementById('add-rows-line');
  if (addRows) addRows.hidden = true;
  keepTabOrder(sheet);

  const sync = new DraftSync({
    lang,
    timeZone: config.timeZone,
    draftUrl: config.draftUrl,
    keepKey: config.keepKey ?? null,
    restore: config.restore ?? false,
    formNode,
    draftInput: document.getElementById('draft-version') as HTMLInputElement,
    liveStatus: sheet.status,
    syncStatus: document.getElementById('sync-status')!,
    readForm: () => readForm(sheet),
    fillForm: (form) => {
      fillForm(
        formNode,
        form,
        () => rowElements(sheet),
        () => addRow(sheet),
      );
      keepTabOrder(sheet);
      checkSheet(sheet, null);
    },
  });
  sheet.sync = sync;
  // For tests and the benchmark: whether rows typed are still on their way to the server.
  (window as unknown as { sheetDraftPending: () => boolean }).sheetDraftPending = () =>
    sync.pending();

  checkSheet(sheet, null);
  sync.start();
}

// ------------------------------------------------------------ reading the form

const rowElements = (sheet: Sheet) =>
  Array.from(sheet.tbody.querySelectorAll<HTMLTableRowElement>('tr.sheet-row'));
const field = (scope: ParentNode, name: string) =>
  scope.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
const values = (formNode: HTMLFormElement, name: string) =>
  Array.from(formNode.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)).map((e) => e.value);

function readRow(tr: HTMLTableRowElement): FormRow {
  const row = emptyRow(0);
  for (const f of ROW_FIELDS) row[f] = field(tr, f)?.value ?? '';
  row.extra = field(tr, 'extra')?.value ?? '';
  return row;
}

function readForm(sheet: Sheet): SheetForm {
  const { formNode } = sheet;
  const rows = rowElements(sheet).map(readRow);
  const n = sheet.layout.players.length;
  const perPlayer = (name: string) => {
    const xs = values(formNode, name);
    return Array.from({ length: n }, (_, p) => xs[p] ?? '');
  };
  return {
    rows,
    end: {
      reason: field(formNode, 'endReason')?.value ?? '',
      racks: perPlayer('endRack'),
      clocks: perPlayer('endClock'),
      timeExpired: field(formNode, 'endTimeExpired')?.value ?? '',
      final: perPlayer('endFinal'),
    },
    extra: field(formNode, 'sheetExtra')?.value ?? '',
  };
}

// ------------------------------------------------------------ showing the check

function setMessages(box: Element | null, messages: { tone: string; text: string }[]): void {
  if (!box) return;
  const target = box.tagName === 'TR' ? box.querySelector('td')! : box;
  target.replaceChildren(
    ...messages.map((m) => {
      const div = document.createElement('div');
      div.className = m.tone;
      div.textContent = m.text;
      return div;
    }),
  );
  box.classList.toggle('empty', messages.length === 0);
}

function mark(el: Element | null, tone: 'bad' | 'warn' | null, describedBy: string): void {
  if (!el) return;
  el.classList.remove('bad', 'warn');
  if (tone) {
    el.classList.add(tone);
    el.setAttribute('aria-invalid', 'true');
    el.setAttribute('aria-describedby', describedBy);
  } else {
    el.removeAttribute('aria-invalid');
    el.removeAttribute('aria-describedby');
  }
}

const worst = (flags: CellFlag[]): 'bad' | 'warn' | null =>
  flags.some((f) => f.tone === 'bad')
    ? 'bad'
    : flags.some((f) => f.tone === 'warn')
      ? 'warn'
      : null;

/**
 * A cell still being typed in is not told it cannot be read ("2" on the way to "28:40"):
 * its reading error waits until the judge leaves it.
 */
function typing(check: FormCheck, flag: CellFlag): boolean {
  const active = document.activeElement;
  if (!('row' in flag) || !(active instanceof HTMLInputElement)) return false;
  const tr = active.closest<HTMLTableRowElement>('tr.sheet-row');
  return (
    tr !== null &&
    Number(tr.dataset.row) === flag.row &&
    active.name === flag.field &&
    check.conversion.errors.some((e) => 'row' in e && e.row === flag.row && e.field === flag.field)
  );
}

type EndFlag = Extract<CellFlag, { end: string }>;

function show(sheet: Sheet, check: FormCheck): void {
  sheet.lastCheck = check;
  const byRow = new Map<number, CellFlag[]>();
  const endFlags: EndFlag[] = [];
  const sheetFlags: CellFlag[] = [];
  for (const f of check.flags) {
    if (typing(check, f)) continue;
    if ('row' in f) byRow.set(f.row, [...(byRow.get(f.row) ?? []), f]);
    else if ('end' in f) endFlags.push(f);
    else sheetFlags.push(f);
  }
  showRowFlags(sheet, byRow);
  showEndFlags(sheet.formNode, endFlags);
  setMessages(
    document.getElementById('sheet-findings'),
    sheetFlags.map((f) => ({ tone: f.tone, text: f.message })),
  );
  // The verdict, as the flags, waits for the cell being typed in.
  const errors = check.conversion.errors.filter((e) => !typing(check, { ...e, tone: 'bad' }));
  drawReport(sheet, { ...check, conversion: { ...check.conversion, errors } });
}

function showRowFlags(sheet: Sheet, byRow: Map<number, CellFlag[]>): void {
  rowElements(sheet).forEach((tr, i) => {
    const flags = byRow.get(i) ?? [];
    tr.classList.remove('bad', 'warn');
    const tone = worst(flags);
    if (tone) tr.classList.add(tone);
    for (const f of sheet.layout.columns) {
      mark(field(tr, f), worst(flags.filter((x) => 'field' in x && x.field === f)), `msg-${i}`);
    }
    setMessages(
      document.getElementById(`msg-${i}`),
      flags.map((f) => ({ tone: f.tone, text: f.message })),
    );
  });
}

function showEndFlags(formNode: HTMLFormElement, endFlags: EndFlag[]): void {
  const endCells = formNode.querySelectorAll('.sheet-end [name]');
  endCells.forEach((el) => {
    const id = el.id.split('-');
    const endField = id[1];
    const player = id[2] === undefined ? undefined : Number(id[2]);
    mark(
      el,
      worst(
        endFlags.filter((f) => f.end === endField && (player === undefined || f.player === player)),
      ),
      'msg-end',
    );
  });
  setMessages(
    document.getElementById('msg-end'),
    endFlags.map((f) => ({ tone: f.tone, text: f.message })),
  );
}

function drawReport(sheet: Sheet, check: FormCheck): void {
  const { lang } = sheet;
  const verdict = document.getElementById('verdict');
  const board = document.getElementById('board');
  if (!verdict || !board) return;
  // The verdict said again at the top of a narrow page, where the report stands below the rows.
  const top = document.getElementById('verdict-top');
  if (!check.report) {
    if (top) top.hidden = true;
    verdict.hidden = false;
    verdict.className = `verdict${check.flags.length > 0 ? ' bad' : ''}`;
    verdict.textContent = check.flags.length > 0 ? '✗' : ft(lang, 'form.empty');
    return;
  }
  const section = checkSection(check, sheet.layout, lang)!;
  verdict.hidden = false;
  verdict.className = `verdict ${section.report.tone}`;
  const strong = document.createElement('strong');
  strong.textContent = `${section.report.sign} ${section.report.verdict}`;
  verdict.replaceChildren(strong, ` ${section.report.resultText}`);
  const topLink = top?.querySelector('a');
  if (top && topLink) {
    top.hidden = false;
    top.className = `verdict ${section.report.tone}`;
    topLink.textContent = strong.textContent;
  }
  board.hidden = false;
  // Most keystrokes (a score, a clock) leave the board as it was: drawing it again is the
  // costliest step of a check, so it is done only when the drawing changed.
  if (section.boardSvg === sheet.lastBoard) return;
  sheet.lastBoard = section.boardSvg;
  if (section.boardSvg) {
    // The SVG is built by the same renderer as the server's pages, every text in it escaped.
    board.innerHTML = section.boardSvg;
    if (section.legend.length > 0) board.append(legendCaption(section.legend));
  } else {
    board.textContent = section.boardNote ?? '';
  }
}

function legendCaption(legend: GameReportSection['legend']): HTMLElement {
  const caption = document.createElement('figcaption');
  const list = document.createElement('ul');
  list.className = 'legend';
  for (const entry of legend) {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `swatch swatch-${entry.kind}${entry.kind === 'highlight' ? ' highlight' : ''}`;
    swatch.style.background = entry.fill;
    li.append(swatch, entry.label);
    list.append(li);
  }
  caption.append(list);
  return caption;
}

// ------------------------------------------------------------ checking

function checkSheet(sheet: Sheet, startedAt: number | null): void {
  const { words } = sheet;
  const form = readForm(sheet);
  const result = checkForm(form, sheet.layout, sheet.lang, words);
  show(sheet, result);
  if (startedAt !== null) timings.push(performance.now() - startedAt);
  if (words && words.pending.size > 0 && sheet.lookup === null)
    sheet.lookup = askWords(sheet, words);
}

async function askWords(sheet: Sheet, words: RemoteWords): Promise<void> {
  const { lang, status } = sheet;
  const keys = [...words.pending].slice(0, 200);
  const base = sheet.config.wordsUrl!;
  const url = `${base}${base.includes('?') ? '&' : '?'}${keys.map((k) => `k=${encodeURIComponent(k)}`).join('&')}`;
  status.textContent = ft(lang, 'form.checking');
  try {
    const answer = await fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!answer.ok) throw new Error(String(answer.status));
    const { known } = (await answer.json()) as { known: Record<string, boolean | null> };
    for (const k of keys) {
      words.pending.delete(k);
      const v = known[k];
      if (typeof v === 'boolean') words.known.set(k, v);
    }
    status.textContent = ft(lang, 'form.live');
  } catch {
    for (const k of keys) {
      words.pending.delete(k);
      words.failed.add(k);
    }
    status.textContent = ft(lang, 'form.wordsUnavailable');
  }
  sheet.lookup = null;
  checkSheet(sheet, null);
}

// ------------------------------------------------------------ rows and keys

function addRow(sheet: Sheet): HTMLTableRowElement {
  const rows = rowElements(sheet);
  const last = rows[rows.length - 1];
  const lastMessage = document.getElementById(`msg-${rows.length - 1}`)!;
  const i = rows.length;
  const row = last.cloneNode(true) as HTMLTableRowElement;
  const message = lastMessage.cloneNode(true) as HTMLTableRowElement;
  row.dataset.row = String(i);
  row.classList.remove('bad', 'warn');
  row.querySelector('th')!.firstChild!.textContent = String(i + 1);
  row.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]').forEach((el) => {
    const name = el.getAttribute('name')!;
    if (el.id) el.id = `c-${i}-${name}`;
    const label = el.getAttribute('aria-label');
    if (label) el.setAttribute('aria-label', label.replace(/\d+$/, String(i + 1)));
    if (el instanceof HTMLSelectElement) el.selectedIndex = 0;
    else el.value = '';
    mark(el, null, '');
  });
  const previous = Number(field(last, 'player')?.value ?? 0);
  const player = field(row, 'player');
  if (player) player.value = String((previous + 1) % sheet.layout.players.length);
  const kind = field(row, 'kind');
  if (kind) kind.value = 'play';
  message.id = `msg-${i}`;
  message.dataset.for = String(i);
  setMessages(message, []);
  sheet.tbody.append(row, message);
  return row;
}

/**
 * Tab goes through the rows written and the row being typed in, then straight on to the end of
 * the game: the empty rows below are reached by Enter (or a click), which puts them in the order
 * while they have the focus. A new sheet's first row is in it. Without the script every row is.
 */
function keepTabOrder(sheet: Sheet): void {
  const rows = rowElements(sheet);
  let last = -1;
  rows.forEach((tr, i) => {
    if (!isEmptyRow(readRow(tr))) last = i;
  });
  const active = document.activeElement;
  rows.forEach((tr, i) => {
    const inOrder = i <= last || (last < 0 && i === 0) || tr.contains(active);
    tr.querySelectorAll<HTMLElement>('input:not([type=hidden]), select').forEach((el) => {
      if (inOrder) el.removeAttribute('tabindex');
      else el.tabIndex = -1;
    });
  });
}

const focusables = (formNode: HTMLFormElement) =>
  Array.from(
    formNode.querySelectorAll<HTMLElement>(
      '#sheet-rows input:not([type=hidden]), #sheet-rows select, .sheet-end input, .sheet-end select',
    ),
  );

const focusCell = (el: HTMLInputElement | HTMLSelectElement | null | undefined) => {
  el?.focus();
  if (el instanceof HTMLInputElement) el.select();
};

function listenToKeys(sheet: Sheet): void {
  const { layout } = sheet;
  /** Where a row's typing begins: the position (a card game's rotation), as on the paper sheet. */
  const firstColumn = layout.columns.find((c) => !OPTION_FIELDS.has(c)) ?? layout.columns[0];
  sheet.formNode.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    if (target.closest('.sheet-import')) return;
    const tr = target.closest<HTMLTableRowElement>('tr.sheet-row');
    const name = target.getAttribute('name')!;
    if (event.key === 'Enter') {
      // As in a spreadsheet: Enter goes down to the next row, where its typing begins (the
      // position); Shift+Enter goes up. Past the last row a new row is added.
      event.preventDefault();
      if (!tr) {
        const all = focusables(sheet.formNode);
        focusCell(all[all.indexOf(target) + (event.shiftKey ? -1 : 1)] as HTMLInputElement);
        return;
      }
      const rows = rowElements(sheet);
      const at = rows.indexOf(tr) + (event.shiftKey ? -1 : 1);
      if (at < 0) return;
      focusCell(field(rows[at] ?? addRow(sheet), firstColumn));
      return;
    }
    if (
      (event.key === 'ArrowDown' || event.key === 'ArrowUp') &&
      tr &&
      target instanceof HTMLInputElement
    ) {
      const rows = rowElements(sheet);
      const i = rows.indexOf(tr) + (event.key === 'ArrowDown' ? 1 : -1);
      if (i >= 0 && i < rows.length) {
        event.preventDefault();
        focusCell(field(rows[i], name));
      }
    }
  });
}

function listenToEdits(sheet: Sheet): void {
  const { formNode } = sheet;
  const onEdit = (event: Event) => {
    const target = event.target as HTMLElement;
    if (target.closest('.sheet-import')) return;
    // From the keystroke itself: the event's time stamp is on performance.now()'s clock.
    const startedAt = event.timeStamp;
    sheet.words?.failed.clear();
    document.getElementById('full-report')?.replaceChildren();
    const tr = target.closest('tr.sheet-row');
    if (tr && tr === rowElements(sheet).at(-1) && !isEmptyRow(readRow(tr as HTMLTableRowElement))) {
      addRow(sheet);
      keepTabOrder(sheet);
    }
    checkSheet(sheet, startedAt);
    sheet.sync!.edited();
  };
  formNode.addEventListener('input', onEdit);
  // An empty row is in the Tab order while it has the focus, and out of it once left: the order
  // changes only when the focus enters another row (or leaves the rows), not at every cell.
  let focusedRow: Element | null = null;
  formNode.addEventListener('focusin', (event) => {
    const row = (event.target as Element).closest('tr.sheet-row');
    if (row !== null && row === focusedRow) return;
    focusedRow = row;
    keepTabOrder(sheet);
  });
  formNode.addEventListener('focusout', () => {
    // Leaving a cell shows what could not be read in it.
    if (sheet.lastCheck)
      window.setTimeout(() => sheet.lastCheck && show(sheet, sheet.lastCheck), 0);
  });
  formNode.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement) onEdit(event);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
