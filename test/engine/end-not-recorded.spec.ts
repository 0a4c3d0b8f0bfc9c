/**
 * A Kvizovka sheet that stops before each player has had 10 turns and does not say how the game
 * ended is a game not yet over (or one whose end was not written): `END_NOT_RECORDED`, a warning
 * with the rules' number of turns as `computed`. The lines themselves can show the end (a clock
 * at zero, the time loss named); then nothing is said. The sheet page
 * asks before such a sheet becomes the game's result.
 */
import { verifyDocument } from '../../src/engine/replay/verify';
import type { VerificationReport } from '../../src/engine/report/report';

type Turn = Record<string, unknown>;

/** Ana and Bora pass in turn, `lines` lines, Ana first; `clock` on every line when given. */
function passes(lines: number, clock?: string): Turn[] {
  return Array.from({ length: lines }, (_, i) => ({
    player: i % 2,
    pass: true,
    score: 0,
    total: 0,
    ...(clock !== undefined ? { clock } : {}),
  }));
}

function verify(turns: Turn[], end?: Record<string, unknown>): VerificationReport {
  const result = verifyDocument(
    {
      format: 'scoresheet/1',
      rules: 'kvizovka',
      players: ['Ana', 'Bora'],
      turns,
      ...(end !== undefined ? { end } : {}),
    },
    { words: null },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

interface Case {
  name: string;
  turns: Turn[];
  end?: Record<string, unknown>;
  /** The finding's message, or null for none. */
  message: string | null;
}

const CASES: Case[] = [
  {
    name: '11 lines and no end: Ana 6 of 10, Bora 5 of 10',
    turns: passes(11),
    message:
      'End of game: the sheet does not say how the game ended, and not every player has had 10 turns (Ana 6 of 10, Bora 5 of 10); if the game is over, say how it ended',
  },
  {
    name: '19 lines and an end without a reason (final racks only): Bora 9 of 10',
    turns: passes(19),
    end: { racks: ['AB', 'CD'] },
    message:
      'End of game: the sheet does not say how the game ended, and not every player has had 10 turns (Ana 10 of 10, Bora 9 of 10); if the game is over, say how it ended',
  },
  { name: '20 lines (10 each) and no end: the turns ran out', turns: passes(20), message: null },
  {
    name: '11 lines ended by agreement',
    turns: passes(11),
    end: { reason: 'agreed' },
    message: null,
  },
  {
    name: "11 lines, Ana's clock at 00:00 on the last: her flag fell",
    turns: [...passes(10, '10:00'), { player: 0, pass: true, score: 0, total: 0, clock: '00:00' }],
    message: null,
  },
  {
    name: '11 lines and the time loss named (end.timeExpired)',
    turns: passes(11),
    end: { timeExpired: 1 },
    message: null,
  },
];

describe('a sheet that does not say how an unfinished game ended (END_NOT_RECORDED)', () => {
  test.each(CASES)('$name', ({ turns, end, message }) => {
    const report = verify(turns, end);
    const found = report.issues.filter((i) => i.code === 'END_NOT_RECORDED');
    if (message === null) {
      expect(found).toEqual([]);
    } else {
      expect(found).toEqual([
        { code: 'END_NOT_RECORDED', severity: 'warning', message, computed: 10 },
      ]);
    }
  });
});
