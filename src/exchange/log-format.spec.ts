import { gamesRemovedLater, LogDocument } from './log-format';

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
