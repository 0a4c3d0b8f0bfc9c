import {
  checkSheetLimits,
  formatPath,
  readScoresheet,
  SHEET_LIMITS,
  verifyDocument,
} from '../../src/engine';

const sheet = (turns: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  format: 'scoresheet/1',
  rules: 'scrabble-en',
  players: ['Ana', 'Marko'],
  turns,
  ...extra,
});

const passes = (n: number) => Array.from({ length: n }, (_, i) => ({ player: i % 2, pass: true }));

/** Every error of a sheet, as `path: message`. */
function errors(doc: unknown): string[] {
  const read = readScoresheet(doc);
  return read.ok ? [] : read.errors.map((e) => `${formatPath(e.path)}: ${e.message}`);
}

describe('a score sheet beyond any real game is unreadable, each field named', () => {
  test('200,000 passes: one error naming turns, before any turn is read', () => {
    expect(errors(sheet(passes(200_000)))).toEqual([
      'turns: a score sheet has at most 200 turns; this one has 200000',
    ]);
    // The replay is never reached either.
    const verified = verifyDocument(sheet(passes(200_000)));
    expect(verified.ok).toBe(false);
  });

  test('200 turns read; 201 do not', () => {
    expect(SHEET_LIMITS.turns).toBe(200);
    expect(errors(sheet(passes(200)))).toEqual([]);
    expect(errors(sheet(passes(201)))).toEqual([
      'turns: a score sheet has at most 200 turns; this one has 201',
    ]);
  });

  test('long strings are named with their turn', () => {
    const doc = sheet(
      [
        { player: 0, play: `8H ${'A'.repeat(5000)}` },
        { player: 1, exchange: 'A'.repeat(1000) },
        { player: 0, pass: true, clock: `${'9'.repeat(100)}:00` },
        { player: 1, pass: true, rack: 'B'.repeat(60) },
      ],
      { players: ['Ana', 'M'.repeat(201)] },
    );
    expect(errors(doc)).toEqual([
      'players[1]: the name of player 2 is longer than 200 characters (it has 201)',
      'turns[0].play: turn 1: play is longer than 100 characters (it has 5003)',
      'turns[1].exchange: turn 2: exchange is longer than 50 characters (it has 1000)',
      'turns[2].clock: turn 3: clock is longer than 10 characters (it has 103)',
      'turns[3].rack: turn 4: rack is longer than 50 characters (it has 60)',
    ]);
  });

  test('scores beyond any game, and a meta too large, are named', () => {
    const doc = sheet([{ player: 0, play: '8H CAT', score: 1e300, total: -2e6 }], {
      claimed: { final: [5, 1e9] },
      meta: { notes: 'x'.repeat(SHEET_LIMITS.meta + 1) },
    });
    expect(errors(doc)).toEqual([
      'turns[0].score: turn 1: score is beyond ±100000 (it is 1e+300)',
      'turns[0].total: turn 1: total is beyond ±100000 (it is -2000000)',
      'claimed.final[1]: claimed.final[1] is beyond ±100000 (it is 1000000000)',
      'meta: meta is larger than 256 KB written as JSON (or nested more than 16 deep)',
    ]);
  });

  test('a meta nested deeper than 16 levels is refused without a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(errors(sheet([], { meta: { deep } }))).toEqual([
      'meta: meta is larger than 256 KB written as JSON (or nested more than 16 deep)',
    ]);
  });

  test("the judge's own rows in meta (200 rows of 60-character cells) fit", () => {
    const row = Object.fromEntries(
      ['player', 'kind', 'position', 'word', 'score', 'total', 'clock', 'rack'].map((k) => [
        k,
        'x'.repeat(60),
      ]),
    );
    const meta = { form: { rows: Array.from({ length: 200 }, () => row), extra: '' } };
    expect(errors(sheet(passes(2), { meta }))).toEqual([]);
  });

  test('a value quoted in a message is cut to 40 characters', () => {
    const long = 'Z'.repeat(1_000_000);
    const [rules] = errors({ ...sheet([]), rules: long.slice(0, 90) });
    expect(rules).toBe(`rules: unknown rule set "${'Z'.repeat(40)}…" (90 characters)`);
    const clock = errors(sheet([{ player: 0, pass: true, clock: 'x'.repeat(9) }]));
    expect(clock).toEqual([
      'turns[0].clock: a clock reading must be mm:ss (e.g. "28:40"), not "xxxxxxxxx"',
    ]);
    const key = errors({ ...sheet([]), [long]: 1 })[0];
    expect(key.length).toBeLessThan(long.length / 1000);
  });

  test('100 errors at most, and a line saying there are more', () => {
    const doc = sheet(Array.from({ length: 200 }, () => ({ player: 9, pass: false })));
    const all = errors(doc);
    expect(all).toHaveLength(101);
    expect(all[100]).toBe('(the document): more errors than the first 100 shown');
  });

  // The reader tells a sheet within its limits outside the turns by a check of its own, without
  // paths or messages, and asks for them only when that check fails: each field alone beyond its
  // limit must fail it, or the sheet would be read as if it were within them.
  const L = SHEET_LIMITS;
  const tooMany = <T>(value: T) => Array.from({ length: L.players + 1 }, () => value);
  test.each([
    ['players', { players: tooMany('Ana') }, 'players:'],
    ["a player's name", { players: ['Ana', 'M'.repeat(L.name + 1)] }, 'players[1]:'],
    ['rules', { rules: 'r'.repeat(L.play + 1) }, 'rules:'],
    ['end.racks', { end: { racks: tooMany('AB') } }, 'end.racks:'],
    ['a final rack', { end: { racks: ['A'.repeat(L.rack + 1), ''] } }, 'end.racks[0]:'],
    ['end.clocks', { end: { clocks: tooMany('1:00') } }, 'end.clocks:'],
    ['a final clock', { end: { clocks: ['1:00', '9'.repeat(L.clock + 1)] } }, 'end.clocks[1]:'],
    ['end.drawn', { end: { drawn: tooMany(1) } }, 'end.drawn:'],
    ['end.reason', { end: { reason: 'x'.repeat(L.play + 1) } }, 'end.reason:'],
    ['claimed.final', { claimed: { final: tooMany(0) } }, 'claimed.final:'],
    ['a claimed final', { claimed: { final: [0, L.points + 1] } }, 'claimed.final[1]:'],
    ['meta', { meta: { notes: 'x'.repeat(L.meta + 1) } }, 'meta:'],
    ['options', { options: { note: 'x'.repeat(4097) } }, 'options:'],
  ])(
    '%s beyond its limit, alone, is refused by the reader as the limits name it',
    (_, extra, start) => {
      const doc = sheet(passes(2), extra);
      const named = checkSheetLimits(doc).map((e) => `${formatPath(e.path)}: ${e.message}`);
      expect(named).toHaveLength(1);
      expect(named[0].startsWith(start)).toBe(true);
      expect(errors(doc)).toEqual(named);
    },
  );

  test("a challenge's bonus beyond its limit is named, in a turn of known fields or not", () => {
    const bonus = { by: 1, valid: true, bonus: L.points + 1 };
    const message = `turn 1: challenge.bonus is beyond ±${L.points} (it is ${L.points + 1})`;
    const challenged = { player: 0, play: '8H CAT', score: 10, challenge: bonus };
    expect(errors(sheet([challenged]))).toEqual([`turns[0].challenge.bonus: ${message}`]);
    expect(errors(sheet([{ ...challenged, note: 'x' }]))).toEqual([
      `turns[0].challenge.bonus: ${message}`,
    ]);
    const within = { ...challenged, challenge: { ...bonus, bonus: L.points } };
    expect(checkSheetLimits(sheet([within]))).toEqual([]);
    expect(errors(sheet([within]))).toEqual([]);
  });

  test('options are counted as JSON to four levels deep', () => {
    const nested = (levels: number): unknown => (levels === 0 ? 1 : { a: nested(levels - 1) });
    const refused = ['options: options are larger than 4 KB written as JSON'];
    expect(checkSheetLimits(sheet(passes(2), { options: nested(4) }))).toEqual([]);
    expect(errors(sheet(passes(2), { options: nested(5) }))).toEqual(refused);
    const list = Array.from({ length: 2043 }, () => 1);
    expect(checkSheetLimits(sheet(passes(2), { options: { l: list } }))).toEqual([]);
    expect(errors(sheet(passes(2), { options: { l: [...list, 1] } }))).toEqual(refused);
  });

  test("a card game's turn beyond a limit is named before anything else of the turn", () => {
    const doc = {
      format: 'scoresheet/1',
      rules: 'quivit',
      players: ['Ana', 'Ben'],
      turns: [
        { player: 0, score: 3, cards: 2 },
        { player: 1, score: 1, taken: Array.from({ length: L.list + 1 }, () => 1) },
      ],
    };
    expect(errors(doc)).toEqual([
      `turns[1].taken: turn 2: taken has ${L.list + 1} entries; at most ${L.list}`,
    ]);
  });
});
