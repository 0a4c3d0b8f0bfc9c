/**
 * A slip that broke a later play (docs/rulings.md, 21): a line writes another letter over a tile
 * and has no written score or total. It was taken as a one-letter copying slip and placed; a
 * later line that puts tiles on the same squares, with a score the rules confirm, then became
 * illegal (or, through the tile the slip changed, scored what the sheet does not say): two
 * findings and a wrong board. A slip is never assumed where it makes a later line go wrong: the
 * earlier line is refused (`SQUARE_OCCUPIED`) and the later one is the play.
 *
 * The same code serves every crossword rule set; Qwibble's written scores count steals, so only
 * the later line's legality tells there.
 */
import { loadWordList } from '../../src/dictionary';
import { verifyDocument } from '../../src/engine/replay/verify';
import type { VerificationReport } from '../../src/engine/report/report';
import type { WordList } from '../../src/engine/rules/words';

type Line = Record<string, unknown>;

interface Case {
  name: string;
  rules: string;
  lines: Line[];
  /** With the rule set's word list as well as without one. */
  withList?: boolean;
  /** Errors and warnings: [turn index, code]. */
  findings: [number, string][];
  /** What the board holds, `row` or `column` squares read in order (`.` empty, `#` blocker). */
  board: { row?: number; column?: string; from: number; reads: string };
}

const KVIZOVKA_LINES: Line[] = [
  { player: 0, play: '9F KUĆA', score: 8, total: 8 }, // K 2 + U 2 + Ć 3 + A 1
  { player: 1, play: 'H7 VOČE' }, // Č over KUĆA's Ć on H9, no score, no total
  { player: 0, play: 'H7 MO.I', score: 7, total: 15 }, // MOĆI on H7–H10, B's squares: 7, as written
];

/** CAT on the centre, AXE written over its A with no score, CATS scored as the rules give it. */
const crossword = (rules: string, catsScore: number): Line[] => [
  { player: 0, play: '8G CAT', score: 10, total: 10 }, // (C 3 + A 1 + T 1) × 2 on the centre
  { player: 1, play: 'H7 AXE' }, // X over CAT's A on H8, no score, no total
  { player: 0, play: '8G ...S', score: catsScore, total: 10 + catsScore },
];

const CASES: Case[] = [
  {
    // Before: LETTER_MISMATCH on turn 1 (H9 read as Č), then MOĆI refused twice (H7 holds V,
    // H10 holds E) and its 7 a SCORE_MISMATCH; the board had VOČE.
    name: 'Kvizovka: VOČE over KUĆA, then MOĆI on its squares, scored 7',
    rules: 'kvizovka',
    lines: KVIZOVKA_LINES,
    withList: true,
    findings: [[1, 'SQUARE_OCCUPIED']],
    board: { column: 'H', from: 6, reads: '#MOĆI#' },
  },
  {
    // Before: LETTER_MISMATCH on turn 1 (H8 read as X) and CXTS 3 + 8 + 1 + 1 = 13 against the
    // sheet's 6.
    name: "English: AXE over CAT's A, then CATS through it, scored 3 + 1 + 1 + 1 = 6",
    rules: 'scrabble-en',
    lines: crossword('scrabble-en', 6),
    findings: [[1, 'SQUARE_OCCUPIED']],
    board: { row: 8, from: 7, reads: 'CATS' },
  },
  {
    // Before: CXTS 3 + 10 + 1 + 1 = 15 against 6 (X is worth 10 in French).
    name: 'French: the same lines, CATS 6',
    rules: 'scrabble-fr',
    lines: crossword('scrabble-fr', 6),
    findings: [[1, 'SQUARE_OCCUPIED']],
    board: { row: 8, from: 7, reads: 'CATS' },
  },
  {
    name: 'Scrabble to a target: the same lines, CATS 6',
    rules: 'scrabble-target',
    lines: crossword('scrabble-target', 6),
    findings: [[1, 'SQUARE_OCCUPIED']],
    board: { row: 8, from: 7, reads: 'CATS' },
  },
  {
    // Qwibble scores are the tiles' values, steals included, so the score says nothing here:
    // OAS puts O and S on AXE's H7 and H9 and is legal only without AXE. Before: OAS refused
    // twice. Its 2 (O 1 + S 1; the A is Ana's own) is what the rules give.
    name: "Qwibble: AXE over CAT's A, then OAS on AXE's squares",
    rules: 'qwibble',
    lines: [
      { player: 0, play: '8G CAT', score: 5, total: 5 }, // C 3 + A 1 + T 1, nothing doubled
      { player: 1, play: 'H7 AXE' },
      { player: 0, play: 'H7 O.S', score: 2, total: 7 },
    ],
    findings: [[1, 'SQUARE_OCCUPIED']],
    board: { column: 'H', from: 7, reads: 'OAS' },
  },
];

/** The slip stands where a later line is right only with it. */
const KEPT: Case[] = [
  {
    name: 'Kvizovka: VOČE over KUĆA, then SLAVA through its V: still one slip, on turn 1',
    rules: 'kvizovka',
    lines: [
      KVIZOVKA_LINES[0],
      KVIZOVKA_LINES[1],
      // S 1 + L 2 + A 1 × 2 (G7) + V 2 + A 1 = 8; without VOČE it touches nothing
      { player: 0, play: '7E SLA.A', score: 8, total: 16 },
    ],
    findings: [[0, 'LETTER_MISMATCH']], // without a list the later line's letter is taken
    board: { column: 'H', from: 6, reads: '#VOČE#' },
  },
];

const lists = new Map<string, WordList>();
function listFor(rules: string): WordList {
  const name = rules === 'kvizovka' ? 'sr-kvizovka' : rules === 'scrabble-fr' ? 'fr' : 'en';
  if (!lists.has(name)) lists.set(name, loadWordList(name));
  return lists.get(name)!;
}

function verify(c: Case, words: WordList | null): VerificationReport {
  const result = verifyDocument(
    {
      format: 'scoresheet/1',
      rules: c.rules,
      players: ['Ana', 'Bora'],
      turns: c.lines,
      end: { reason: 'agreed' },
    },
    { words },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

const findings = (r: VerificationReport) =>
  r.turns.flatMap((t) =>
    t.issues.filter((i) => i.severity !== 'info').map((i) => [t.index, i.code]),
  );

function squaresRead(r: VerificationReport, at: Case['board']): string {
  const rows = r.board.map((line) => line.split(' '));
  const cells =
    at.row !== undefined
      ? rows[at.row - 1]
      : rows.map((row) => row[at.column!.charCodeAt(0) - 'A'.charCodeAt(0)]);
  return cells.slice(at.from - 1, at.from - 1 + at.reads.length).join('');
}

describe('a slip that breaks a later play: the earlier line is refused, the later one is the play', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    for (const words of c.withList ? [null, listFor(c.rules)] : [null]) {
      const r = verify(c, words);
      expect(findings(r)).toEqual(c.findings);
      expect(r.turns[2].status).toBe('ok');
      expect(r.turns[2].score).toEqual({ claimed: c.lines[2].score, computed: c.lines[2].score });
      expect(squaresRead(r, c.board)).toBe(c.board.reads);
    }
  });

  test.each(KEPT.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const r = verify(c, null);
    expect(findings(r)).toEqual(c.findings);
    expect(r.turns[1].status).toBe('ok');
    expect(squaresRead(r, c.board)).toBe(c.board.reads);
  });
});
