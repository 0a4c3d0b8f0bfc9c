import fc from 'fast-check';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { readWordListFile } from '../../src/dictionary/loader';
import {
  decodeGcg,
  gcgToScoresheet,
  indentJson,
  parseGcg,
  reportJson,
  RULE_SETS,
  simulateGame,
  verifyDocument,
  VerificationReport,
} from '../../src/engine';

/**
 * The report writer (`reportJson`) gives, byte for byte, the text `JSON.stringify` gives for the
 * same report, compact and laid out: on every golden report, on real GCG records, on generated
 * games of every crossword rule set with slips and odd names written into them, and on any JSON
 * value at all.
 */
const fixtures = join(__dirname, '..', 'fixtures');

function verified(doc: unknown, words: Parameters<typeof verifyDocument>[1] = {}) {
  const result = verifyDocument(doc, words);
  if (!result.ok) throw new Error(`sheet not readable: ${JSON.stringify(result.errors)}`);
  return result.report;
}

/** The writer's text against JSON.stringify's, compact and as `verify --json` lays it out. */
function expectSameText(report: VerificationReport): void {
  expect(reportJson(report)).toBe(JSON.stringify(report));
  expect(reportJson(report, 2)).toBe(JSON.stringify(report, null, 2));
}

const goldenSheets = readdirSync(fixtures, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(fixtures, d.name))
      .filter((f) => f.endsWith('.sheet.json'))
      .map((f) => join(d.name, f)),
  )
  .sort();

describe('the golden reports', () => {
  test('there are golden sheets of every kind (crossword and card games)', () => {
    expect(goldenSheets.some((f) => f.startsWith('quivit'))).toBe(true);
    expect(goldenSheets.length).toBeGreaterThanOrEqual(30);
  });

  test.each(goldenSheets)(
    '%s: the text is the golden file, as JSON.stringify writes it',
    (file) => {
      const report = verified(JSON.parse(readFileSync(join(fixtures, file), 'utf8')));
      expectSameText(report);
      const golden = readFileSync(join(fixtures, file.replace(/\.sheet\.json$/, '.report.json')));
      expect(reportJson(report, 2) + '\n').toBe(golden.toString('utf8'));
      // Read back from storage (a plain object) and written again: the same text.
      const stored: unknown = JSON.parse(reportJson(report));
      expect(reportJson(stored as VerificationReport)).toBe(reportJson(report));
    },
  );
});

describe('real GCG records, against the English list', () => {
  const words = readWordListFile(join(__dirname, '..', '..', 'data', 'dictionaries', 'en.dawg.gz'));
  const records = ['scrabble-gcg', 'gcg-dialects'].flatMap((dir) =>
    readdirSync(join(fixtures, dir))
      .filter((f) => f.endsWith('.gcg'))
      .map((f) => join(dir, f)),
  );

  test.each(records)('%s', (file) => {
    const parsed = parseGcg(decodeGcg(new Uint8Array(readFileSync(join(fixtures, file)))));
    if (!parsed.ok) return;
    const converted = gcgToScoresheet(parsed.game);
    if (!converted.ok) return;
    // Written out before its turns are read (words written straight from the plays), then read
    // turn by turn (a page does) and written again, from the turns' reports.
    const unread = verified(converted.value.sheet, { words });
    const text = reportJson(unread);
    expect(text).toBe(JSON.stringify(unread));
    const report = verified(converted.value.sheet, { words });
    expect(report.turns.length).toBeGreaterThan(0);
    expectSameText(report);
    expect(reportJson(report)).toBe(text);
  });
});

/** Strings a sheet may carry into a report: quotes, backslashes, control characters, emoji, lone surrogates. */
const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    'Ana "Kiki" Ilić',
    'C:\\rez',
    'tab\there',
    'new\nline',
    '😀 Đorđe',
    '\ud800x',
    'x\udc00',
  ),
);

describe('generated games of every crossword rule set, with slips and odd names', () => {
  const ruleSets = Object.values(RULE_SETS).filter((r) => !r.cards);

  test('the rule sets are there', () => {
    expect(ruleSets.length).toBeGreaterThanOrEqual(4);
  });

  test.each(ruleSets.map((r) => [r.id, r] as const))('%s', (_id, ruleSet) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: -3, max: 3 }), fc.nat(3)), {
          maxLength: 4,
        }),
        fc.tuple(oddText, oddText),
        (seed, slips, names) => {
          const game = simulateGame(ruleSet, seed);
          const sheet = JSON.parse(JSON.stringify(game.sheet)) as {
            players: string[];
            turns: Record<string, unknown>[];
          };
          sheet.players = [
            names[0] || 'A',
            names[1] === names[0] ? `${names[1]}2` : names[1] || 'B',
          ];
          // Slips: a wrong score or total, a play written over, a turn out of its place.
          for (const [at, by, what] of slips) {
            if (sheet.turns.length === 0) break;
            const turn = sheet.turns[at % sheet.turns.length];
            if (what === 0 && typeof turn.score === 'number') turn.score += by;
            else if (what === 1 && typeof turn.total === 'number') turn.total += by;
            else if (what === 2) turn.player = (Number(turn.player) + 1) % 2;
            else if (what === 3 && typeof turn.play === 'string')
              sheet.turns[(at + 1) % sheet.turns.length].play = turn.play;
          }
          const result = verifyDocument(sheet);
          if (!result.ok) return;
          expectSameText(result.report);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('any JSON value', () => {
  test('is written as JSON.stringify writes it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), oddText, (value, s) => {
        expect(reportJson(value as unknown as VerificationReport)).toBe(JSON.stringify(value));
        const withOdd = { [s]: [s, value, null, undefined, () => 1], s };
        expect(reportJson(withOdd as unknown as VerificationReport)).toBe(JSON.stringify(withOdd));
      }),
      { numRuns: 300 },
    );
  });

  test('is laid out as JSON.stringify lays it out', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 12 }), (value, indent) => {
        expect(indentJson(JSON.stringify(value), indent)).toBe(JSON.stringify(value, null, indent));
      }),
      { numRuns: 300 },
    );
  });

  test('class instances, toJSON, holes and numbers JSON has no word for', () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    const odd = {
      date: new Date(0),
      point: new Point(1, 2),
      holes: [1, , 3], // eslint-disable-line no-sparse-arrays
      numbers: [NaN, Infinity, -0, 1e21, 0.1, -5],
      boxed: [new Number(3), new String('s'), new Boolean(false)],
      none: Object.assign(Object.create(null) as object, { a: 1 }),
      map: new Map([[1, 2]]),
    };
    expect(reportJson(odd as unknown as VerificationReport)).toBe(JSON.stringify(odd));
  });
});
