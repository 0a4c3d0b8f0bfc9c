import { formatPath, formatClock, parseClock, readScoresheet } from '../../src/engine';

const base = () => ({
  format: 'scoresheet/1',
  rules: 'kvizovka',
  players: ['Ana', 'Marko'],
  turns: [{ player: 0, play: '9F KUĆA', score: 8, total: 8, clock: '28:40' }] as Record<
    string,
    unknown
  >[],
});

/** The first error of a changed sheet, as `path: message`. */
function firstError(
  change: (doc: ReturnType<typeof base> & Record<string, unknown>) => void,
): string {
  const doc = base() as ReturnType<typeof base> & Record<string, unknown>;
  change(doc);
  const read = readScoresheet(doc);
  if (read.ok) return 'ok';
  return `${formatPath(read.errors[0].path)}: ${read.errors[0].message}`;
}

describe('reading a score sheet', () => {
  test('a good sheet reads', () => {
    expect(firstError(() => undefined)).toBe('ok');
  });

  test.each<[string, (d: ReturnType<typeof base> & Record<string, unknown>) => void, string]>([
    [
      'wrong format',
      (d) => (d.format = 'scoresheet/2'),
      'format: format must be "scoresheet/1", not "scoresheet/2"',
    ],
    ['unknown rule set', (d) => (d.rules = 'chess'), 'rules: unknown rule set "chess"'],
    [
      'unknown option',
      (d) => (d.options = { clockMinute: 30 }),
      "options.clockMinute: unknown option 'clockMinute'",
    ],
    [
      'bad option value',
      (d) => (d.options = { clockMinutes: 0 }),
      'options.clockMinutes: clockMinutes must be a whole number from 1 to 600',
    ],
    [
      'three players',
      (d) => (d.players = ['A', 'B', 'C']),
      'players: Kvizovka has 2 players, the sheet names 3',
    ],
    [
      'empty name',
      (d) => (d.players = ['A', ' ']),
      'players[1]: a player name must be a non-empty string',
    ],
    [
      'player index',
      (d) => (d.turns[0].player = 2),
      'turns[0].player: turn 1: player must be a player index from 0 to 1, not 2',
    ],
    [
      'no kind',
      (d) => delete d.turns[0].play,
      'turns[0]: turn 1 must have exactly one of play, exchange, pass (it has none)',
    ],
    [
      'two kinds',
      (d) => (d.turns[0].pass = true),
      'turns[0]: turn 1 must have exactly one of play, exchange, pass (it has play and pass)',
    ],
    [
      'pass false',
      (d) => (d.turns = [{ player: 0, pass: false }]),
      'turns[0].pass: turn 1: pass must be true',
    ],
    [
      'exchange of neither a number nor tiles',
      (d) => (d.turns = [{ player: 0, exchange: true }]),
      'turns[0].exchange: turn 1: exchange must be a number of tiles or the tiles themselves, not true',
    ],
    [
      'score text',
      (d) => (d.turns[0].score = '8'),
      'turns[0].score: turn 1: score must be a whole number, not "8"',
    ],
    [
      'clock format',
      (d) => (d.turns[0].clock = '28.40'),
      'turns[0].clock: a clock reading must be mm:ss (e.g. "28:40"), not "28.40"',
    ],
    [
      'typo field',
      (d) => (d.turns[0].scroe = 8),
      "turns[0].scroe: turn 1 has an unknown field 'scroe'",
    ],
    [
      // Fields are counted before they are named: a known field left undefined must not hide a typo.
      'typo field beside an undefined known field',
      (d) => Object.assign(d.turns[0], { clock: undefined, scroe: 8 }),
      "turns[0].scroe: turn 1 has an unknown field 'scroe'",
    ],
    [
      'self challenge',
      (d) => (d.turns[0].challenge = { by: 0, valid: true }),
      'turns[0].challenge.by: turn 1: a player cannot challenge their own play',
    ],
    [
      'challenge ruling',
      (d) => (d.turns[0].challenge = { by: 1, valid: 'no' }),
      'turns[0].challenge.valid: turn 1: challenge.valid must be true',
    ],
    [
      'challenged pass',
      (d) => (d.turns = [{ player: 0, pass: true, challenge: { by: 1, valid: true } }]),
      'turns[0].challenge: turn 1: only a play can be challenged',
    ],
    [
      'end reason',
      (d) => (d.end = { reason: 'bored' }),
      'end.reason: end.reason must be one of turns, no-moves, time, agreed, out, scoreless, not "bored"',
    ],
    [
      'one rack',
      (d) => (d.end = { racks: ['AB'] }),
      'end.racks: end.racks must be a list with one entry per player (2)',
    ],
    [
      // Text that cannot be read as a rack is a finding of the replay (one-bad-end-field.spec.ts).
      'rack not text',
      (d) => (d.end = { racks: [11, ''] }),
      'end.racks[0]: end.racks[0] must be a string of tiles (? for a joker), not 11',
    ],
    [
      'time expired index',
      (d) => (d.end = { timeExpired: 5 }),
      'end.timeExpired: end.timeExpired must be a player index from 0 to 1, not 5',
    ],
    [
      'claimed finals',
      (d) => (d.claimed = { final: [1] }),
      'claimed.final: claimed.final must be a list of 2 whole numbers',
    ],
    [
      'unknown top field',
      (d) => (d.event = 'Open'),
      'event: unknown field \'event\' (put extra details under "meta")',
    ],
  ])('%s', (_name, change, expected) => {
    expect(firstError(change)).toContain(expected);
  });

  test('a document that is not an object', () => {
    const read = readScoresheet([1, 2]);
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.errors[0]).toEqual({ path: [], message: 'a score sheet must be a JSON object' });
  });

  test('every error is listed, not only the first', () => {
    const read = readScoresheet({
      ...base(),
      turns: [{ player: 5 }, { player: 0, pass: true, clock: 'x' }],
    });
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.errors.map((e) => formatPath(e.path))).toEqual([
        'turns[0].player',
        'turns[0]',
        'turns[1].clock',
      ]);
  });
});

describe('clock readings', () => {
  test.each([
    ['28:40', 28 * 60 + 40],
    ['0:05', 5],
    ['00:00', 0],
    ['-01:30', -90],
    ['120:00', 7200],
    ['09:59', 9 * 60 + 59],
    ['-9:59', -(9 * 60 + 59)],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseClock(text)).toBe(seconds);
  });
  // The five-character ones each break one place of the usual `mm:ss`, read on a path of its own.
  test.each([
    '28:4',
    '28:60',
    '28',
    ':30',
    '1234:00',
    '28:40 ',
    'a:bc',
    '/8:40',
    '2a:40',
    '28;40',
    '28:/0',
    '28:4:',
    ':8:40',
  ])('%s is not a reading', (text) => {
    expect(parseClock(text)).toBeNull();
  });
  test.each([
    [204, '03:24'], // 3·60 + 24
    [-20, '-00:20'],
    [0, '00:00'],
    [1800, '30:00'],
    [-65, '-01:05'], // −(60 + 5)
    [5999, '99:59'], // 99·60 + 59, the last from the tables
    [6000, '100:00'],
    [-6061, '-101:01'],
  ])('%i seconds are written %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
  test('formatting and reading agree', () => {
    for (let s = -7300; s <= 7300; s += 7) expect(parseClock(formatClock(s))).toBe(s);
  });
});
