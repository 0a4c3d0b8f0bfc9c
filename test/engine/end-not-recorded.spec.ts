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

/**
 * Verdicts a batch can trust: an unfinished sheet is not `ok`, in every rule set (the CLI then
 * exits 1, and a round's folder checked by exit status does not count it as agreeing). Before,
 * each of the unfinished sheets below was `ok` (exit 0), a winner named for a half-played game;
 * Quivit's said only `GAME_INCOMPLETE`, a warning.
 */
describe('an unfinished sheet is not ok, in every rule set', () => {
  /** Quivit, 4 players: round r starts with player (r − 1) mod 4; every turn takes 2 cards worth 1. */
  const quivitTurns = (count: number): Turn[] =>
    Array.from({ length: count }, (_, i) => {
      const round = Math.floor(i / 4);
      return { player: (round + i) % 4, score: 2, cards: 2, taken: [1, 1] };
    });
  /** CAT on the centre, then two more plays: (3 + 1 + 1) × 2 = 10, CATS 6, ATS down 3. */
  const crossword: Turn[] = [
    { player: 0, play: '8G CAT', score: 10, total: 10 },
    { player: 1, play: '8G ...S', score: 6, total: 6 },
    { player: 0, play: 'H8 .S', score: 2, total: 12 }, // AS: A 1 + S 1
  ];

  interface EndCase {
    name: string;
    rules: string;
    players?: string[];
    turns: Turn[];
    end?: Record<string, unknown>;
    /** The game's findings as [code, computed]; `ok` follows. */
    findings: [string, number | undefined][];
    ok: boolean;
  }

  const CASES: EndCase[] = [
    {
      name: 'Kvizovka: 11 lines and no end (Ana 6 of 10, Bora 5 of 10)',
      rules: 'kvizovka',
      turns: passes(11),
      findings: [['END_NOT_RECORDED', 10]],
      ok: false,
    },
    {
      name: 'Kvizovka: 20 lines, 10 each',
      rules: 'kvizovka',
      turns: passes(20),
      findings: [],
      ok: true,
    },
    {
      // 4 players × 5 rounds = 20 turns; 10 written: A 2, B 2, C 3, D 3 (rounds 1 and 2, then C, D).
      name: 'Quivit: 10 of its 20 turns and no end',
      rules: 'quivit',
      players: ['A', 'B', 'C', 'D'],
      turns: quivitTurns(10),
      findings: [['END_NOT_RECORDED', 5]],
      ok: false,
    },
    {
      name: 'Quivit: 10 of 20 turns said to have run out: short of the game, as before',
      rules: 'quivit',
      players: ['A', 'B', 'C', 'D'],
      turns: quivitTurns(10),
      end: { reason: 'turns' },
      findings: [['GAME_INCOMPLETE', undefined]],
      ok: true,
    },
    {
      name: 'Quivit: all 20 turns',
      rules: 'quivit',
      players: ['A', 'B', 'C', 'D'],
      turns: quivitTurns(20),
      findings: [],
      ok: true,
    },
    {
      name: 'English: three plays and no end',
      rules: 'scrabble-en',
      turns: crossword,
      findings: [['END_NOT_RECORDED', undefined]],
      ok: false,
    },
    {
      name: 'English: three plays and Bora out of tiles (her rack written empty)',
      rules: 'scrabble-en',
      turns: crossword,
      end: { racks: ['QI', ''] },
      findings: [],
      ok: true,
    },
    {
      name: 'French: three plays and no end',
      rules: 'scrabble-fr',
      turns: crossword,
      findings: [['END_NOT_RECORDED', undefined]],
      ok: false,
    },
    {
      name: 'Target score: three plays, no total at 200, and no end',
      rules: 'scrabble-target',
      turns: crossword,
      findings: [['END_NOT_RECORDED', undefined]],
      ok: false,
    },
    {
      // Qwibble scores the tiles' values: CAT 5, CATS steals CAT (5 + 1 = 6), AS 1 + 1 = 2.
      name: 'Qwibble: three plays and no end',
      rules: 'qwibble',
      turns: [
        { player: 0, play: '8G CAT', score: 5 },
        { player: 1, play: '8G ...S', score: 6 },
        { player: 0, play: 'H8 .S', score: 2 },
      ],
      findings: [['END_NOT_RECORDED', undefined]],
      ok: false,
    },
    {
      name: 'Qwibble: two passes in a row end it',
      rules: 'qwibble',
      turns: [
        { player: 0, play: '8G CAT', score: 5 },
        { player: 1, pass: true },
        { player: 0, pass: true },
      ],
      findings: [],
      ok: true,
    },
  ];

  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = verifyDocument(
      {
        format: 'scoresheet/1',
        rules: c.rules,
        players: c.players ?? ['Ana', 'Bora'],
        turns: c.turns,
        ...(c.end !== undefined ? { end: c.end } : {}),
      },
      { words: null },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { report } = result;
    const turnFindings = report.turns.flatMap((t) =>
      t.issues.filter((i) => i.severity !== 'info').map((i) => i.code),
    );
    expect(turnFindings).toEqual([]);
    expect(
      report.issues
        .filter((i) => i.severity !== 'info')
        .map((i) => [i.code, typeof i.computed === 'number' ? i.computed : undefined]),
    ).toEqual(c.findings);
    expect(report.ok).toBe(c.ok);
  });
});
