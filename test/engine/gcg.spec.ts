import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import {
  decodeGcg,
  gcgToScoresheet,
  parseGcg,
  readScoresheet,
  scoresheetToGcg,
  verifyScoresheet,
  writeGcg,
  GcgGame,
} from '../../src/engine';
import type { VerificationReport } from '../../src/engine/report/report';

/**
 * Real games must replay exactly: every recorded score and total reproduced.
 * A mismatch is a finding to explain, never a number to bend the engine to;
 * each known one is listed here with the arithmetic that shows the record wrong.
 */
const KNOWN_RECORDING_ERRORS: Record<string, { turn: number; code: string; why: string }[]> = {
  'pkg__puzzles__testdata__r20_peter.gcg': [
    {
      turn: 14, // turn 15 (0-based 14), line 18: >Peter: ?BCHRUY N1 BRUnCH..Y +115 392, withdrawn on line 19
      code: 'SCORE_MISMATCH',
      // N1 B3 + N2 R1 (word x2) + U1 + n0 (blank) + C3 + N6 H4x3 + I1 + F4 + Y4 = 29, x2 = 58; +50 all seven = 108;
      // cross-word YE (N9 Y4 + O9 E1) = 5; total 113. The record's 115 counts the blank as a 1-point N doubled (+2),
      // but the rack ?BCHRUY holds no N. The play was withdrawn (--), so the totals after it are right.
      why: 'blank scored as a lettered N',
    },
  ],
};

const SHARED = join(__dirname, '..', '..', '..', 'shared', 'conformance', 'scrabble-gcg');
const FIXTURES = join(__dirname, '..', 'fixtures', 'scrabble-gcg');

function gcgFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.gcg'))
    .sort();
}

function check(dir: string, file: string) {
  const parsed = parseGcg(decodeGcg(readFileSync(join(dir, file))));
  if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.errors)}`);
  const converted = gcgToScoresheet(parsed.game);
  if (!converted.ok) throw new Error(`${file}: ${JSON.stringify(converted.errors)}`);
  const read = readScoresheet(JSON.parse(JSON.stringify(converted.value.sheet)));
  if (!read.ok) throw new Error(`${file}: ${JSON.stringify(read.errors)}`);
  const report = verifyScoresheet(read.sheet);
  const mismatches = [
    ...report.turns.flatMap((t) =>
      t.issues.filter((i) => i.severity !== 'info').map((i) => ({ turn: t.index, code: i.code })),
    ),
    ...report.issues.filter((i) => i.severity !== 'info').map((i) => ({ turn: -1, code: i.code })),
  ];
  return { report, mismatches, game: parsed.game };
}

function conformance(dir: string, label: string) {
  const files = gcgFiles(dir);
  test(`${label}: every recorded score is reproduced, except the known recording errors`, () => {
    const summary: string[] = [];
    let turns = 0;
    for (const file of files) {
      const { report, mismatches } = check(dir, file);
      turns += report.turns.length;
      summary.push(
        `${file}: ${report.turns.length} turns checked, ${mismatches.length} mismatches`,
      );
      const expected = (KNOWN_RECORDING_ERRORS[file] ?? []).map(({ turn, code }) => ({
        turn,
        code,
      }));
      expect({ file, mismatches }).toEqual({ file, mismatches: expected });
    }
    console.log(`${label}: ${files.length} games, ${turns} turns\n${summary.join('\n')}`);
    expect(files.length).toBeGreaterThan(0);
  });
}

describe('GCG conformance', () => {
  conformance(FIXTURES, 'test/fixtures/scrabble-gcg');
  if (existsSync(SHARED)) {
    conformance(SHARED, 'shared/conformance/scrabble-gcg');
  } else {
    test.skip(`shared/conformance/scrabble-gcg is not beside this checkout (${SHARED}): only the copies in test/fixtures are checked`, () =>
      undefined);
  }
});

describe('GCG reading and writing', () => {
  const dirs = [FIXTURES, ...(existsSync(SHARED) ? [SHARED] : [])];
  const stripLines = (g: GcgGame) => ({ ...g, events: g.events.map((e) => ({ ...e, line: 0 })) });

  test('every record read, written and read again is the same game', () => {
    for (const dir of dirs) {
      for (const file of gcgFiles(dir)) {
        const first = parseGcg(decodeGcg(readFileSync(join(dir, file))));
        if (!first.ok) throw new Error(file);
        const again = parseGcg(writeGcg(first.game));
        if (!again.ok) throw new Error(`${file}: ${JSON.stringify(again.errors)}`);
        expect(stripLines({ ...again.game, characterEncoding: undefined })).toEqual(
          stripLines({ ...first.game, characterEncoding: undefined }),
        );
      }
    }
  });

  test('the events of a record: moves, withdrawals, challenge bonuses, exchanges, passes, end racks', () => {
    const text = [
      '#player1 ann Ann Arbor',
      '#player2 bob Bob Boston',
      '#title Club night',
      '>ann: AEINRST 8D RETAINS +66 66',
      '>bob: ABCDEFG -ABC +0 0',
      '>ann: AEIOUUU -3 +0 66',
      '>bob: ABCDEFG - +0 0',
      '>ann: ?ABCDEF 9D bE +10 76 extra tokens are tolerated',
      '>ann: ?ABCDEF -- -10 66',
      '>bob: DEFGHIJ H3 FEIGN.D +30 30',
      '>bob: DEFGHIJ (challenge) +5 35',
      '>ann:  (QZ) +40 106',
      '>bob: QZ (QZ) -20 15',
    ].join('\n');
    const parsed = parseGcg(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.game.players).toEqual([
      { nick: 'ann', name: 'Ann Arbor' },
      { nick: 'bob', name: 'Bob Boston' },
    ]);
    expect(parsed.game.events.map((e) => e.kind)).toEqual([
      'move',
      'exchange',
      'exchange',
      'pass',
      'move',
      'withdrawn',
      'move',
      'challenge-bonus',
      'end-rack',
      'own-rack',
    ]);
    const converted = gcgToScoresheet(parsed.game);
    expect(converted.ok).toBe(true);
    if (!converted.ok) return;
    const sheet = converted.value.sheet;
    expect(sheet.options).toEqual({ failedChallenge: 'bonus', goingOut: 'transfer' }); // bob also loses his rack
    expect(sheet.turns[4]).toMatchObject({
      play: '9D bE',
      challenge: { by: 1, valid: false },
      total: 66,
    });
    expect(sheet.turns[5]).toMatchObject({
      play: 'H3 FEIGN.D',
      challenge: { by: 0, valid: true, bonus: 5 },
      total: 35,
    });
    expect(sheet.end).toEqual({ reason: 'out', racks: ['', 'QZ'] });
    expect(sheet.claimed).toEqual({ final: [106, 15] });
  });

  test('unreadable lines are reported by number', () => {
    const parsed = parseGcg('#player1 a A\n#player2 b B\n>a: ABC 8D\nnonsense\n>b ABC 8D ABC +5 5');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(parsed.errors[0].message).toContain('is not a move');
  });

  test('a card game has no GCG: reading one as quivit is refused, writing one throws', () => {
    const parsed = parseGcg('#player1 a A\n#player2 b B\n>a: ABC 8D CAB +14 14\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const converted = gcgToScoresheet(parsed.game, 'quivit');
    expect(converted.ok).toBe(false);
    if (!converted.ok) {
      expect(converted.errors[0].message).toBe(
        'Quivit is a card game: GCG records crossword games',
      );
    }
    const sheet = {
      format: 'scoresheet/1' as const,
      rules: 'quivit',
      players: ['A', 'B'],
      turns: [{ player: 0, score: 3, cards: 2 }],
    };
    expect(() => scoresheetToGcg(sheet, verifyScoresheet(sheet))).toThrow('card game');
  });

  test('qwibble and scrabble-target games read from GCG', () => {
    const parsed = parseGcg('#player1 a A\n#player2 b B\n>a: CATXYZQ 8G CAT +5 5\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const converted = gcgToScoresheet(parsed.game, 'qwibble');
    expect(converted.ok).toBe(true);
    if (!converted.ok) return;
    const report = verifyScoresheet(converted.value.sheet);
    expect(report.turns[0].score.computed).toBe(5); // C3 + A1 + T1, no premiums
    expect(report.ok).toBe(true);
  });

  test('ISO-8859-1 unless UTF-8 is declared', () => {
    const latin1 = Buffer.from('#player1 a Ren\xe9\n', 'latin1');
    expect(decodeGcg(latin1)).toBe('#player1 a René\n');
    const utf8 = Buffer.from('#character-encoding UTF-8\n#player1 a René\n', 'utf8');
    expect(decodeGcg(utf8)).toContain('René');
  });
});

describe('GCG export keeps what it has: clocks and time penalties of a Kvizovka sheet', () => {
  const KVIZOVKA = join(__dirname, '..', 'fixtures', 'kvizovka');
  const readSheet = (name: string) => {
    const read = readScoresheet(JSON.parse(readFileSync(join(KVIZOVKA, name), 'utf8')));
    if (!read.ok) throw new Error(`${name}: ${JSON.stringify(read.errors)}`);
    return read.sheet;
  };
  /** Export as GCG text, import it back: the sheet and its report. */
  const roundTrip = (sheet: ReturnType<typeof readSheet>) => {
    const text = writeGcg(scoresheetToGcg(sheet, verifyScoresheet(sheet)));
    const parsed = parseGcg(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const converted = gcgToScoresheet(parsed.game);
    if (!converted.ok) throw new Error(JSON.stringify(converted.errors));
    const read = readScoresheet(JSON.parse(JSON.stringify(converted.value.sheet)));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    return { text, sheet: read.sheet, report: verifyScoresheet(read.sheet) };
  };
  /**
   * The report with the one thing GCG cannot keep set aside: every GCG line has a score,
   * so a turn the sheet wrote none for comes back as +0, and a withdrawn play with the
   * score it would have had (`>a: … +6` then `-- -6`), where the sheet may have 0.
   */
  const comparable = (report: VerificationReport, original: VerificationReport) => ({
    ...report,
    turns: report.turns.map((t, i) => {
      const o = original.turns[i];
      return o && (o.score.claimed === null || o.status === 'withdrawn')
        ? { ...t, score: { ...t.score, claimed: 'as GCG writes it' } }
        : t;
    }),
  });

  it.each([
    '10-challenges-penalties.sheet.json',
    '12-clock-expired.sheet.json',
    '13-penalty-expiry.sheet.json',
    '14-time-tiebreak.sheet.json',
    '20-time-expired-marked.sheet.json',
    '23-penalty-empties-clock.sheet.json',
  ])('%s: export → import gives the same clocks, challenges, penalties and report', (name) => {
    const sheet = readSheet(name);
    const before = verifyScoresheet(sheet);
    const { sheet: back, report: after } = roundTrip(sheet);
    expect(back.turns.map((t) => t.clock)).toEqual(sheet.turns.map((t) => t.clock));
    expect(back.turns.map((t) => t.challenge)).toEqual(sheet.turns.map((t) => t.challenge));
    expect(back.end?.clocks).toEqual(sheet.end?.clocks);
    expect(back.end?.timeExpired).toEqual(sheet.end?.timeExpired);
    expect(back.end?.reason).toEqual(sheet.end?.reason);
    expect(after.turns.map((t) => [t.penalty, t.clock])).toEqual(
      before.turns.map((t) => [t.penalty, t.clock]),
    );
    expect(after.players.map((p) => [p.penaltyMinutes, p.remaining, p.timeExpired])).toEqual(
      before.players.map((p) => [p.penaltyMinutes, p.remaining, p.timeExpired]),
    );
    expect(after.result).toEqual(before.result);
    expect(comparable(after, before)).toEqual(comparable(before, before));
  });

  it('writes them as pragmas of its own after the event of the turn, and the options and end at the top and bottom', () => {
    const sheet = readSheet('10-challenges-penalties.sheet.json');
    sheet.options = { penaltyMinutes: [2, 3] };
    const { text, report } = roundTrip(sheet);
    const lines = text.split('\n');
    expect(lines).toContain('#arbiter-options {"penaltyMinutes":[2,3]}');
    // Turn 3: Ognjen challenged KOZA and it stood; the clock after the move.
    const koza = lines.findIndex((l) => l.includes('F9 .OZA'));
    expect(lines.slice(koza + 1, koza + 3)).toEqual([
      '#arbiter-challenge valid',
      '#arbiter-clock 27:30',
    ]);
    expect(lines).toContain('#arbiter-end agreed');
    expect(lines).toContain('#arbiter-end-clocks 23:40 17:50');
    // The options came back: Ognjen's first penalty is 2 minutes, no longer 1.
    expect(report.turns[1].penalty).toEqual({ player: 1, minutes: 2 });
  });

  it('a record whose pragmas cannot be read names the line', () => {
    const parsed = parseGcg(
      [
        '#player1 a A',
        '#arbiter-clock 10:00',
        '#player2 b B',
        '>a: ABC 8D CAB +14 14',
        '#arbiter-clock 99',
        '#arbiter-end sometime',
        '#arbiter-end-clocks 10:00 x',
        '#arbiter-options [1]',
      ].join('\n'),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 5, 6, 7, 8]);
  });

  it('a record without them reads as before (other programs never write them)', () => {
    const parsed = parseGcg('#player1 a A\n#player2 b B\n>a: CATXYZQ 8G CAT +10 10\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.game.arbiter).toBeUndefined();
    const converted = gcgToScoresheet(parsed.game);
    expect(converted.ok && converted.value.sheet.turns[0].clock).toBeUndefined();
  });
});
