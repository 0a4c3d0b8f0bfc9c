/**
 * The score-sheet page in the browser: the same engine as the server checks
 * the sheet on every keystroke, puts each finding on the cell it is about,
 * redraws the board, and keeps the rows as a draft on the server as the judge
 * types. Without this script the form still posts and the server shows the
 * same flags.
 */
import type { WordList } from '../engine/rules/words';
import type { Lang } from '../i18n';
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

function start(): void {
  const configNode = document.getElementById('sheet-config');
  const formNode = document.getElementById('sheet-form');
  if (!configNode || !(formNode instanceof HTMLFormElement)) return;
  const config = JSON.parse(configNode.textContent ?? '{}') as Config;
  const { lang, layout } = config;
  const tbody = document.querySelector<HTMLTableSectionElement>('#sheet-rows tbody')!;
  const status = document.getElementById('live-status')!;
  const words = config.wordsUrl ? new RemoteWords() : null;
  status.hidden = false;
  status.textContent = ft(lang, 'form.live');

  // ------------------------------------------------------------ reading the form

  const rowElements = () => Array.from(tbody.querySelectorAll<HTMLTableRowElement>('tr.sheet-row'));
  const field = (scope: ParentNode, name: string) =>
    scope.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  const values = (name: string) =>
    Array.from(formNode.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)).map((e) => e.value);

  function readRow(tr: HTMLTableRowElement): FormRow {
    const row = emptyRow(0);
    for (const f of ROW_FIELDS) row[f] = field(tr, f)?.value ?? '';
    row.extra = field(tr, 'extra')?.value ?? '';
    return row;
  }

  function readForm(): SheetForm {
    const rows = rowElements().map(readRow);
    const n = layout.players.length;
    const perPlayer = (name: string) => {
      const xs = values(name);
      return Array.from({ length: n }, (_, p) => xs[p] ?? '');
    };
    return {
      rows,
      end: {
        reason: field(formNode!, 'endReason')?.value ?? '',
        racks: perPlayer('endRack'),
        clocks: perPlayer('endClock'),
        timeExpired: field(formNode!, 'endTimeExpired')?.value ?? '',
        final: perPlayer('endFinal'),
      },
      extra: field(formNode!, 'sheetExtra')?.value ?? '',
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
      check.conversion.errors.some(
        (e) => 'row' in e && e.row === flag.row && e.field === flag.field,
      )
    );
  }

  let lastCheck: FormCheck | null = null;

  function show(check: FormCheck): void {
    lastCheck = check;
    const byRow = new Map<number, CellFlag[]>();
    const endFlags: Extract<CellFlag, { end: string }>[] = [];
    const sheetFlags: CellFlag[] = [];
    for (const f of check.flags) {
      if (typing(check, f)) continue;
      if ('row' in f) byRow.set(f.row, [...(byRow.get(f.row) ?? []), f]);
      else if ('end' in f) endFlags.push(f);
      else sheetFlags.push(f);
    }
    rowElements().forEach((tr, i) => {
      const flags = byRow.get(i) ?? [];
      tr.classList.remove('bad', 'warn');
      const tone = worst(flags);
      if (tone) tr.classList.add(tone);
      for (const f of layout.columns) {
        mark(field(tr, f), worst(flags.filter((x) => 'field' in x && x.field === f)), `msg-${i}`);
      }
      setMessages(
        document.getElementById(`msg-${i}`),
        flags.map((f) => ({ tone: f.tone, text: f.message })),
      );
    });
    const endCells = formNode!.querySelectorAll('.sheet-end [name]');
    endCells.forEach((el) => {
      const id = el.id.split('-');
      const endField = id[1];
      const player = id[2] === undefined ? undefined : Number(id[2]);
      mark(
        el,
        worst(
          endFlags.filter(
            (f) => f.end === endField && (player === undefined || f.player === player),
          ),
        ),
        'msg-end',
      );
    });
    setMessages(
      document.getElementById('msg-end'),
      endFlags.map((f) => ({ tone: f.tone, text: f.message })),
    );
    setMessages(
      document.getElementById('sheet-findings'),
      sheetFlags.map((f) => ({ tone: f.tone, text: f.message })),
    );
    // The verdict, as the flags, waits for the cell being typed in.
    const errors = check.conversion.errors.filter((e) => !typing(check, { ...e, tone: 'bad' }));
    drawReport({ ...check, conversion: { ...check.conversion, errors } });
  }

  let lastBoard: string | null = null;

  function drawReport(check: FormCheck): void {
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
    const section = checkSection(check, layout, lang)!;
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
    if (section.boardSvg === lastBoard) return;
    lastBoard = section.boardSvg;
    if (section.boardSvg) {
      // The SVG is built by the same renderer as the server's pages, every text in it escaped.
      board.innerHTML = section.boardSvg;
      if (section.legend.length > 0) {
        const caption = document.createElement('figcaption');
        const list = document.createElement('ul');
        list.className = 'legend';
        for (const entry of section.legend) {
          const li = document.createElement('li');
          const swatch = document.createElement('span');
          swatch.className = `swatch swatch-${entry.kind}${entry.kind === 'highlight' ? ' highlight' : ''}`;
          swatch.style.background = entry.fill;
          li.append(swatch, entry.label);
          list.append(li);
        }
        caption.append(list);
        board.append(caption);
      }
    } else {
      board.textContent = section.boardNote ?? '';
    }
  }

  // ------------------------------------------------------------ checking

  let lookup: Promise<void> | null = null;

  function check(startedAt: number | null): void {
    const form = readForm();
    const result = checkForm(form, layout, lang, words);
    show(result);
    if (startedAt !== null) timings.push(performance.now() - startedAt);
    if (words && words.pending.size > 0 && lookup === null) lookup = askWords();
  }

  async function askWords(): Promise<void> {
    const keys = [...words!.pending].slice(0, 200);
    const base = config.wordsUrl!;
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
        words!.pending.delete(k);
        const v = known[k];
        if (typeof v === 'boolean') words!.known.set(k, v);
      }
      status.textContent = ft(lang, 'form.live');
    } catch {
      for (const k of keys) {
        words!.pending.delete(k);
        words!.failed.add(k);
      }
      status.textContent = ft(lang, 'form.wordsUnavailable');
    }
    lookup = null;
    check(null);
  }

  // ------------------------------------------------------------ rows and keys

  function addRow(): HTMLTableRowElement {
    const rows = rowElements();
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
    if (player) player.value = String((previous + 1) % layout.players.length);
    const kind = field(row, 'kind');
    if (kind) kind.value = 'play';
    message.id = `msg-${i}`;
    message.dataset.for = String(i);
    setMessages(message, []);
    tbody.append(row, message);
    return row;
  }

  const focusables = () =>
    Array.from(
      formNode.querySelectorAll<HTMLElement>(
        '#sheet-rows input:not([type=hidden]), #sheet-rows select, .sheet-end input, .sheet-end select',
      ),
    );

  /** Where a row's typing begins: the position (a card game's rotation), as on the paper sheet. */
  const firstColumn = layout.columns.find((c) => !OPTION_FIELDS.has(c)) ?? layout.columns[0];

  const focusCell = (el: HTMLInputElement | HTMLSelectElement | null | undefined) => {
    el?.focus();
    if (el instanceof HTMLInputElement) el.select();
  };

  formNode.addEventListener('keydown', (event) => {
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
        const all = focusables();
        focusCell(all[all.indexOf(target) + (event.shiftKey ? -1 : 1)] as HTMLInputElement);
        return;
      }
      const rows = rowElements();
      const at = rows.indexOf(tr) + (event.shiftKey ? -1 : 1);
      if (at < 0) return;
      focusCell(field(rows[at] ?? addRow(), firstColumn));
      return;
    }
    if (
      (event.key === 'ArrowDown' || event.key === 'ArrowUp') &&
      tr &&
      target instanceof HTMLInputElement
    ) {
      const rows = rowElements();
      const i = rows.indexOf(tr) + (event.key === 'ArrowDown' ? 1 : -1);
      if (i >= 0 && i < rows.length) {
        event.preventDefault();
        focusCell(field(rows[i], name));
      }
    }
  });

  const onEdit = (event: Event) => {
    const target = event.target as HTMLElement;
    if (target.closest('.sheet-import')) return;
    // From the keystroke itself: the event's time stamp is on performance.now()'s clock.
    const startedAt = event.timeStamp;
    words?.failed.clear();
    document.getElementById('full-report')?.replaceChildren();
    const tr = target.closest('tr.sheet-row');
    if (tr && tr === rowElements().at(-1) && !isEmptyRow(readRow(tr as HTMLTableRowElement)))
      addRow();
    check(startedAt);
    sync.edited();
  };
  formNode.addEventListener('input', onEdit);
  formNode.addEventListener('focusout', () => {
    // Leaving a cell shows what could not be read in it.
    if (lastCheck) window.setTimeout(() => lastCheck && show(lastCheck), 0);
  });
  formNode.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement) onEdit(event);
  });

  document.getElementById('add-rows')?.addEventListener('click', (event) => {
    event.preventDefault();
    for (let k = 0; k < 10; k++) addRow();
  });

  const sync = new DraftSync({
    lang,
    timeZone: config.timeZone,
    draftUrl: config.draftUrl,
    keepKey: config.keepKey ?? null,
    restore: config.restore ?? false,
    formNode,
    draftInput: document.getElementById('draft-version') as HTMLInputElement,
    liveStatus: status,
    syncStatus: document.getElementById('sync-status')!,
    readForm,
    fillForm: (form) => {
      fillForm(formNode, form, rowElements, addRow);
      check(null);
    },
  });
  // For tests and the benchmark: whether rows typed are still on their way to the server.
  (window as unknown as { sheetDraftPending: () => boolean }).sheetDraftPending = () =>
    sync.pending();

  check(null);
  sync.start();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
