import { Scoresheet, verifyDocument, verifyScoresheet, VerificationReport } from '../../src/engine';
import { recordText, verifyGcg } from './gcg-read';
import { findRuleSet } from '../../src/engine/rules/rulesets';
import { simulateGame } from '../../src/engine/replay/simulate';

/** Each player's account: what the racks took and gave, the final, the final written. */
const accounts = (report: VerificationReport) =>
  report.players.map(({ moves, rackPenalty, rackBonus, final, claimedFinal }) => ({
    moves,
    rackPenalty,
    rackBonus,
    final,
    claimedFinal,
  }));

const codes = (report: VerificationReport) => report.issues.map((i) => i.code);

/** Replaces one line of a record, which must be there. */
function withLine(text: string, line: string, replacement: string): string {
  expect(text.split('\n')).toContain(line);
  return text.replace(line, replacement);
}

describe('A going-out bonus nobody earned (issue 34, defect 1)', () => {
  const scoreless = recordText('woogles-six-scoreless.gcg');

  test('six scoreless turns end the game: each player loses their own rack and nobody gains', () => {
    const { report } = verifyGcg(scoreless);
    // tilebird 429 − LRU (1+1+1) = 426; qatsolo 455 − IT (1+1) = 453, as the record's last lines.
    expect(accounts(report)).toEqual([
      { moves: 429, rackPenalty: 3, rackBonus: 0, final: 426, claimedFinal: 426 },
      { moves: 455, rackPenalty: 2, rackBonus: 0, final: 453, claimedFinal: 453 },
    ]);
    expect(report.ok).toBe(true);
  });

  test("an end line whose letters in parentheses are not its rack ('IT (ET) -2') is still that player's own rack, −2, not a going-out bonus", () => {
    // Before: read as qatsolo going out with tilebird holding ET, so qatsolo gained 2 and
    // tilebird lost ET's 2 (427 and 457) against the record's 426 and 453.
    const { report } = verifyGcg(
      withLine(scoreless, '>qatsolo: IT (IT) -2 453', '>qatsolo: IT (ET) -2 453'),
    );
    expect(accounts(report)).toEqual([
      { moves: 429, rackPenalty: 3, rackBonus: 0, final: 426, claimedFinal: 426 },
      { moves: 455, rackPenalty: 2, rackBonus: 0, final: 453, claimedFinal: 453 },
    ]);
    // qatsolo's three passes hold IT, and a pass keeps the rack: ET is a slip of the end line.
    expect(report.issues).toEqual([
      expect.objectContaining({
        code: 'RACK_MISMATCH',
        severity: 'warning',
        player: 1,
        written: 'ET',
        computed: 'IT',
      }),
    ]);
    expect(report.ok).toBe(true);
  });

  /**
   * The issue's own end line, in a whole record as Woogles writes it (Macondo's header, moves
   * `>nick: RACK POS WORD +score total`, an exchange `-IIUUVW +0`, passes `- +0`, and after six
   * scoreless turns each player's own rack, `RACK (RACK) -n`). Every word is in the English
   * list. The scores by hand, with the premium squares:
   * - 8F LATHER: L 1 + A 1 + T 1 + H 4 + E 1 + R 1 = 9, H8 double word: 18.
   * - I7 O.M (OHM): O 1 × 2 (I7 double letter) + H 4 + M 3 × 2 (I9 double letter) = 12.
   * - L4 VOTES: V 4 + O 1 + T 1 + E 1 + S 1 × 2 (L8 double letter) = 9, L4 double word: 18;
   *   LATHERS: 9 + S 2 = 11; 18 + 11 = 29, and 18 + 29 = 47.
   * - 10E QUAYS: Q 10 + U 1 × 3 (F10 triple letter) + A 1 + Y 4 + S 1 = 19; OHMS: 1 + 4 + 3 + 1
   *   = 9; 19 + 9 = 28, and 12 + 28 = 40.
   * - Turns 5 to 10, an exchange and five passes, score nothing: six in a row end the game.
   */
  const blankKept = [
    '#character-encoding UTF-8',
    '#description Created with Macondo',
    '#id io.woogles Vq3mKd8TzWn2',
    '#lexicon NWL23',
    '#game-type classic',
    '#player1 vesna Vesna Ilić',
    '#player2 quokka quokka',
    '>vesna: AEHLORT 8F LATHER +18 18',
    '>quokka: AMOQTUY I7 O.M +12 12',
    '>vesna: EIOSTUV L4 VOTES +29 47',
    '>quokka: ?AQSTUY 10E QUAYS +28 40',
    '>vesna: GIIUUVW -IIUUVW +0 47',
    '>quokka: ?AEIOTT - +0 40',
    '>vesna: BCGNOPR - +0 47',
    '>quokka: ?AEIOTT - +0 40',
    '>vesna: BCGNOPR - +0 47',
    '>quokka: ?AEIOTT - +0 40',
    '>vesna: BCGNOPR (BCGNOPR) -14 33',
    '>quokka: ?AEIOTT (?AEEOTT) -6 34',
    '',
  ].join('\n');

  test("the issue's own end line '?AEIOTT (?AEEOTT) -6' after six scoreless turns: −6 off quokka's own rack, no going-out bonus (the issue's +16), and the letters counted that are not the rack quokka passed with, taken silently before, are a finding", () => {
    const { sheet, report } = verifyGcg(blankKept, true);
    expect(sheet.end).toEqual({ reason: 'scoreless', racks: ['BCGNOPR', '?AEEOTT'] });
    expect(accounts(report)).toEqual([
      // BCGNOPR: B 3 + C 3 + G 2 + N 1 + O 1 + P 3 + R 1 = 14; 47 − 14 = 33.
      { moves: 47, rackPenalty: 14, rackBonus: 0, final: 33, claimedFinal: 33 },
      // ?AEIOTT: ? 0 + A 1 + E 1 + I 1 + O 1 + T 1 + T 1 = 6 (?AEEOTT is 6 too); 40 − 6 = 34.
      { moves: 40, rackPenalty: 6, rackBonus: 0, final: 34, claimedFinal: 34 },
    ]);
    // The three passes hold ?AEIOTT and a pass keeps the rack: that rack is counted, and the
    // line's ?AEEOTT (an E for the I) is said.
    expect(report.issues).toEqual([
      expect.objectContaining({
        code: 'RACK_MISMATCH',
        severity: 'warning',
        player: 1,
        written: '?AEEOTT',
        computed: '?AEIOTT',
        message: expect.stringContaining(
          "quokka's final rack is written ?AEEOTT, but quokka's last turn (turn 10) is a pass with the rack ?AEIOTT, and a pass keeps the rack: ?AEIOTT is counted",
        ),
      }),
    ]);
    expect(report.turns.flatMap((t) => t.issues)).toEqual([]);
    // 34 against 33: quokka wins by the point, on the racks each player held.
    expect(report.result).toMatchObject({ winner: 1 });
    expect(report.ok).toBe(true);
  });

  test("an end line left out after six scoreless turns: the rack of that player's last pass counts, and the record that took nothing off is flagged", () => {
    // Before: tilebird's rack was read as empty and tilebird "went out", gaining qatsolo's IT
    // (2): 431 where the record says 429. The passes show tilebird holding LRU: 429 − 3 = 426.
    const { report } = verifyGcg(withLine(scoreless, '>tilebird: LRU (LRU) -3 426', ''));
    expect(accounts(report)).toEqual([
      { moves: 429, rackPenalty: 3, rackBonus: 0, final: 426, claimedFinal: 429 },
      { moves: 455, rackPenalty: 2, rackBonus: 0, final: 453, claimedFinal: 453 },
    ]);
    expect(codes(report)).toEqual(['FINAL_MISMATCH']);
  });

  test('a rack written empty on a sheet whose last six turns scored nothing earns no going-out bonus (351 where the record says 341)', () => {
    const { sheet } = verifyGcg(scoreless);
    const typed: Scoresheet = {
      ...sheet,
      // The judge typed the racks from the sheet: Mira's left blank.
      end: { racks: ['', 'IT'] },
      claimed: { final: [429, 453] },
    };
    const report = verifyScoresheet(typed);
    // Before: 429 + 2 (qatsolo's IT) "for going out" = 431 against the written 429.
    expect(accounts(report)).toEqual([
      { moves: 429, rackPenalty: 0, rackBonus: 0, final: 429, claimedFinal: 429 },
      { moves: 455, rackPenalty: 2, rackBonus: 0, final: 453, claimedFinal: 453 },
    ]);
    expect(report.issues).toEqual([
      expect.objectContaining({
        code: 'OUT_NOT_SHOWN',
        severity: 'warning',
        player: 0,
        message: expect.stringContaining('6 scoreless turns in a row (to turn 28) ended the game'),
      }),
    ]);
  });

  test('the last play ruled illegal: the going-out bonus written for it is not credited, and its tiles count on the rack', () => {
    // 14A holds R, E and the blank's square of EX.CS's row is taken: A13 URL puts U and R on
    // occupied squares, so the play is refused and LRU stays on tilebird's rack.
    const text = withLine(
      recordText('woogles-nwl23.gcg'),
      '>tilebird: LRU 5B .URL +12 441',
      '>tilebird: LRU A13 URL +12 441',
    );
    const { report } = verifyGcg(text);
    expect(report.turns[report.turns.length - 1].status).toBe('illegal');
    // Before: tilebird 429 + 2 × IT (4) = 433 credited for going out. Now nobody went out:
    // tilebird 429 − LRU 3 = 426, qatsolo 455 − IT 2 = 453.
    expect(accounts(report)).toEqual([
      { moves: 429, rackPenalty: 3, rackBonus: 0, final: 426, claimedFinal: 445 },
      { moves: 455, rackPenalty: 2, rackBonus: 0, final: 453, claimedFinal: 455 },
    ]);
    expect(report.issues[0]).toMatchObject({
      code: 'OUT_NOT_SHOWN',
      player: 0,
      message: expect.stringContaining('its tiles went back to the rack (LRU)'),
    });
  });

  test('the last play challenged off (--): the going-out line after it earns nothing', () => {
    const text = withLine(
      recordText('woogles-nwl23.gcg'),
      '>tilebird: LRU 5B .URL +12 441',
      '>tilebird: LRU 5B .URL +12 441\n>tilebird: LRU -- -12 429',
    );
    const { report } = verifyGcg(text);
    expect(report.turns[report.turns.length - 1].status).toBe('withdrawn');
    expect(accounts(report)[0]).toEqual({
      moves: 429,
      rackPenalty: 3,
      rackBonus: 0,
      final: 426,
      claimedFinal: 445,
    });
    expect(codes(report)).toContain('OUT_NOT_SHOWN');
  });

  /**
   * Every rule set's ending, the same class: a sheet that writes a player's rack empty when that
   * player's last play was refused. Where going out changes the racks' points, nobody went out:
   * the finding says so and the racks settle as after a stalled game.
   */
  it.each<[rules: string, outMatters: boolean, bonusRefused: number, bonusStood: number]>([
    // transfer: the player out gains the others' racks (AE: 1 + 1); not out, nobody gains.
    ['scrabble-en', true, 0, 2],
    ['scrabble-fr', true, 0, 2],
    // gain: the player out gains the others' racks; after any other end each player adds the
    // others' racks too (rulings Q8), so the mover gains AE either way.
    ['qwibble', true, 2, 2],
    // keep: racks count nothing, however the game ended (rulings T3).
    ['scrabble-target', false, 0, 0],
    // none: every player loses their own rack, out or not.
    ['kvizovka', false, 0, 0],
  ])('%s: a last play refused does not go out', (rules, outMatters, bonusRefused, bonusStood) => {
    const ruleSet = findRuleSet(rules)!;
    const game = simulateGame(ruleSet, 7, { turnsPerPlayer: 6 });
    const { turns } = game.sheet;
    const last = turns.length - 1;
    const mover = turns[last].player;
    const firstPlay = turns.find((t) => t.play !== undefined)!;
    const sheet: Scoresheet = {
      ...game.sheet,
      // The last line repeats the first play, on squares long taken: refused.
      turns: [...turns.slice(0, last), { player: mover, play: firstPlay.play }],
      end: { racks: game.sheet.players.map((_, p) => (p === mover ? '' : 'AE')) },
      claimed: undefined,
    };
    const report = verifyScoresheet(sheet);
    expect(report.turns[last].status).toBe('illegal');
    expect(report.players[mover].rackBonus).toBe(bonusRefused);
    expect(codes(report).includes('OUT_NOT_SHOWN')).toBe(outMatters);
    // The same sheet without the refused line: the mover's last play stood and went out.
    const stood = verifyScoresheet({ ...sheet, turns: turns.slice(0, last) });
    expect(stood.players[mover].rackBonus).toBe(bonusStood);
    expect(codes(stood)).not.toContain('OUT_NOT_SHOWN');
  });
});

/**
 * Every rule set's own ending, the same class (issue 34, defect 1): tiles are left on both racks,
 * nobody went out, and each rack counts as its rules say — never a going-out bonus. Score-sheet
 * JSON (docs/scoresheet-format.md), read as a document. The endings (../shared/rules,
 * src/engine/rules): English and French Scrabble and the target-score game end on six scoreless
 * turns in a row; Qwibble on two passes in a row (an exchange is not a pass, rulings Q7);
 * Kvizovka when each player has had 10 turns.
 *
 * The plays, by hand (8G KIWI puts its I on H8, the centre; English and target values K 5 I 1
 * W 4, French K 10 W 10, Qwibble K 4 W 3 I 1 and no premium squares):
 * - English, target: 8G KIWI (5 + 1 + 4 + 1) × 2 = 22; J8 .T, IT: I 1 + T 1 (J9 plain) = 2.
 * - French: 8G KIWI (10 + 1 + 10 + 1) × 2 = 44; J8 .LE, ILE: I 1 + L 1 + E 1 × 3 (J10) = 5.
 * - Qwibble: 8G KIWI 4 + 1 + 3 + 1 = 9.
 * - Kvizovka: 9F KUĆA K 2 + U 2 + Ć 3 + A 1 = 8 (F9 to I9 plain); G7 KR.ŠKA, KRUŠKA: K 2 × 2
 *   (G7) + R 1 + U 2 + Š 3 + K 2 × 2 (G11) + A 1 = 15.
 */
describe("Every rule set's ending: tiles left on the racks, nobody went out (issue 34, defect 1)", () => {
  type Turn = Record<string, unknown>;
  const play = (player: number, at: string, score: number, total: number): Turn => ({
    player,
    play: at,
    score,
    total,
  });
  const pass = (player: number, total: number): Turn => ({ player, pass: true, total });
  const exchange = (player: number, tiles: number | string, total: number): Turn => ({
    player,
    exchange: tiles,
    total,
  });
  /** Six scoreless turns in a row after two plays: pass, pass, an exchange, pass, pass, pass. */
  const sixScoreless = (totals: [number, number]): Turn[] => [
    pass(0, totals[0]),
    pass(1, totals[1]),
    exchange(0, 'AE', totals[0]),
    pass(1, totals[1]),
    pass(0, totals[0]),
    pass(1, totals[1]),
  ];
  /** Kvizovka: after the two plays, nine more turns each that score nothing (one an exchange). */
  const toTheTurnLimit = (totals: [number, number]): Turn[] =>
    Array.from({ length: 18 }, (_, k) =>
      k === 2 ? exchange(0, 4, totals[0]) : pass(k % 2, totals[k % 2]),
    );

  interface Row {
    turns: Turn[];
    reason: string;
    racks: [string, string];
    /** Each player's moves, rack penalty, rack bonus and final, worked by hand. */
    accounts: [number, number, number, number][];
  }
  const rows: Record<string, Row> = {
    // Six scoreless turns: each player loses their own rack, nobody gains (transfer is for out).
    'scrabble-en': {
      turns: [play(0, '8G KIWI', 22, 22), play(1, 'J8 .T', 2, 2), ...sixScoreless([22, 2])],
      reason: 'scoreless',
      racks: ['AEHMRST', 'BDEOTUZ'],
      accounts: [
        // AEHMRST: 1 + 1 + 4 + 3 + 1 + 1 + 1 = 12; 22 − 12 = 10.
        [22, 12, 0, 10],
        // BDEOTUZ: 3 + 2 + 1 + 1 + 1 + 1 + 10 = 19; 2 − 19 = −17.
        [2, 19, 0, -17],
      ],
    },
    'scrabble-fr': {
      turns: [play(0, '8G KIWI', 44, 44), play(1, 'J8 .LE', 5, 5), ...sixScoreless([44, 5])],
      reason: 'scoreless',
      racks: ['AEHMRST', 'BDEOTUZ'],
      accounts: [
        // AEHMRST, French values: 1 + 1 + 4 + 2 + 1 + 1 + 1 = 11; 44 − 11 = 33.
        [44, 11, 0, 33],
        // BDEOTUZ: 3 + 2 + 1 + 1 + 1 + 1 + 10 = 19; 5 − 19 = −14.
        [5, 19, 0, -14],
      ],
    },
    // Nobody reaches 200: six scoreless turns end it as standard Scrabble (T4), and racks count
    // nothing however the game ended (T3).
    'scrabble-target': {
      turns: [play(0, '8G KIWI', 22, 22), play(1, 'J8 .T', 2, 2), ...sixScoreless([22, 2])],
      reason: 'scoreless',
      racks: ['AEHMRST', 'BDEOTUZ'],
      accounts: [
        [22, 0, 0, 22],
        [2, 0, 0, 2],
      ],
    },
    // Two passes in a row, after an exchange that is not one: each player adds the other's
    // rack (Q8), as after any end but going out; racks are full, the pool not empty.
    qwibble: {
      turns: [play(0, '8G KIWI', 9, 9), exchange(1, 3, 0), pass(0, 9), pass(1, 0)],
      reason: 'passes',
      racks: ['AEHMRST', 'BDEOTUZ'],
      accounts: [
        // Bea's BDEOTUZ, Qwibble values: 3 + 2 + 1 + 1 + 1 + 2 + 5 = 15; 9 + 15 = 24.
        [9, 0, 15, 24],
        // Ana's AEHMRST: 1 + 1 + 3 + 3 + 1 + 1 + 1 = 11; 0 + 11 = 11.
        [0, 0, 11, 11],
      ],
    },
    // The turn limit, 10 turns each, with ten tiles on each rack: each loses their own, a
    // joker 10 (rulings: goingOut none).
    kvizovka: {
      turns: [play(0, '9F KUĆA', 8, 8), play(1, 'G7 KR.ŠKA', 15, 15), ...toTheTurnLimit([8, 15])],
      reason: 'turns',
      racks: ['AEIOUNRST?', 'BCČĆDEFGHI'],
      accounts: [
        // 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1 + 10 (joker) = 20; 8 − 20 = −12.
        [8, 20, 0, -12],
        // 3 + 3 + 3 + 3 + 2 + 1 + 4 + 3 + 3 + 1 = 26; 15 − 26 = −11.
        [15, 26, 0, -11],
      ],
    },
  };

  const verified = (rules: string, row: Row, racks: string[]) => {
    const result = verifyDocument({
      format: 'scoresheet/1',
      rules,
      players: ['Ana', 'Bea'],
      turns: row.turns,
      end: { reason: row.reason, racks },
      claimed: { final: row.accounts.map((a) => a[3]) },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.report;
  };

  it.each(Object.entries(rows))(
    '%s: its own ending settles each rack by its rules, and a rack written empty earns nothing',
    (rules, row) => {
      const report = verified(rules, row, row.racks);
      expect(report.players.map((p) => [p.moves, p.rackPenalty, p.rackBonus, p.final])).toEqual(
        row.accounts,
      );
      expect(report.players.map((p) => p.claimedFinal)).toEqual(row.accounts.map((a) => a[3]));
      expect(report.issues).toEqual([]);
      expect(report.turns.flatMap((t) => t.issues)).toEqual([]);
      expect(report.ok).toBe(true);
      // Ana's rack written empty, as a judge might after the end: nobody went out, so Ana gains
      // nothing she did not gain holding her tiles (Qwibble: Bea's rack, by Q8 either way).
      const emptied = verified(rules, row, ['', row.racks[1]]);
      expect(emptied.players[0].rackBonus).toBe(row.accounts[0][2]);
      expect(emptied.players[1].rackPenalty).toBe(row.accounts[1][1]);
    },
  );
});
