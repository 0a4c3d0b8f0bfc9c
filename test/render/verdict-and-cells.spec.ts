/**
 * The page cannot contradict itself: the verdict and the cells come from one source. For any
 * report, the verdict says the sheet is correct exactly when no turn, cell or finding of the game
 * is marked wrong (an error) and the sheet is finished; right so far when it stops before the end
 * with nothing wrong; and the page's verdict is the engine's `ok`. The reports are random legal
 * games with random slips copied into them (scores, totals, letters, challenges, the end left
 * off), the score sheet form's cells placed from the same reports.
 *
 * Before, the verdict was read from the engine's `ok` alone: an unfinished sheet (not `ok`) was
 * called "has discrepancies: see the marked turns" with no turn marked, and a play withdrawn after
 * a challenge could carry placement findings beside "✓ correct".
 */
import fc from 'fast-check';
import { KVIZOVKA, simulateGame, verifyDocument, VerificationReport } from '../../src/engine';
import type { Scoresheet } from '../../src/engine/sheet/scoresheet';
import { findRuleSet } from '../../src/engine/rules/rulesets';
import { presentReport } from '../../src/render/report-view';
import { checkForm, sheetLayout, sheetToForm } from '../../src/sheet-form';

type Turn = Scoresheet['turns'][number];

/** One slip a judge's copy can have, applied to turn `at` (wrapped to the sheet's length). */
type Slip =
  | { kind: 'score'; at: number; by: number }
  | { kind: 'total'; at: number; by: number }
  | { kind: 'letter'; at: number }
  | { kind: 'withdrawn'; at: number }
  | { kind: 'no-end' }
  | { kind: 'drop'; at: number };

const slip: fc.Arbitrary<Slip> = fc.oneof(
  fc.record({
    kind: fc.constant('score' as const),
    at: fc.nat(40),
    by: fc.integer({ min: -5, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('total' as const),
    at: fc.nat(40),
    by: fc.integer({ min: -5, max: 5 }),
  }),
  fc.record({ kind: fc.constant('letter' as const), at: fc.nat(40) }),
  fc.record({ kind: fc.constant('withdrawn' as const), at: fc.nat(40) }),
  fc.record({ kind: fc.constant('no-end' as const) }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat(40) }),
);

function applySlip(sheet: Scoresheet, s: Slip): void {
  if (s.kind === 'no-end') {
    delete sheet.end;
    delete sheet.claimed;
    return;
  }
  const turns = sheet.turns;
  if (turns.length === 0) return;
  const turn: Turn = turns[s.at % turns.length];
  switch (s.kind) {
    case 'score':
      if (turn.score !== undefined) turn.score += s.by;
      break;
    case 'total':
      if (turn.total !== undefined) turn.total += s.by;
      break;
    case 'letter':
      // The last letter of the word as another (A for anything else, E for an A).
      if (turn.play) turn.play = turn.play.replace(/[A-ZČĆŽŠĐ]$/, (c) => (c === 'A' ? 'E' : 'A'));
      break;
    case 'withdrawn':
      if (turn.play)
        turn.challenge = { by: (turn.player + 1) % sheet.players.length, valid: false };
      break;
    case 'drop':
      turns.splice(s.at % turns.length, 1);
      break;
  }
}

function verified(sheet: Scoresheet): VerificationReport {
  const result = verifyDocument(JSON.parse(JSON.stringify(sheet)), { words: null });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

/** Every way the page marks something wrong, beside the verdict. */
function marks(sheet: Scoresheet, report: VerificationReport) {
  const view = presentReport(report, 'sr-Latn');
  const ruleSet = findRuleSet(sheet.rules)!;
  const layout = sheetLayout(ruleSet, sheet.players, sheet.options ?? {});
  const check = checkForm(sheetToForm(sheet, layout), layout, 'sr-Latn', null);
  const errors = [...report.turns.flatMap((t) => t.issues), ...report.issues].filter(
    (i) => i.severity === 'error',
  );
  return {
    view,
    turnMarked: view.turns.some((t) => t.flagged),
    gameMarked:
      view.gameIssues.some((i) => i.tone === 'bad') || view.accounts.some((a) => a.finalMismatch),
    cellMarked: check.flags.some((f) => f.tone === 'bad'),
    formVerdictOk: check.report?.ok,
    errors: errors.length,
    unfinished: report.issues.some((i) => i.code === 'END_NOT_RECORDED'),
  };
}

describe('the verdict and the cells come from one source', () => {
  test('for any report: correct exactly when nothing is marked wrong and the sheet is finished', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(slip, { maxLength: 4 }),
        (seed, slips) => {
          const { sheet } = simulateGame(KVIZOVKA, seed, { turnsPerPlayer: 4 });
          for (const s of slips) applySlip(sheet, s);
          const report = verified(sheet);
          const m = marks(sheet, report);
          const marked = m.turnMarked || m.gameMarked;
          // The verdict, the turns' rows and the form's cells say the same.
          expect(m.view.tone).toBe(marked ? 'bad' : m.unfinished ? 'warn' : 'ok');
          expect(m.view.ok).toBe(!marked && !m.unfinished);
          expect(m.cellMarked).toBe(marked);
          expect(m.errors > 0).toBe(marked);
          // And the engine's verdict (the command line's exit status) is the page's.
          expect(report.ok).toBe(m.view.ok);
          expect(m.view.sign).toBe(m.view.ok ? '✓' : m.unfinished && !marked ? '…' : '✗');
        },
      ),
      { numRuns: 120 },
    );
  });

  test('a play over occupied squares, then challenged off: no cell is marked wrong, and the verdict says correct', () => {
    // KUĆA (K 2 + U 2 + Ć 3 + A 1 = 8), then AKUT across it, withdrawn: its placement problems
    // are warnings (the tiles came off anyway), its written 0 is the turn's score.
    const sheet: Scoresheet = {
      format: 'scoresheet/1',
      rules: 'kvizovka',
      players: ['Ana', 'Bora'],
      turns: [
        { player: 0, play: '9F KUĆA', score: 8, total: 8 },
        { player: 1, play: '9E AKUT', score: 0, total: 0, challenge: { by: 0, valid: false } },
      ],
      end: { reason: 'agreed' },
    };
    const report = verified(sheet);
    const m = marks(sheet, report);
    expect(report.turns[1].issues.map((i) => [i.code, i.severity])).toEqual([
      ['BLOCKED_SQUARE', 'warning'],
      ['SQUARE_OCCUPIED', 'warning'],
      ['CHALLENGE_UPHELD', 'info'],
    ]);
    expect([m.turnMarked, m.gameMarked, m.cellMarked]).toEqual([false, false, false]);
    expect(m.view.tone).toBe('ok');
    expect(m.view.verdict).toBe(
      'Zapisnik je ispravan: svi poeni, zbirovi i konačni rezultat se slažu s pravilima.',
    );
  });

  test('a sheet that stops before the end is right so far: no cell marked, no ✗', () => {
    const { sheet } = simulateGame(KVIZOVKA, 7, { turnsPerPlayer: 4 });
    delete sheet.end;
    delete sheet.claimed;
    const report = verified(sheet);
    const m = marks(sheet, report);
    expect(report.ok).toBe(false);
    expect([m.turnMarked, m.gameMarked, m.cellMarked]).toEqual([false, false, false]);
    expect([m.view.tone, m.view.sign]).toEqual(['warn', '…']);
    expect(m.view.verdict).toBe(
      'Zapisnik je ispravan dovde: poeni i zbirovi se slažu s pravilima, ali kraj partije nije upisan.',
    );
    expect(m.view.resultText).toMatch(/^(Vodi: |Zasad nerešeno)/);
  });
});
