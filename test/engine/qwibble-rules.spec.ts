/**
 * Qwibble (qwibble.md), golden sheets in test/fixtures/qwibble/. Every number
 * is worked out by hand from the rule book's table; the board has no premium
 * squares, so a play gains the face value of the tiles it places and of the
 * opponent's unsafe tiles in the words it forms.
 *
 * Values: A E I O R S T 1, D G L N U Y 2, B C F H M P W 3, K V X 4, J Q Z 5, wild 0.
 * Padlocks (Arbiter's layout): D1 H1 L1, A4 O4, A8 O8, A12 O12, D15 H15 L15.
 */
import fc from 'fast-check';
import { readFileSync } from 'fs';
import { join } from 'path';
import {
  compileRules,
  QWIBBLE,
  simulateGame,
  verifyDocument,
  VerificationReport,
} from '../../src/engine';

type Doc = {
  turns: Record<string, unknown>[];
  end?: Record<string, unknown>;
  claimed?: unknown;
  [key: string]: unknown;
};
const load = (file: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'qwibble', file), 'utf8')) as Doc;

function verify(doc: unknown): VerificationReport {
  const result = verifyDocument(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

const sheet = (turns: Record<string, unknown>[], end?: Record<string, unknown>): Doc => ({
  format: 'scoresheet/1',
  rules: 'qwibble',
  players: ['Ana', 'Bea'],
  turns,
  ...(end ? { end } : {}),
});

const rules = compileRules(QWIBBLE);
/** Face value of a drawn board square (`.`, a letter, a lower-case wild tile). */
const valueOf = (square: string) =>
  square === '.' || square !== square.toUpperCase()
    ? 0
    : rules.alphabet.values[rules.alphabet.codeOf(square)!];

describe('qwibble: the rule set as data', () => {
  test('100 tiles worth 173 points (the rule book: "87 of the 173 available points")', () => {
    const tiles = QWIBBLE.letters.reduce((n, l) => n + l.count, 0) + QWIBBLE.jokers.count;
    const points = QWIBBLE.letters.reduce((n, l) => n + l.count * l.value, 0);
    expect(tiles).toBe(100); // 98 letters + 2 wild
    expect(points).toBe(173); // wild tiles are worth 0
  });

  test('a 15x15 board, no premiums, 12 padlocks on the perimeter, symmetric under rotation', () => {
    const rows = QWIBBLE.board.rows;
    expect(rows.length).toBe(15);
    const padlocks: [number, number][] = [];
    rows.forEach((row, r) =>
      [...row].forEach((ch, c) => {
        if (ch === '@') padlocks.push([r, c]);
      }),
    );
    expect(padlocks.length).toBe(12);
    for (const [r, c] of padlocks) {
      expect(r === 0 || r === 14 || c === 0 || c === 14).toBe(true); // on the perimeter
      expect(rows[c][14 - r]).toBe('@'); // a quarter turn maps padlocks onto padlocks
    }
    expect(rows[7][7]).toBe('*');
    expect(rules.letterMultiplier.every((m) => m === 1)).toBe(true);
    expect(rules.wordMultiplier.every((m) => m === 1)).toBe(true);
  });
});

describe('qwibble: stealing and safe words (01-steal-and-safe)', () => {
  const r = verify(load('01-steal-and-safe.sheet.json'));

  test('each turn gains the tiles placed and the tiles stolen', () => {
    expect(r.turns.map((t) => [t.score.computed, t.stolen?.points, t.madeSafe?.length])).toEqual([
      [5, 0, 0], // CAT: C3 + A1 + T1 = 5
      [6, 5, 0], // CATS: S1 placed + C3 A1 T1 stolen from Ana = 6
      [5, 3, 0], // ARC down G6..G8: A1 + R1 placed + C3 (G8) stolen back from Bea = 5
      // STRAINED down J8..J15, all seven tiles: T1 R1 A1 I1 N2 E1 D2 = 9; the S on J8 is Bea's own.
      // All seven tiles make the word safe: J8..J15.
      [9, 0, 8],
      [2, 1, 0], // AT down I7..I8: A1 placed + T1 (I8) stolen from Bea = 2
      [3, 0, 2], // ODD across H15..J15: O1 + D2 placed; H15 is a padlock, so H15 I15 become safe (J15 already was)
      [4, 0, 0], // BAT across I11..K11: B3 + T1 placed; the A on J11 is Bea's and safe: not stolen
    ]);
    expect(r.turns[1].stolen).toEqual({ from: 0, points: 5, squares: ['G8', 'H8', 'I8'] });
    expect(r.turns[5].madeSafe).toEqual(['H15', 'I15']);
  });

  test("a steal takes from the owner's total: totals after each turn", () => {
    // Ana: 5 → 0 (CATS) → 5 → 5 → 7 → 7 → 11.  Bea: 6 → 3 (ARC) → 12 → 11 (AT) → 14.
    expect(r.turns.map((t) => t.total.computed)).toEqual([5, 6, 5, 12, 7, 14, 11]);
    expect(r.players.map((p) => p.final)).toEqual([11, 14]);
    // Seven turns and no end: right so far, not ok (an unfinished sheet).
    expect(r.turns.flatMap((t) => t.issues.filter((i) => i.severity !== 'info'))).toEqual([]);
    expect(r.issues.map((i) => i.code)).toEqual(['END_NOT_RECORDED']);
    expect(r.ok).toBe(false);
  });

  test('safe points, tiles played and the biggest steal of each player', () => {
    expect(r.players.map((p) => [p.safePoints, p.tilesPlayed, p.biggestSteal])).toEqual([
      // Ana: no safe tile; CAT 3 + AR 2 + A 1 + BT 2 = 8 tiles; biggest steal ARC's C3 = 3
      [0, 8, 3],
      // Bea: STRAINED S1 T1 R1 A1 I1 N2 E1 D2 = 10, plus O1 (H15) + D2 (I15) = 13;
      // S 1 + TRAINED 7 + OD 2 = 10 tiles; biggest steal CATS's 5
      [13, 10, 5],
    ]);
  });

  test('the owners grid: every tile belongs to its last taker', () => {
    expect(r.ownership![7]).toBe('. . . . . . a b a B . . . . .'); // row 8: C (stolen back) A (Bea's) T (stolen) S (safe)
    expect(r.ownership![10]).toBe('. . . . . . . . a B a . . . .'); // row 11: B, the safe A, T
    expect(r.ownership![14]).toBe('. . . . . . . B B B . . . . .'); // row 15: ODD, safe
  });

  test('a total written without the stolen points is explained', () => {
    const doc = load('01-steal-and-safe.sheet.json');
    doc.turns[2].total = 10; // Ana wrote 5 + 5, forgetting that CATS took her 5
    const again = verify(doc);
    const issue = again.turns[2].issues.find((i) => i.code === 'TOTAL_MISMATCH')!;
    expect(issue.message).toBe(
      "Turn 3 (Ana Ruiz, G6 AR.): the sheet's total is 10, the rules give 5 (the sheet's own addition is off too: 5 + 5 − 5 stolen = 5)",
    );
  });
});

describe('qwibble: two passes, rack transfers and the tie-breaks', () => {
  test('02-two-passes-tie-break: both players add the other rack; equal scores, most tiles played wins', () => {
    const r = verify(load('02-two-passes-tie-break.sheet.json'));
    expect(r.turns.map((t) => [t.status, t.score.computed, t.total.computed])).toEqual([
      ['ok', 5, 5], // DOG: D2 + O1 + G2 = 5
      ['ok', 5, 5], // DEN down G8..G10: E1 + N2 placed + D2 stolen = 5 (Ana 5 − 2 = 3)
      ['exchange', 0, 3], // 100 − 14 on racks − 5 on the board = 81 in the pool: exchanging is allowed
      ['pass', 0, 5],
      ['pass', 0, 3], // the second pass in a row ends the game (the exchange before them is not a pass)
    ]);
    expect(r.players.map((p) => [p.moves, p.rackPenalty, p.rackBonus, p.final])).toEqual([
      [3, 0, 8, 11], // 3 + Bea's AEIORSD (A1 E1 I1 O1 R1 S1 D2 = 8) = 11
      [5, 0, 6, 11], // 5 + Ana's AEIRST? (A1 E1 I1 R1 S1 T1 + wild 0 = 6) = 11
    ]);
    expect(r.players.map((p) => [p.safePoints, p.tilesPlayed, p.biggestSteal])).toEqual([
      [0, 3, 0], // DOG
      [0, 2, 2], // EN, stealing D2
    ]);
    // 11 = 11; safe points 0 = 0; tiles played 3 > 2: Ana.
    expect(r.result).toEqual({ winner: 0, reason: 'tie-break', tieBreak: 'tiles-played' });
    expect(r.ok).toBe(true);
    expect(r.issues).toEqual([]);
  });

  test('safe points decide first: 01 ended on two passes with racks that even the scores', () => {
    const doc = load('01-steal-and-safe.sheet.json');
    doc.turns.push({ player: 1, pass: true }, { player: 0, pass: true });
    // Ana 11 + Bea's rack, Bea 14 + Ana's rack: AEIOU? (1+1+1+1+2+0 = 6) and ABDEIR? (1+3+2+1+1+1+0 = 9):
    // Ana 11 + 9 = 20, Bea 14 + 6 = 20.
    doc.end = { reason: 'passes', racks: ['AEIOU?', 'ABDEIR?'] };
    doc.claimed = { final: [20, 20] };
    const r = verify(doc);
    expect(r.players.map((p) => p.final)).toEqual([20, 20]);
    expect(r.result).toEqual({ winner: 1, reason: 'tie-break', tieBreak: 'safe-points' }); // 13 > 0
  });

  test('then the biggest steal', () => {
    const r = verify(
      sheet(
        [
          { player: 0, play: '8G DOG' }, // D2 + O1 + G2 = 5
          { player: 1, play: 'G8 .ENT' }, // E1 + N2 + T1 placed + D2 stolen = 6; Ana 3
          { player: 0, pass: true },
          { player: 1, pass: true },
        ],
        // Ana 3 + (A1 E1 I1 O1 R1 S1 B3 = 9) = 12; Bea 6 + (A1 E1 I1 R1 S1 T1 + 0 = 6) = 12
        { reason: 'passes', racks: ['AEIRST?', 'AEIORSB'] },
      ),
    );
    expect(r.players.map((p) => [p.final, p.safePoints, p.tilesPlayed, p.biggestSteal])).toEqual([
      [12, 0, 3, 0],
      [12, 0, 3, 2],
    ]);
    expect(r.result).toEqual({ winner: 1, reason: 'tie-break', tieBreak: 'biggest-steal' });
  });

  test('and when every tie-break is equal, a draw the judge settles by lot', () => {
    const r = verify(
      sheet(
        [
          { player: 0, pass: true },
          { player: 1, pass: true },
        ],
        {
          reason: 'passes',
          racks: ['AEIRST?', 'EIRSTA?'],
        },
      ),
    );
    expect(r.players.map((p) => p.final)).toEqual([6, 6]); // each gains the other's 6
    expect(r.result).toEqual({ winner: null, reason: 'draw' });
    expect(r.issues.map((i) => i.code)).toEqual(['TIE_BY_LOT']);
  });

  test('a turn after two passes is flagged; end.reason passes without them is a warning', () => {
    const after = verify(
      sheet([
        { player: 0, pass: true },
        { player: 1, pass: true },
        { player: 0, play: '8G DOG' },
      ]),
    );
    expect(after.turns[2].issues.map((i) => i.code)).toEqual(['PLAYED_AFTER_END']);
    const unshown = verify(sheet([{ player: 0, play: '8G DOG' }], { reason: 'passes' }));
    expect(unshown.issues.map((i) => i.code)).toEqual(['PASSES_NOT_SHOWN']);
  });

  test('going out: the player who went out gains the rack left, the other loses nothing', () => {
    const r = verify(sheet([{ player: 0, play: '8G DOG' }], { reason: 'out', racks: ['', 'QZ'] }));
    expect(r.players.map((p) => [p.moves, p.rackPenalty, p.rackBonus, p.final])).toEqual([
      [5, 0, 10, 15], // 5 + Q5 + Z5
      [0, 0, 0, 0],
    ]);
    // The engine counts the racks: after one play of 3 tiles both racks are full again.
    expect(r.issues.map((i) => [i.code, i.player])).toEqual([
      ['RACK_MISMATCH', 0],
      ['RACK_MISMATCH', 1],
    ]);
    expect(r.issues[0].message).toBe(
      "End of game: Ana's final rack is written with 0 tiles, but the turns leave 7 (83 in the pool)",
    );
  });
});

describe('qwibble: wild tiles and exchanges', () => {
  test('a wild tile cannot be an S', () => {
    const r = verify(sheet([{ player: 0, play: '8G CATs' }])); // G8 C, H8 A, I8 T, J8 wild S
    expect(r.turns[0].status).toBe('illegal');
    expect(r.turns[0].issues.map((i) => i.code)).toEqual(['JOKER_LETTER_NOT_ALLOWED']);
    expect(r.turns[0].issues[0].message).toBe(
      'Turn 1 (Ana): the wild tile on J8 stands for S, which a wild tile may not; the play is left off the board',
    );
    expect(verify(sheet([{ player: 0, play: '8G CAtS' }])).turns[0].status).toBe('ok'); // a wild T is fine
  });

  test('no exchange with 10 or fewer tiles in the pool (the set less the board and the racks)', () => {
    // A long generated game; its scores are word sums, so they are dropped and only the board matters.
    const game = simulateGame(QWIBBLE, 7, { turnsPerPlayer: 40 });
    const turns = game.sheet.turns.map((t) => ({
      player: t.player,
      ...(t.play !== undefined ? { play: t.play.replace(/s/g, 'e') } : {}), // no wild S
      ...(t.exchange !== undefined ? { exchange: t.exchange } : {}),
      ...(t.pass ? { pass: true as const } : {}),
    }));
    const full = verify(sheet(turns));
    let pool = 100 - 14; // two full racks of 7
    let lastAllowed = -1;
    let firstRefused = -1;
    full.turns.forEach((t, i) => {
      if (pool >= 11 && t.kind !== 'exchange') lastAllowed = i;
      if (pool <= 10 && firstRefused < 0 && t.kind !== 'exchange') firstRefused = i;
      if (t.kind === 'play' && t.status !== 'illegal') pool = Math.max(0, pool - t.placed.length);
    });
    expect(firstRefused).toBeGreaterThan(lastAllowed);
    const exchangeAt = (i: number) =>
      verify(sheet([...turns.slice(0, i), { player: turns[i].player, exchange: 1 }])).turns[i];
    expect(exchangeAt(lastAllowed).status).toBe('exchange');
    const refused = exchangeAt(firstRefused);
    expect(refused.status).toBe('illegal');
    expect(refused.issues.map((i) => i.code)).toContain('EXCHANGE_NOT_ALLOWED');
    expect(refused.issues.find((i) => i.code === 'EXCHANGE_NOT_ALLOWED')!.message).toMatch(
      /exchanging needs 11 tiles in the pool, and it holds \d+ \(100 in the set − \d+ on the board − \d+ on the racks\)/,
    );
  });
});

describe('qwibble: invariants over generated games', () => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });

  const racksOf = (seed: number) =>
    simulateGame(QWIBBLE, seed, { turnsPerPlayer: 25 }).sheet.end!.racks!.map((rack) => {
      const parsed = rules.alphabet.parseRack(rack);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.tiles;
    });

  function generated(seed: number): VerificationReport {
    const game = simulateGame(QWIBBLE, seed, { turnsPerPlayer: 25 });
    const doc = {
      ...game.sheet,
      turns: game.sheet.turns.map((t) => ({
        player: t.player,
        ...(t.play !== undefined ? { play: t.play } : {}),
        ...(t.exchange !== undefined ? { exchange: t.exchange } : {}),
        ...(t.pass ? { pass: true as const } : {}),
      })),
      end: { reason: 'agreed', racks: game.sheet.end!.racks },
      claimed: undefined,
    };
    return verify(JSON.parse(JSON.stringify(doc)));
  }

  test('the players own every tile on the board: the sum of the scores is the value of the board', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const r = generated(seed);
        const squares = r.board.flatMap((row) => row.split(' '));
        const owners = r.ownership!.flatMap((row) => row.split(' '));
        const boardValue = squares.reduce((sum, sq) => sum + valueOf(sq), 0);
        expect(r.players[0].moves + r.players[1].moves).toBe(boardValue);
        r.players.forEach((pl, p) => {
          const mine = String.fromCharCode(97 + p);
          const owned = squares.reduce(
            (sum, sq, i) => sum + (owners[i].toLowerCase() === mine ? valueOf(sq) : 0),
            0,
          );
          const safe = squares.reduce(
            (sum, sq, i) => sum + (owners[i] === mine.toUpperCase() ? valueOf(sq) : 0),
            0,
          );
          expect(pl.moves).toBe(owned);
          expect(pl.safePoints).toBe(safe);
        });
        const tiles = squares.filter((sq) => sq !== '.').length;
        expect(r.players[0].tilesPlayed! + r.players[1].tilesPlayed!).toBe(tiles);
        // Finals: the board plus every rack left, each gained once by the other player (two passes,
        // or an agreed end) or by the player who went out (whose own rack is empty).
        const racks = racksOf(seed).map((rack) =>
          rack.reduce((sum, tile) => sum + (tile & 64 ? 0 : rules.alphabet.values[tile]), 0),
        );
        expect(r.players[0].final + r.players[1].final).toBe(boardValue + racks[0] + racks[1]);
        expect(r.players.every((pl) => pl.rackPenalty === 0)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  test('a turn scores what it places plus what it steals, and the owner loses what is stolen', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const r = generated(seed);
        const totals = [0, 0];
        for (const t of r.turns) {
          if (t.kind !== 'play' || t.status === 'illegal' || t.status === 'withdrawn') continue;
          const placedValue = t.score.computed - t.stolen!.points;
          expect(placedValue).toBeGreaterThanOrEqual(0);
          expect(t.words.reduce((s, w) => s + w.score, 0)).toBe(t.score.computed);
          totals[t.player] += t.score.computed;
          totals[t.stolen!.from] -= t.stolen!.points;
          expect(t.total.computed).toBe(totals[t.player]);
        }
        expect(r.players.map((p) => p.moves)).toEqual(totals);
      }),
      { numRuns: 60 },
    );
  });
});
