/**
 * The round's results page in the browser: a line typed in the lines box fills its table's row of
 * the grid, and every row is checked as it is typed by the same functions the server reads the
 * post with (src/results/round-lines.ts); the message shows on the row in the page's language
 * (the page gives the words). Without this script the page posts and the server says the same.
 */
import { applyOptions, type RuleOptions } from '../engine/rules/ruleset';
import { findRuleSet } from '../engine/rules/rulesets';
import {
  checkRow,
  isEmptyRow,
  readLines,
  sameRow,
  type RowAsks,
  type RowProblem,
  type RowValues,
} from '../results/round-lines';

interface RowConfig {
  table: number;
  asks: RowAsks;
  names: string[];
  stored: RowValues;
  /** The scores of the game's sheet, when it has one. */
  sheet: string | null;
}

interface Config {
  ruleSet: string;
  options: RuleOptions | null;
  problems: Record<string, string>;
  outcomes: Record<'won' | 'drawn' | 'forfeit' | 'doubleForfeit' | 'places', string>;
  figures: Record<string, string>;
  rows: RowConfig[];
}

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );

const field = (form: HTMLFormElement, table: number, name: string) =>
  form.elements.namedItem(`t${table}_${name}`) as HTMLInputElement | HTMLSelectElement | null;

function read(form: HTMLFormElement, row: RowConfig): RowValues {
  const seats = (name: string) =>
    Array.from(
      { length: row.asks.seats },
      (_, i) => field(form, row.table, `${name}${i + 1}`)?.value ?? '',
    );
  return {
    kind: field(form, row.table, 'kind')?.value ?? '',
    scores: seats('s'),
    clocks: row.asks.clocks ? seats('c') : [],
    timeLoss: field(form, row.table, 'tl')?.value ?? '',
    figures: Object.fromEntries(row.asks.figures.map((f) => [f, seats(f)])),
    targetFirst: field(form, row.table, 'tf')?.value ?? '',
  };
}

function write(form: HTMLFormElement, row: RowConfig, v: RowValues): void {
  const set = (name: string, value: string) => {
    const el = field(form, row.table, name);
    if (el && el.value !== value) el.value = value;
  };
  set('kind', v.kind);
  v.scores.forEach((s, i) => set(`s${i + 1}`, s));
  v.clocks.forEach((c, i) => set(`c${i + 1}`, c));
  set('tl', v.timeLoss);
  for (const [f, cells] of Object.entries(v.figures)) {
    cells?.forEach((c, i) => set(`${f}${i + 1}`, c));
  }
  set('tf', v.targetFirst);
}

function show(table: number, text: string, bad: boolean): void {
  const cell = document.getElementById(`msg-${table}`);
  const tr = document.getElementById(`row-${table}`);
  if (cell) {
    // Setting the same text again still lays the whole grid out anew; only a change is written.
    if (cell.textContent !== text) cell.textContent = text;
    cell.classList.toggle('bad', bad && text !== '');
    cell.classList.toggle('ok', !bad && text !== '');
  }
  tr?.classList.toggle('bad', bad && text !== '');
}

function start(): void {
  const form = document.getElementById('round-results') as HTMLFormElement | null;
  const configNode = document.getElementById('round-config');
  if (!form || !configNode) return;
  const config = JSON.parse(configNode.textContent ?? '{}') as Config;
  const base = findRuleSet(config.ruleSet);
  if (!base) return;
  const ruleSet = applyOptions(base, config.options ?? undefined);
  const lines = form.querySelector<HTMLTextAreaElement>('#lines');
  const linesCheck = document.getElementById('lines-check');

  const problemText = (p: RowProblem | { code: 'SHEET_LOCKED'; scores: string }) => {
    const params: Record<string, string | number> = { ...(p as Record<string, string | number>) };
    if ('figure' in p) params.figure = config.figures[p.figure] ?? p.figure;
    return fill(config.problems[p.code] ?? p.code, params);
  };

  /** Checks a row as the server will; a line's own problem goes first. */
  const check = (row: RowConfig, lineProblem?: RowProblem) => {
    if (lineProblem) return show(row.table, problemText(lineProblem), true);
    const v = read(form, row);
    if (isEmptyRow(v) || sameRow(v, row.stored)) return show(row.table, '', false);
    const c = checkRow(ruleSet, row.asks, v);
    if (!c.ok) return show(row.table, problemText(c.problem), true);
    const confirm = field(form, row.table, 'ok') as HTMLInputElement | null;
    if (row.sheet !== null && !confirm?.checked) {
      return show(row.table, problemText({ code: 'SHEET_LOCKED', scores: row.sheet }), true);
    }
    const e = c.entry;
    const o = config.outcomes;
    const text =
      e.kind === 'double-forfeit'
        ? o.doubleForfeit
        : e.kind === 'forfeit'
          ? fill(o.forfeit, { name: row.names[e.absent] })
          : row.asks.seats > 2
            ? fill(o.places, { places: e.places.join(', ') })
            : e.winner === null
              ? o.drawn
              : fill(o.won, { name: row.names[e.winner] });
    show(row.table, text, false);
  };

  const byTable = new Map(config.rows.map((r) => [r.table, r]));

  /**
   * The lines fill their rows; each row named is checked, the lines' own problems said. A line
   * as it was at the last keystroke is left alone: a keystroke changes one line, and writing
   * and checking every row again at each one made typing a 50-table round slow.
   */
  const lastLine = new Map<number, string>();
  const fromLines = () => {
    if (!lines) return;
    const texts = new Map<number, string>();
    for (const text of lines.value.split(/\r?\n/)) {
      const table = Number(/^\s*(\d{1,4})\s/.exec(text)?.[1] ?? NaN);
      if (Number.isInteger(table)) texts.set(table, `${texts.has(table) ? '\u0000' : ''}${text}`);
    }
    const reads = readLines(
      lines.value,
      config.rows.map((r) => ({ table: r.table, asks: r.asks })),
    );
    const general: string[] = [];
    for (const r of reads) {
      const row = r.table === null ? undefined : byTable.get(r.table);
      if (!row) {
        if (!r.ok) general.push(problemText(r.problem));
        continue;
      }
      const text = texts.get(row.table) ?? '';
      if (lastLine.get(row.table) === text) continue;
      lastLine.set(row.table, text);
      if (r.ok) {
        write(form, row, r.values);
        check(row);
      } else {
        check(row, r.problem);
      }
    }
    const said = general.join(' ');
    if (linesCheck && linesCheck.textContent !== said) linesCheck.textContent = said;
    const invalid = general.length > 0 ? 'true' : 'false';
    if (lines.getAttribute('aria-invalid') !== invalid) lines.setAttribute('aria-invalid', invalid);
  };

  /**
   * Keystrokes come faster than frames: the lines are read once a frame, not once a key, and
   * before the page posts so the grid sent is the one the lines say.
   */
  let frame = 0;
  const flush = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    fromLines();
  };
  lines?.addEventListener('input', () => {
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        fromLines();
      });
    }
  });
  form.addEventListener('submit', () => {
    if (frame) flush();
  });
  form.addEventListener('input', (event) => {
    const target = event.target as HTMLElement;
    if (target === lines) return;
    const tr = target.closest('tr[data-table]');
    const row = tr ? byTable.get(Number(tr.getAttribute('data-table'))) : undefined;
    if (row) check(row);
  });
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    const tr = target.closest('tr[data-table]');
    const row = tr ? byTable.get(Number(tr.getAttribute('data-table'))) : undefined;
    if (row) check(row);
  });
  // Enter in a cell goes to the next row's first score (the keyboard's way down the grid)
  // instead of posting the page half typed.
  form.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName !== 'INPUT') return;
    const tr = target.closest('tr[data-table]');
    if (!tr) return;
    event.preventDefault();
    const next = tr.nextElementSibling?.querySelector<HTMLInputElement>('input[type=text]');
    next?.focus();
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
