/**
 * One decision whether a sheet is a game's (`readGameSheet`): the API, the
 * judge's import and the form all ask it, and a refusal is data (a code and
 * its fields), never an English sentence to be parsed.
 */
import { readGameSheet, SheetTerms, verifyGameSheet } from '../../src/engine';

const sheet = (changes: Record<string, unknown> = {}) => ({
  format: 'scoresheet/1',
  rules: 'kvizovka',
  players: ['Ana Petrović', 'Marko Jovanović'],
  turns: [
    { player: 0, play: '9F KUĆA', score: 8, total: 8, clock: '28:40' },
    { player: 1, pass: true, score: 0, total: 0, clock: '27:02' },
  ],
  ...changes,
});

const game: SheetTerms = {
  rules: 'kvizovka',
  options: { clockMinutes: 30 },
  players: ['Ana Petrović', 'Marko Jovanović'],
  sameName: (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase(),
};

describe('a sheet not of the game is refused with a code and the fields a page words', () => {
  test.each<{ name: string; doc: unknown; terms?: SheetTerms; refusal: object }>([
    {
      name: 'the rule set mismatch names both rule sets',
      doc: sheet({ rules: 'scrabble-en' }),
      refusal: { code: 'SHEET_RULES_MISMATCH', sheet: 'scrabble-en', rules: 'kvizovka' },
    },
    {
      name: "the sheet's rule set is cut at 40 characters",
      doc: sheet({ rules: 'x'.repeat(50) }),
      refusal: { code: 'SHEET_RULES_MISMATCH', sheet: 'x'.repeat(40), rules: 'kvizovka' },
    },
    {
      name: "an option contradicting the game's, as JSON",
      doc: sheet({ options: { clockMinutes: 35 } }),
      refusal: {
        code: 'SHEET_OPTIONS_MISMATCH',
        clashes: [{ option: 'clockMinutes', sheet: '35', game: '30' }],
      },
    },
    {
      name: 'another player',
      doc: sheet({ players: ['Neko Drugi', 'Marko Jovanović'] }),
      refusal: {
        code: 'SHEET_PLAYERS_MISMATCH',
        expected: ['Ana Petrović', 'Marko Jovanović'],
        got: ['Neko Drugi', 'Marko Jovanović'],
        swapped: false,
      },
    },
    {
      name: 'the players the other way round',
      doc: sheet({ players: ['Marko Jovanović', 'Ana Petrović'] }),
      refusal: {
        code: 'SHEET_PLAYERS_MISMATCH',
        expected: ['Ana Petrović', 'Marko Jovanović'],
        got: ['Marko Jovanović', 'Ana Petrović'],
        swapped: true,
      },
    },
    {
      name: 'a structural error, with its place',
      doc: sheet({ colour: 'red' }),
      refusal: {
        code: 'SHEET_UNREADABLE',
        errors: [
          {
            path: ['colour'],
            message: expect.stringContaining("unknown field 'colour'"),
            problem: { code: 'UNKNOWN_FIELD', field: 'colour' },
          },
        ],
      },
    },
  ])('$name', ({ doc, terms, refusal }) => {
    expect(readGameSheet(doc, terms ?? game)).toEqual({ ok: false, refusal });
  });
});

describe("a game's sheet is taken with the game's options applied", () => {
  test.each<{ name: string; doc: unknown; terms: SheetTerms; options: unknown }>([
    {
      name: "the game's options are added",
      doc: sheet(),
      terms: game,
      options: { clockMinutes: 30 },
    },
    {
      name: "the sheet may repeat the game's options and add its own",
      doc: sheet({ options: { clockMinutes: 30, penaltyMinutes: [1, 2] } }),
      terms: game,
      options: { clockMinutes: 30, penaltyMinutes: [1, 2] },
    },
    {
      name: 'names compare as the game says (case and spacing aside here)',
      doc: sheet({ players: [' ANA PETROVIĆ ', 'Marko Jovanović'] }),
      terms: game,
      options: { clockMinutes: 30 },
    },
    {
      name: 'a sheet of no game: any rule set, any players, its own options',
      doc: sheet({ rules: 'scrabble-en', players: ['A', 'B'], turns: [] }),
      terms: {},
      options: undefined,
    },
  ])('$name', ({ doc, terms, options }) => {
    const read = readGameSheet(doc, terms);
    expect(read.ok && read.sheet.options).toEqual(options);
  });

  test.each([
    { clockMinutes: 20, remaining: '20:00' },
    { clockMinutes: 30, remaining: '30:00' },
  ])(
    "verifying replays with the game's options: a clock of $clockMinutes minutes leaves a player with no reading $remaining",
    ({ clockMinutes, remaining }) => {
      const doc = sheet({ turns: [sheet().turns[0]] });
      const verified = verifyGameSheet(
        doc,
        { ...game, options: { clockMinutes } },
        { words: null },
      );
      if (!verified.ok) throw new Error(JSON.stringify(verified.refusal));
      expect(verified.report.players.map((p) => p.remaining)).toEqual(['28:40', remaining]);
    },
  );
});
