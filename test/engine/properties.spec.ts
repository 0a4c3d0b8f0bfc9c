import fc from 'fast-check';
import {
  Board,
  BLOCKER,
  compileRules,
  drawBoard,
  EMPTY,
  JOKER,
  KVIZOVKA,
  readScoresheet,
  simulateGame,
  verifyDocument,
  VerificationReport,
} from '../../src/engine';

const rules = compileRules(KVIZOVKA);
const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const RUNS = 150;

function verified(doc: unknown): VerificationReport {
  const result = verifyDocument(doc);
  if (!result.ok) throw new Error(`sheet not readable: ${JSON.stringify(result.errors)}`);
  return result.report;
}

/** Tiles of each kind on a drawn board row list. */
function countBoard(board: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of board) {
    for (const square of row.split(' ')) {
      if (square === '.' || square === '#') continue;
      const key = square === square.toUpperCase() ? square : '?';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

describe('random legal games (generated, replayed by the engine)', () => {
  test('replay without a finding and reproduce every score the generator computed', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = simulateGame(KVIZOVKA, seed);
        const report = verified(JSON.parse(JSON.stringify(game.sheet)));
        expect(report.ok).toBe(true);
        expect(report.turns.map((t) => t.score.computed)).toEqual(game.scores);
        expect(report.turns.every((t) => t.issues.length === 0)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test('conserve tiles: board + racks + bag = the set, and the board never holds more than the set', () => {
    const { alphabet } = rules;
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = simulateGame(KVIZOVKA, seed);
        const report = verified(game.sheet);
        const onBoard = countBoard(report.board);
        const inHand = new Map<string, number>();
        for (const tile of [...game.bag, ...game.racks.flat()]) {
          const key = tile & 64 ? '?' : alphabet.letters[tile];
          inHand.set(key, (inHand.get(key) ?? 0) + 1);
        }
        for (let code = 1; code <= alphabet.size; code++) {
          const letter = alphabet.letters[code];
          // every tile of the set is on the board, on a rack or in the bag
          expect((onBoard.get(letter) ?? 0) + (inHand.get(letter) ?? 0)).toBe(
            alphabet.counts[code],
          );
        }
        expect((onBoard.get('?') ?? 0) + (inHand.get('?') ?? 0)).toBe(alphabet.jokerCount);
        expect(report.issues.some((i) => i.code === 'TILE_OVERUSE')).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  test('totals equal the sum of the turns, and finals the totals less the racks', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const report = verified(simulateGame(KVIZOVKA, seed).sheet);
        report.players.forEach((player, p) => {
          const own = report.turns.filter((t) => t.player === p);
          const sum = own.reduce((s, t) => s + t.score.computed, 0);
          expect(player.moves).toBe(sum);
          expect(player.final).toBe(sum - player.rackPenalty);
          let running = 0;
          for (const t of own) {
            running += t.score.computed;
            expect(t.total.computed).toBe(running);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  test('never cover a blocker: every square that ever held one still does', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = simulateGame(KVIZOVKA, seed);
        const report = verified(game.sheet);
        const squares = report.board.flatMap((row) => row.split(' '));
        for (const square of game.blockers) expect(squares[square]).toBe('#');
        const placed = new Set<string>();
        for (const t of report.turns) {
          for (const name of t.placed) {
            expect(placed.has(name)).toBe(false); // a square takes one tile, once
            placed.add(name);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('the report is stable under re-serialisation, and so is the sheet', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const sheet = simulateGame(KVIZOVKA, seed).sheet;
        const report = verified(sheet);
        const again = JSON.parse(JSON.stringify(report)) as VerificationReport;
        expect(again).toEqual(report);
        expect(JSON.stringify(again)).toBe(JSON.stringify(report));
        const reread = readScoresheet(JSON.parse(JSON.stringify(sheet)));
        expect(reread.ok).toBe(true);
        expect(verified(JSON.parse(JSON.stringify(sheet)))).toEqual(report);
      }),
      { numRuns: RUNS },
    );
  });

  test('a wrong score written on any turn is found on exactly that turn', () => {
    fc.assert(
      fc.property(seeds, fc.nat(), fc.integer({ min: 1, max: 9 }), (seed, pick, delta) => {
        const sheet = simulateGame(KVIZOVKA, seed).sheet;
        const index = pick % sheet.turns.length;
        const turn = sheet.turns[index];
        turn.score = (turn.score ?? 0) + delta;
        const report = verified(sheet);
        expect(report.ok).toBe(false);
        const flagged = report.turns.filter((t) =>
          t.issues.some((i) => i.code === 'SCORE_MISMATCH'),
        );
        expect(flagged.map((t) => t.index)).toEqual([index]);
        expect(flagged[0].issues.find((i) => i.code === 'SCORE_MISMATCH')!.message).toContain(
          `Turn ${index + 1} (`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  test('the same seed gives the same game', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        expect(simulateGame(KVIZOVKA, seed).sheet).toEqual(simulateGame(KVIZOVKA, seed).sheet);
      }),
      { numRuns: 30 },
    );
  });
});

describe('drawing the board', () => {
  it('writes every square, space-separated, for any board (property)', () => {
    const letters = Array.from({ length: rules.alphabet.size }, (_, i) => i + 1);
    // Mostly empty squares, so that rows have runs of them at either end and between tiles.
    const cell = fc.oneof(
      { weight: 6, arbitrary: fc.constant(EMPTY) },
      { weight: 1, arbitrary: fc.constant(BLOCKER) },
      { weight: 2, arbitrary: fc.constantFrom(...letters) },
      { weight: 1, arbitrary: fc.constantFrom(...letters).map((t) => t | JOKER) },
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 17 * 17, maxLength: 17 * 17 }), (cells) => {
        const board = new Board(17);
        board.cells.set(cells);
        const expected = Array.from({ length: 17 }, (_, r) =>
          cells
            .slice(17 * r, 17 * r + 17)
            .map((v) => (v === EMPTY ? '.' : v === BLOCKER ? '#' : rules.alphabet.display(v)))
            .join(' '),
        );
        expect(drawBoard(rules, board)).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
