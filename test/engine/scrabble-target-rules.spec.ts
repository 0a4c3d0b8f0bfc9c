/**
 * Scrabble played to a target score (scrabble-target-score-variant.md), golden
 * sheets in test/fixtures/scrabble-target/. Every number is worked out by hand
 * from the rule book's table (the English values) and the standard board:
 *
 *   row 8:  A8 word x3, D8 letter x2, H8 centre (word x2), L8 letter x2, O8 word x3
 *   rows 7/9: C G I M letter x2;  rows 6/10: B F J N letter x3;  rows 5/11: E K word x2
 *   rows 4/12: A O letter x2, D L word x2, H letter x2;  rows 3/13: C M word x2, G I letter x2
 *
 * Values: A E I O U L N R S T 1, D G 2, B C M P 3, F H V W Y 4, K 5, J X 8, Q Z 10, blank 0.
 */
import fc from 'fast-check';
import { readFileSync } from 'fs';
import { join } from 'path';
import {
  readScoresheet,
  SCRABBLE_EN,
  SCRABBLE_TARGET,
  simulateGame,
  verifyDocument,
} from '../../src/engine';

type Doc = {
  turns: Record<string, unknown>[];
  options?: Record<string, unknown>;
  [key: string]: unknown;
};
const load = (file: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '..', 'fixtures', 'scrabble-target', file), 'utf8'),
  ) as Doc;

function verify(doc: unknown) {
  const result = verifyDocument(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

const codes = (issues: { code: string; severity: string }[], severity?: string) =>
  issues.filter((i) => !severity || i.severity === severity).map((i) => i.code);

describe('scrabble-target: the rule set as data', () => {
  test('the rule book table is the English set: 100 tiles, the same counts and values', () => {
    expect(SCRABBLE_TARGET.letters).toEqual(SCRABBLE_EN.letters);
    const tiles = SCRABBLE_TARGET.letters.reduce((n, l) => n + l.count, 0);
    expect(tiles + SCRABBLE_TARGET.jokers.count).toBe(100); // 98 letters + 2 blanks (*-2)
    expect(SCRABBLE_TARGET.bonuses.allTiles).toBe(15);
    expect(SCRABBLE_TARGET.targetScore).toBe(200);
    expect(SCRABBLE_TARGET.players).toEqual({ min: 2, max: 4 });
  });

  test('targetScore is an option of this rule set only', () => {
    const sheet = (rules: string, options: unknown) => ({
      format: 'scoresheet/1',
      rules,
      options,
      players: ['A', 'B'],
      turns: [],
    });
    expect(readScoresheet(sheet('scrabble-target', { targetScore: 300 })).ok).toBe(true);
    const onKvizovka = readScoresheet(sheet('kvizovka', { targetScore: 300 }));
    expect(onKvizovka.ok).toBe(false);
    if (!onKvizovka.ok) {
      expect(onKvizovka.errors[0].message).toContain(
        "option 'targetScore' does not apply to Kvizovka",
      );
    }
    const zero = readScoresheet(sheet('scrabble-target', { targetScore: 0 }));
    expect(zero.ok).toBe(false);
  });
});

describe('scrabble-target: the blank swap (01-blank-swap)', () => {
  const r = verify(load('01-blank-swap.sheet.json'));

  test('scores, with the blank taken counting as the real letter', () => {
    expect(r.turns.map((t) => [t.status, t.score.computed, t.total.computed])).toEqual([
      ['ok', 4, 4], // cAT: G8 c0 + H8 A1 + I8 T1 = 2, centre word x2 = 4
      // Ben puts down a C for the blank on G8 and plays it as the i of ZINC down G5..G8:
      // Z10 + i0 + N1 x2 (G7 letter x2) + C3 (G8, now the real C, no premium: already covered) = 15
      ['ok', 15, 15],
      ['illegal', 0, 4], // takes the blank on G6 but plays X alone: the blank is not used
      ['illegal', 0, 15], // names H8, a lettered A: there is no blank to take
      // Ana takes the blank on G6 (the i) for an I and plays it as the h of HIT across F6..H6:
      // h0 x3 (F6 letter x3) + I1 (G6, now the real I) + T1 = 2
      ['ok', 2, 6],
      ['pass', 0, 15],
    ]);
    expect(r.turns[1].words).toEqual([
      { word: 'ZiNC', score: 15, known: null, position: 'G5', main: true },
    ]);
    expect(r.turns[1].swapped).toEqual([{ square: 'G8', letter: 'C' }]);
    expect(r.turns[4].swapped).toEqual([{ square: 'G6', letter: 'I' }]);
  });

  test('a swap the play does not use, and a swap of a lettered tile, are illegal turns', () => {
    expect(codes(r.turns[2].issues)).toEqual(['BLANK_NOT_USED']);
    expect(r.turns[2].issues[0].message).toContain(
      'the player took 1 blank from the board but the play uses none',
    );
    expect(codes(r.turns[3].issues)).toEqual(['BLANK_SWAP_INVALID']);
    expect(r.turns[3].issues[0].message).toBe(
      'Turn 4 (Ben Okafor): swap names H8, which holds the lettered tile A, not a blank; the turn is left off the board',
    );
    expect(r.ok).toBe(false);
  });

  test('the board: G8 and G6 hold the real letters, and the blank h stands on F6', () => {
    expect(r.board[7].split(' ').slice(6, 9)).toEqual(['C', 'A', 'T']); // G8 c became C
    expect(r.board[5].split(' ').slice(5, 8)).toEqual(['h', 'I', 'T']); // F6 blank h, G6 real I
    expect(r.board[4].split(' ')[6]).toBe('Z');
    expect(r.issues.map((i) => i.code)).toEqual([]); // two blanks, never more than two on the board
  });

  test('the rack check counts the real letter given for the blank', () => {
    // Turn 2's rack ZNCEERS holds the C given for the blank, the Z and the N: nothing missing.
    expect(codes(r.turns[1].issues)).toEqual([]);
    const doc = load('01-blank-swap.sheet.json');
    doc.turns[1].rack = 'ZNEEERS'; // no C to put down for the blank
    const again = verify(doc);
    expect(codes(again.turns[1].issues)).toEqual(['RACK_MISMATCH']);
    expect(again.turns[1].issues[0].message).toContain('the play uses C');
  });

  test('blankSwap "next-turn": only the turn right after may take the blank', () => {
    const doc = load('01-blank-swap.sheet.json');
    doc.options = { blankSwap: 'next-turn' };
    const strict = verify(doc);
    expect(strict.turns[1].status).toBe('ok'); // the c on G8 was played on turn 1, taken on turn 2
    expect(strict.turns[4].status).toBe('illegal'); // the i on G6 was played on turn 2, taken on turn 5
    expect(strict.turns[4].issues[0].message).toContain(
      'the blank on G6 was played at turn 2; only the turn right after may take it',
    );
    doc.options = { blankSwap: 'off' };
    const off = readScoresheet(doc);
    expect(off.ok).toBe(false); // swap is not a field of a game without the blank swap
  });

  test('swap is refused on rule sets without the blank swap, and off a play', () => {
    const base = {
      format: 'scoresheet/1',
      rules: 'scrabble-en',
      players: ['A', 'B'],
      turns: [{ player: 0, play: '8G CAT', swap: 'H8' }],
    };
    const read = readScoresheet(base);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.errors[0].message).toBe("turn 1 has an unknown field 'swap'");
    const onPass = readScoresheet({
      ...base,
      rules: 'scrabble-target',
      turns: [{ player: 0, pass: true, swap: 'H8' }],
    });
    expect(onPass.ok).toBe(false);
    if (!onPass.ok) expect(onPass.errors[0].message).toContain('only a play can take a blank');
    const badSquare = readScoresheet({
      ...base,
      rules: 'scrabble-target',
      turns: [{ player: 0, play: '8G CAT', swap: 'Z99' }],
    });
    expect(badSquare.ok).toBe(false);
  });
});

describe('scrabble-target: the target and the last round (02-target-late-mover)', () => {
  const r = verify(load('02-target-late-mover.sheet.json'));

  test('scores', () => {
    expect(r.turns.map((t) => t.score.computed)).toEqual([
      48, // QUOTA: Q10 x2 (D8 letter x2) = 20 + U1 + O1 + T1 + A1 = 24, centre word x2 = 48
      7, // BOAT down G5..G8: B3 + O1 + A1 x2 (G7) = 2 + T1 (old) = 7
      30, // ZEBU down E5..E8: (Z10 + E1 + B3 + U1 old) = 15, E5 word x2 = 30
      10, // AXE down H8..H10: A1 (old) + X8 + E1 = 10
      8, // END across H10..J10: E1 (old) + N1 + D2 x3 (J10 letter x3) = 8
      30, // QUILTS down D8..D13: (Q10 old + U1 + I1 + L1 + T1 + S1) = 15, D12 word x2 = 30
      0, // pass
    ]);
  });

  test('Ana reaches 50 at turn 4; Ben and Cleo still move; the line after the round is flagged', () => {
    // Ana: 48 + 10 = 58 >= 50 at turn 4 (index 3); Ben (1) and Cleo (2) have not moved in round 2.
    expect(codes(r.turns[3].issues, 'info')).toEqual(['TARGET_REACHED']);
    expect(r.turns[3].issues[0].message).toBe(
      'Turn 4 (Ana Ruiz, H8 .XE): Ana Ruiz reaches 58, the target of 50: Ben Okafor, Cleo Marsh still have a last move each in this round, then the game ends',
    );
    expect(codes(r.turns[4].issues)).toEqual([]);
    expect(codes(r.turns[5].issues)).toEqual([]);
    expect(codes(r.turns[6].issues)).toEqual(['PLAYED_AFTER_END']);
  });

  test('the late mover who passes the first to reach the target wins on score', () => {
    expect(r.players.map((p) => p.final)).toEqual([
      58, // 48 + 10 + 0
      15, // 7 + 8
      60, // 30 + 30
    ]);
    expect(r.players.map((p) => [p.rackPenalty, p.rackBonus])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(r.result).toEqual({ winner: 2, reason: 'score' });
    expect(r.issues.map((i) => i.code)).toEqual(['TARGET_REACHED']);
    expect(r.issues[0].message).toContain('Ana Ruiz reached the target first (turn 4)');
    expect(r.ok).toBe(true);
  });

  test('equal scores: the player who reached the target first wins', () => {
    const doc = load('02-target-late-mover.sheet.json');
    // QUILT instead of QUILTS: (Q10 + U1 + I1 + L1 + T1) = 14, D12 word x2 = 28; Cleo 30 + 28 = 58 = Ana's 58.
    doc.turns[5] = { player: 2, play: 'D8 .UILT', score: 28, total: 58 };
    doc.claimed = { final: [58, 15, 58] };
    const tie = verify(doc);
    expect(tie.players.map((p) => p.final)).toEqual([58, 15, 58]);
    expect(tie.result).toEqual({ winner: 0, reason: 'tie-break', tieBreak: 'target-first' });
  });

  test('a sheet that stops before the late movers moved, and a target never reached', () => {
    const doc = load('02-target-late-mover.sheet.json');
    doc.turns = doc.turns.slice(0, 5); // Cleo's last move is missing
    doc.claimed = undefined;
    const short = verify(doc);
    expect(short.issues.map((i) => [i.code, i.player])).toEqual([['GAME_INCOMPLETE', 2]]);
    doc.options = { targetScore: 100 };
    const unreached = verify(doc);
    expect(unreached.issues.map((i) => i.code)).toEqual(['TARGET_NOT_REACHED']);
  });

  test('a target game that ends on tiles counts no racks', () => {
    const doc = load('02-target-late-mover.sheet.json');
    doc.end = { reason: 'out', racks: ['', 'QZ', 'E'] };
    const out = verify(doc);
    expect(out.players.map((p) => [p.rackPenalty, p.rackBonus, p.final])).toEqual([
      [0, 0, 58],
      [0, 0, 15],
      [0, 0, 60],
    ]);
  });
});

describe('scrabble-target: generated games', () => {
  test("replay with the generator's scores; the first total to reach 200 ends the round", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const game = simulateGame(SCRABBLE_TARGET, seed, { turnsPerPlayer: 20 });
        const doc = JSON.parse(JSON.stringify({ ...game.sheet, claimed: undefined })) as Doc;
        const r = verify(doc);
        expect(r.turns.map((t) => t.score.computed)).toEqual(game.scores);
        const totals = [0, 0];
        let reachedAt = -1;
        r.turns.forEach((t, i) => {
          totals[t.player] += t.score.computed;
          if (reachedAt < 0 && totals[t.player] >= 200) reachedAt = i;
        });
        const flagged = r.turns.filter((t) => t.issues.some((i) => i.code === 'PLAYED_AFTER_END'));
        if (reachedAt < 0) {
          expect(flagged).toEqual([]);
        } else {
          // Player 0 reaching it leaves player 1 a last move; player 1 reaching it ends the round.
          const last = r.turns[reachedAt].player === 0 ? reachedAt + 1 : reachedAt;
          expect(flagged.map((t) => t.index)).toEqual(
            r.turns.filter((t) => t.index > last).map((t) => t.index),
          );
        }
        expect(r.players.every((p) => p.rackPenalty === 0 && p.rackBonus === 0)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
