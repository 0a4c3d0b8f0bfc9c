import {
  GcgBoardLayout,
  gcgToScoresheet,
  parseGcg,
  readScoresheet,
  scoresheetToGcg,
  VerificationReport,
  writeGcg,
} from '../../src/engine';
import { recordText, verifyGcg } from './gcg-read';

function withLine(text: string, line: string, replacement: string): string {
  expect(text.split('\n')).toContain(line);
  return text.replace(line, replacement);
}

const findings = (report: VerificationReport) =>
  [...report.turns.flatMap((t) => t.issues), ...report.issues].filter((i) => i.severity !== 'info');

describe('Real GCG records refused whole (issue 34, defect 2): verified, not refused', () => {
  const magpie = recordText('magpie-standard15.gcg');

  test("a Macondo/MAGPIE record with '#board-layout standard15', a #note over three lines, a five-point (challenge) +5 and '(time) -10' agrees with the rules", () => {
    const { game, sheet, report } = verifyGcg(magpie, true);
    expect(game.boardLayout).toBe('standard15');
    expect(game.otherPragmas).toContain(
      '#note five-point challenge: the bonus goes to the player challenged\nAWBOOK stands\nin the word list',
    );
    expect(sheet.end?.timePenalty).toEqual([0, 10]);
    const awbook = report.turns.find((t) => t.play === 'L9 .AWBOOK')!;
    expect(awbook.challengeBonus).toBe(5);
    // qatsolo: 455 from moves (the +5 among them), tilebird went out with IT on qatsolo's rack
    // (Woogles doubles it for tilebird, qatsolo loses nothing), then 10 points for time: 445.
    expect(report.players[1]).toMatchObject({ moves: 455, timePenalty: 10, final: 445 });
    expect(report.players[1].claimedFinal).toBe(445);
    expect(findings(report)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  test("a NASPA record (cross-tables, ISO-8859-1) with '(time) -10' after the going-out line agrees with the rules", () => {
    const { report } = verifyGcg(recordText('cross-tables-overtime.gcg'), true);
    // José 502 from moves − 10 for one minute over = 492, as the (time) line's total.
    expect(report.players[0]).toMatchObject({ moves: 502, timePenalty: 10, final: 492 });
    expect(findings(report)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  test('a player who paid for time over has no time left: below zero by the minutes paid for, with no clock written', () => {
    const overtime = verifyGcg(recordText('cross-tables-overtime.gcg'), true).report;
    // José paid 10 points, 10 a minute: 1 minute over, −01:00. Hélène paid none and no
    // clock is written: the whole 25:00, as for any sheet without clocks.
    expect(overtime.players.map((p) => [p.remaining, p.remainingSeconds])).toEqual([
      ['-01:00', -60],
      ['25:00', 1500],
    ]);
    // 15 points written where the rule takes 10 a minute: part of a second minute, −02:00.
    const odd = verifyGcg(
      withLine(magpie, '>qatsolo:  (time) -10 445', '>qatsolo:  (time) -15 440'),
    ).report;
    expect(odd.players[1]).toMatchObject({ remaining: '-02:00', remainingSeconds: -120 });
    expect(odd.players[1].timeExpired).toBe(false);
  });

  test('a (time) amount that is not a whole number of minutes is a finding, and the record is still verified', () => {
    const { report } = verifyGcg(
      withLine(magpie, '>qatsolo:  (time) -10 445', '>qatsolo:  (time) -15 440'),
    );
    expect(report.issues).toEqual([
      expect.objectContaining({
        code: 'TIME_PENALTY_AMOUNT',
        severity: 'error',
        player: 1,
        written: 15,
      }),
    ]);
    // The amount written is the one taken off: 455 − 15 = 440, the line's own total.
    expect(report.players[1]).toMatchObject({ final: 440, claimedFinal: 440 });
    expect(report.ok).toBe(false);
  });

  test("a (time) line whose total does not follow (455 − 10 written as 440) is the final's finding, with the time in the sum", () => {
    const { report } = verifyGcg(
      withLine(magpie, '>qatsolo:  (time) -10 445', '>qatsolo:  (time) -10 440'),
    );
    expect(report.issues).toEqual([
      expect.objectContaining({
        code: 'FINAL_MISMATCH',
        player: 1,
        written: 440,
        computed: 445,
        message: expect.stringContaining(
          '455 from moves − 0 for the tiles left on the rack − 10 for going over time',
        ),
      }),
    ]);
  });

  test('a (challenge) +5 for the play that went out, written after the going-out line, counts once', () => {
    // Woogles may write the bonus after the end lines: the play's total is then the bonus
    // line's less the 4 points of the going-out line (441 + 5 = 446; 446 + 4 = 450).
    const text = withLine(
      recordText('woogles-nwl23.gcg'),
      '>tilebird: (IT) +4 445',
      '>tilebird: (IT) +4 445\n>tilebird: (challenge) +5 450',
    );
    const { report } = verifyGcg(text);
    const last = report.turns[report.turns.length - 1];
    expect(last).toMatchObject({ challengeBonus: 5, total: { claimed: 446, computed: 446 } });
    expect(report.players[0]).toMatchObject({ final: 450, claimedFinal: 450 });
    expect(report.ok).toBe(true);
  });

  test("a bare '#' and a '# Title' line are comments, not a crash ('m is not iterable')", () => {
    const text = `#\n# Club final, round 3\n${recordText('quackle.gcg')}`;
    const parsed = parseGcg(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.game.otherPragmas.slice(0, 2)).toEqual(['#', '# Club final, round 3']);
    const again = parseGcg(writeGcg(parsed.game));
    expect(again.ok && again.game.otherPragmas.slice(0, 2)).toEqual(
      parsed.game.otherPragmas.slice(0, 2),
    );
    expect(verifyGcg(text).report.ok).toBe(true);
  });

  test('a line that is neither pragma, event nor the continuation of a note is still refused on its line', () => {
    const parsed = parseGcg('#player1 a A\n#player2 b B\nhello\n>a: CATXYZQ 8G CAT +10 10\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      expect.objectContaining({ line: 3, problem: { code: 'NOT_A_LINE', text: 'hello' } }),
    ]);
  });

  /**
   * The board layouts the recorders document, each in a record of that recorder's dialect:
   * Macondo and Woogles (board/layouts.go) name `CrosswordGame`, `CrosswordGameGmo` (no double
   * word on the centre) and `SuperCrosswordGame` (21x21), which Macondo before `#game-type`
   * wrote as `#note BoardLayout: …`; MAGPIE names `standard15` and `standard21` (`standard` and
   * the size) and, in its older versions, Macondo's names. Quackle and the NASPA format write no
   * board. Before, every name but CrosswordGame and standard15 was "not the board of any rule
   * set", the documented layouts with no word of what they are.
   */
  type Dialect = 'macondo' | 'magpie';
  /** The dialect's record with its board named `board`, as that recorder writes the pragma. */
  function withBoard(dialect: Dialect, board: string) {
    const [file, line, pragma] =
      dialect === 'macondo'
        ? [
            'woogles-older-notes.gcg',
            '#note BoardLayout: CrosswordGame',
            `#note BoardLayout: ${board}`,
          ]
        : ['magpie-standard15.gcg', '#board-layout standard15', `#board-layout ${board}`];
    return { pragma, text: withLine(recordText(file), line, pragma) };
  }

  it.each<[string, string, Dialect]>([
    ['Macondo before #game-type', 'CrosswordGame', 'macondo'],
    ['MAGPIE', 'standard15', 'magpie'],
    ['MAGPIE, older versions', 'CrosswordGame', 'magpie'],
  ])(
    '%s: the 15x15 board under its name %s is read and the record verified',
    (_, board, dialect) => {
      const { sheet, report } = verifyGcg(withBoard(dialect, board).text, true);
      expect(sheet.rules).toBe('scrabble-en');
      expect(findings(report)).toEqual([]);
      expect(report.ok).toBe(true);
    },
  );

  it.each<[string, string, Dialect, GcgBoardLayout, string]>([
    [
      'Macondo before #game-type',
      'SuperCrosswordGame',
      'macondo',
      'super-21x21',
      "Macondo's and Woogles' 21x21 super board",
    ],
    [
      'Macondo before #game-type',
      'CrosswordGameGmo',
      'macondo',
      'no-centre-double-word',
      "Macondo's 15x15 board without the double word on the centre square",
    ],
    ['MAGPIE', 'standard21', 'magpie', 'super-21x21', "MAGPIE's 21x21 super board"],
    ['MAGPIE, older versions', 'SuperCrosswordGame', 'magpie', 'super-21x21', '21x21 super board'],
  ])(
    '%s: %s, a documented board other than the 15x15 one, is refused on its line saying what it is (it was "not the board of any rule set")',
    (_, board, dialect, layout, what) => {
      const { pragma, text } = withBoard(dialect, board);
      const parsed = parseGcg(text);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const converted = gcgToScoresheet(parsed.game);
      expect(converted.ok).toBe(false);
      if (converted.ok) return;
      expect(converted.errors).toEqual([
        {
          line: text.split('\n').indexOf(pragma) + 1,
          message: expect.stringMatching(new RegExp(`^${pragma}: '${board}' is `)) as string,
          problem: { code: 'UNKNOWN_BOARD', pragma, value: board, layout },
        },
      ]);
      expect(converted.errors[0].message).toContain(what);
      expect(converted.errors[0].message).toContain('it reads CrosswordGame or standard15');
    },
  );

  test('a board name no recorder documents is still refused as one Arbiter does not know', () => {
    const { text } = withBoard('magpie', 'Scrabble');
    const parsed = parseGcg(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const converted = gcgToScoresheet(parsed.game);
    expect(converted.ok || converted.errors).toEqual([
      {
        line: 7,
        message:
          "#board-layout Scrabble: 'Scrabble' is not the board of any rule set of Arbiter; it reads CrosswordGame or standard15 (the 15x15 Scrabble board)",
        problem: { code: 'UNKNOWN_BOARD', pragma: '#board-layout Scrabble', value: 'Scrabble' },
      },
    ]);
  });

  test('a (time) line in a record of a game without points for time (Kvizovka) is refused on its line', () => {
    const text = [
      '#arbiter-rules kvizovka',
      '#player1 a A',
      '#player2 b B',
      '>a: KUĆAXYZ 9F KUĆA +8 8',
      '>a:  (time) -10 -2',
    ].join('\n');
    const parsed = parseGcg(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const converted = gcgToScoresheet(parsed.game);
    expect(converted.ok).toBe(false);
    if (converted.ok) return;
    expect(converted.errors).toEqual([
      expect.objectContaining({ line: 5, problem: { code: 'TIME_PENALTY', rules: 'Kvizovka' } }),
    ]);
  });

  test('end.timePenalty: a sheet of a rule set without it is refused at the field; an export writes the (time) line back', () => {
    const refused = readScoresheet({
      format: 'scoresheet/1',
      rules: 'kvizovka',
      players: ['A', 'B'],
      turns: [],
      end: { timePenalty: [0, 10] },
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors).toEqual([
        expect.objectContaining({
          path: ['end', 'timePenalty'],
          problem: { code: 'FIELD_NOT_FOR_RULES', rules: 'Kvizovka' },
        }),
      ]);
    }
    const { sheet, report } = verifyGcg(magpie);
    const written = writeGcg(scoresheetToGcg(sheet, report));
    expect(written).toContain('>qatsolo:  (time) -10 445');
    expect(verifyGcg(written).report.players[1]).toMatchObject({ final: 445, claimedFinal: 445 });
  });
});
