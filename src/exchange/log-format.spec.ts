import type { ImportReason } from './format';
import { checkLog, gamesRemovedLater, LogDocument } from './log-format';

const entry = (
  action: string,
  division: string | null,
  round: number | null,
  table: number | null,
): LogDocument => ({
  at: '2026-11-21T09:00:00.000Z',
  action,
  by: null,
  note: null,
  division,
  player: null,
  round,
  table,
  before: null,
  after: null,
});

describe('gamesRemovedLater: which log entries name a game of a round removed after them', () => {
  test.each<[string, LogDocument[], boolean[]]>([
    [
      // Round 4 paired, a result at table 1, the round paired again, a result at table 1 of the
      // new round: only the first result's game is gone.
      'a re-paired round',
      [
        entry('round.paired', 'A', 4, null),
        entry('result.entered', 'A', 4, 1),
        entry('round.repaired', 'A', 4, null),
        entry('result.entered', 'A', 4, 1),
      ],
      [false, true, false, false],
    ],
    [
      // Removed twice: both earlier results are of games no more; round 3's stays.
      'a round removed twice, another round untouched',
      [
        entry('result.entered', 'A', 3, 2),
        entry('result.entered', 'A', 4, 2),
        entry('round.deleted', 'A', 4, null),
        entry('result.corrected', 'A', 4, 2),
        entry('round.repaired', 'A', 4, null),
      ],
      [false, true, false, true, false],
    ],
    [
      // The same round number of another division is another round.
      'another division',
      [
        entry('result.entered', 'B', 2, 1),
        entry('result.entered', 'A', 2, 1),
        entry('round.deleted', 'A', 2, null),
      ],
      [false, true, false],
    ],
    [
      'entries without a table or a round',
      [
        entry('player.absent', 'A', 2, null),
        entry('tournament.created', null, null, null),
        entry('round.deleted', 'A', 2, null),
      ],
      [false, false, false],
    ],
  ])('%s', (_name, log, expected) => {
    expect(gamesRemovedLater(log)).toEqual(expected);
  });
});

describe("checkLog: each problem of the director's log with a reason of its own", () => {
  test.each<[string, Record<string, unknown>, string, ImportReason]>([
    // [what, the entry's fields changed, path, reason]
    ['not an object', { self: 42 }, 'log[0]', { code: 'IMPORT_NOT_OBJECT', params: {} }],
    ['a bad time', { at: 'yesterday' }, 'log[0].at', { code: 'IMPORT_BAD_INSTANT', params: {} }],
    [
      'a note of 201 characters',
      { note: 'x'.repeat(201) },
      'log[0].note',
      { code: 'IMPORT_BAD_TEXT', params: { max: 200 } },
    ],
    [
      'a division the document has not',
      { division: 'Z' },
      'log[0].division',
      { code: 'IMPORT_UNKNOWN_DIVISION', params: { value: '"Z"' } },
    ],
    [
      'a player without a division',
      { division: null, player: 1 },
      'log[0].player',
      { code: 'IMPORT_PLAYER_WITHOUT_DIVISION', params: {} },
    ],
    [
      'a ref the division has not (refs 1 and 2)',
      { player: 7 },
      'log[0].player',
      { code: 'IMPORT_UNKNOWN_PLAYER', params: { value: '7' } },
    ],
    [
      'round 101 (1 to 100)',
      { round: 101 },
      'log[0].round',
      { code: 'IMPORT_OUT_OF_RANGE_OR_NULL', params: { min: 1, max: 100 } },
    ],
  ])('%s', (_what, change, path, reason) => {
    const line = change.self ?? { ...entry('result.entered', 'A', 1, 1), ...change };
    const found: [string, ImportReason | undefined][] = [];
    checkLog([line], new Map([['A', new Set([1, 2])]]), (p, _message, r) => found.push([p, r]));
    expect(found).toEqual([[path, reason]]);
  });
});
