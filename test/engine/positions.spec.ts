import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import {
  readScoresheet,
  replayPositions,
  Scoresheet,
  verifyDocument,
  verifyScoresheet,
} from '../../src/engine';

/**
 * The positions of a replay shown turn by turn: every golden sheet of every rule set, replayed
 * once with its positions kept, against the engine's own verification of the whole sheet (the
 * last position) and of the sheet cut after n lines (every middle position).
 */
const root = join(__dirname, '..', 'fixtures');
const sheets = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(root, d.name))
      .filter((f) => f.endsWith('.sheet.json'))
      .map((f) => join(d.name, f)),
  )
  .sort();

/** The sheet's first `n` lines, as a sheet of its own that stops there (no end, no finals). */
function firstLines(sheet: Scoresheet, n: number): Scoresheet {
  return {
    format: sheet.format,
    rules: sheet.rules,
    options: sheet.options,
    players: sheet.players,
    turns: sheet.turns.slice(0, n),
  };
}

function read(file: string): Scoresheet {
  const doc: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
  const read = readScoresheet(doc);
  if (!read.ok) throw new Error(`${file}: ${read.errors.map((e) => e.message).join('; ')}`);
  return read.sheet;
}

test('every rule set has golden sheets to replay', () => {
  const folders = new Set(sheets.map((s) => s.split('/')[0]));
  for (const rules of [
    'kvizovka',
    'scrabble-en',
    'scrabble-fr',
    'scrabble-target',
    'qwibble',
    'quivit',
  ])
    expect(folders).toContain(rules);
});

describe.each(sheets)('%s', (file) => {
  const sheet = read(file);
  const { report, positions } = replayPositions(sheet);
  const whole = verifyScoresheet(read(file));

  test('one position a line; the report is the verification report', () => {
    expect(positions).toHaveLength(sheet.turns.length);
    expect(positions.map((p) => p.turn)).toEqual(sheet.turns.map((_, i) => i));
    expect(JSON.parse(JSON.stringify(report))).toEqual(JSON.parse(JSON.stringify(whole)));
  });

  test("the last position's board is the engine's final board", () => {
    const last = positions[positions.length - 1];
    expect(last.board).toEqual(whole.board);
    if (whole.ownership) expect(last.ownership).toEqual(whole.ownership);
    expect(last.report).toEqual(whole.turns[positions.length - 1]);
  });

  test('every middle position is the board, totals and clocks of the sheet cut after that line', () => {
    const cards = sheet.rules === 'quivit';
    for (let n = 1; n < sheet.turns.length; n++) {
      const cut = verifyDocument(firstLines(sheet, n));
      if (!cut.ok) throw new Error(`cut after ${n}: ${cut.errors[0].message}`);
      const at = positions[n - 1];
      expect({ n, board: at.board }).toEqual({ n, board: cut.report.board });
      if (cut.report.ownership)
        expect({ n, owners: at.ownership }).toEqual({ n, owners: cut.report.ownership });
      const turn = cut.report.turns[n - 1];
      expect({ n, placed: at.placed }).toEqual({
        n,
        placed: turn.taken ? turn.taken.map((t) => t.split(' ')[0]) : turn.placed,
      });
      if (!cards) {
        // Totals from moves: the cut sheet's accounts before any end is settled.
        expect({ n, totals: at.totals }).toEqual({
          n,
          totals: cut.report.players.map((p) => p.moves),
        });
      }
      // The mover's clock is the one their line wrote, after their penalties.
      if (turn.clock) expect(at.clocks[turn.player]).toBe(turn.clock.remaining);
    }
  });
});

test('a middle turn of a Kvizovka game: the tiles of turn 3 and the board drawn with them', () => {
  const sheet = read('kvizovka/09-digraphs-jokers-cyrillic.sheet.json');
  const { positions } = replayPositions(sheet);
  const third = positions[2];
  const before = positions[1];
  // Every square the third line put down is empty before it and a tile after it.
  expect(third.placed.length).toBeGreaterThan(0);
  for (const square of third.placed) {
    const col = square.charCodeAt(0) - 65;
    const row = Number(square.slice(1)) - 1;
    expect(before.board[row].split(' ')[col]).toBe('.');
    expect(third.board[row].split(' ')[col]).not.toBe('.');
  }
});
