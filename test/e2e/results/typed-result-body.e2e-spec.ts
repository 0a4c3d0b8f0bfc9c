import { spawnSync } from 'child_process';
import { join } from 'path';

/**
 * A typed result's body is checked without class-validator when it is a game played as the
 * DTO's decorators take it (`@TakenAsIs(playedAsIs)`, src/results/dto/result.dto.ts). Each
 * body here goes both ways in the built server's code (class-validator's packages are ES
 * modules, which the test runner does not load): what the check takes must be what the whole
 * validation takes, unchanged; everything else is left to the whole validation.
 */
const DIST = join(__dirname, '..', '..', '..', 'dist', 'src');

const BOTH_WAYS = `
const { isDeepStrictEqual } = require('util');
const { ValidationPipe } = require('@nestjs/common');
const v = require(${JSON.stringify(join(DIST, 'common', 'api', 'validation.js'))});
const { EnterResultDto } = require(${JSON.stringify(join(DIST, 'results', 'dto', 'result.dto.js'))});
const pipe = new v.ApiValidationPipe(v.API_VALIDATION);
const meta = { type: 'body', metatype: EnterResultDto, data: '' };
(async () => {
  const out = [];
  for (const text of JSON.parse(require('fs').readFileSync(0, 'utf8'))) {
    const taken = v.takenAsIs(EnterResultDto, JSON.parse(text));
    let whole;
    try {
      const dto = await ValidationPipe.prototype.transform.call(pipe, JSON.parse(text), meta);
      whole = { dto, same: taken !== undefined && isDeepStrictEqual(dto, taken) };
    } catch (e) {
      whole = { refused: e.getResponse ? e.getResponse() : String(e) };
    }
    out.push({ body: text, taken: taken !== undefined, ...whole });
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

interface Outcome {
  body: string;
  taken: boolean;
  dto?: unknown;
  same?: boolean;
  refused?: unknown;
}

function bothWays(bodies: string[]): Outcome[] {
  const run = spawnSync(process.execPath, ['-e', BOTH_WAYS], {
    cwd: join(__dirname, '..', '..', '..'),
    input: JSON.stringify(bodies),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Outcome[];
}

const PLAYED = { scores: [412, 380], clocks: ['03:24', '-00:30'] };

/** Values a field may be sent with: right ones and each kind of wrong one. */
const VALUES: unknown[] = [
  undefined,
  null,
  0,
  1,
  2,
  -1,
  0.5,
  '0',
  'played',
  'forfeit',
  'double-forfeit',
  true,
  {},
  [],
  [412, 380],
  [-1000, 5000],
  [-1001, 0],
  [0, 5001],
  [1, 2, 3],
  [1],
  [1.5, 2],
  ['1', 2],
  [null, 1],
  ['03:24', '05:12'],
  ['-00:30', '999:59'],
  ['3:24', '05:60'],
  ['1000:00', '00:00'],
  ['03:24'],
  [324, 512],
  [13, 14],
];
const FIELDS = [
  'kind',
  'absent',
  'scores',
  'clocks',
  'timeLoss',
  'cards',
  'safePoints',
  'tilesPlayed',
  'biggestSteal',
  'targetFirst',
  'other',
  '__proto__',
  'constructor',
];

/** Bodies made from a small deterministic generator, so a failure names one that can be sent again. */
function bodies(count: number): string[] {
  let seed = 33;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const body: Record<string, unknown> = next(3) > 0 ? { ...PLAYED } : {};
    for (let k = next(4); k > 0; k--) {
      const field = FIELDS[next(FIELDS.length)];
      const value = VALUES[next(VALUES.length)];
      if (value === undefined) delete body[field];
      else Object.defineProperty(body, field, { value, enumerable: true, writable: true });
    }
    made.push(JSON.stringify(body));
  }
  return made;
}

describe("a typed result's body checked without class-validator", () => {
  test('the commonest bodies are taken at once, as the whole validation makes them', () => {
    const outcomes = bothWays(
      [
        PLAYED,
        { ...PLAYED, kind: 'played', timeLoss: 1 },
        { ...PLAYED, cards: [13, 14], targetFirst: 0 },
        { ...PLAYED, safePoints: [30, 25], tilesPlayed: [44, 40], biggestSteal: [12, 9] },
      ].map((b) => JSON.stringify(b)),
    );
    for (const o of outcomes) expect(o).toMatchObject({ taken: true, same: true });
  });

  test('forfeits, nulls, unknown fields and mistakes are left to the whole validation', () => {
    const outcomes = bothWays([
      JSON.stringify({ kind: 'forfeit', absent: 0 }),
      JSON.stringify({ kind: 'double-forfeit' }),
      JSON.stringify({ ...PLAYED, absent: 1 }),
      JSON.stringify({ ...PLAYED, timeLoss: null }),
      JSON.stringify({ ...PLAYED, other: 1 }),
      '{"scores":[1,2],"clocks":["01:00","02:00"],"__proto__":{"x":1}}',
      JSON.stringify({ ...PLAYED, scores: [5001, 0] }),
      JSON.stringify({ ...PLAYED, clocks: ['03:24', '05:60'] }),
      JSON.stringify({ scores: PLAYED.scores }),
      '[]',
    ]);
    expect(outcomes.map((o) => [o.taken, o.refused !== undefined])).toEqual([
      ...[
        [false, false],
        [false, false],
      ], // the forfeits pass the whole validation
      ...Array.from({ length: 3 }, () => [false, true]),
      [false, false], // __proto__ is dropped by the whole validation, not refused
      ...Array.from({ length: 4 }, () => [false, true]),
    ]);
  });

  test('a body taken at once is one the whole validation takes unchanged (3,000 bodies)', () => {
    const outcomes = bothWays(bodies(3000));
    const taken = outcomes.filter((o) => o.taken);
    for (const o of taken) expect(o).toMatchObject({ body: o.body, same: true });
    // Both ways are taken often enough for the comparison to mean something.
    expect(taken.length).toBeGreaterThan(300);
    expect(outcomes.filter((o) => o.refused).length).toBeGreaterThan(300);
  });
});
