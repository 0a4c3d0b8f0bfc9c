/**
 * One slip, one finding (docs/rulings.md, "Totals"): a wrong score or a wrong addition that the
 * sheet carries into every later total is one finding on the turn of the slip, not one a turn.
 * A written total is a new slip only when its difference from the rules is not the one the
 * sheet already carried; the slip's finding counts the totals that follow from it (`carried`).
 *
 * The game is test/fixtures/kvizovka/24-carried-total: a realistic 20-turn sheet whose turn 5
 * (index 4, Jelena's TOPAO, 16) is written 19 and carried into her later totals and final.
 * Jelena moves on the even indexes 0, 2, …, 18.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { loadWordList } from '../../src/dictionary';
import { renderReportText } from '../../src/cli/report-text';
import { verifyDocument } from '../../src/engine/replay/verify';
import type { Issue, VerificationReport } from '../../src/engine/report/report';

interface Turn {
  player: number;
  score?: number;
  total?: number;
  challenge?: { by: number; valid: boolean };
  [key: string]: unknown;
}
interface Doc {
  turns: Turn[];
  claimed: { final: number[] };
  [key: string]: unknown;
}

const FIXTURE = join(__dirname, '..', 'fixtures', 'kvizovka', '24-carried-total.sheet.json');
const slipped = (): Doc => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Doc;

/** Jelena's indexes from `from` on. */
const jelenaFrom = (from: number) =>
  Array.from({ length: 10 }, (_, k) => 2 * k).filter((i) => i >= from);

/** The sheet without the slip: TOPAO 16, Jelena's totals 34, 44, …, 147 and final 147. */
function clean(): Doc {
  const doc = slipped();
  doc.turns[4].score = 16; // 19 − 3
  for (const i of jelenaFrom(4)) doc.turns[i].total! -= 3;
  doc.claimed.final[0] -= 3; // 150 − 3 = 147
  return doc;
}

/** Adds `points` to Jelena's written totals from index `from` on, and to her final. */
function shift(doc: Doc, from: number, points: number): Doc {
  for (const i of jelenaFrom(from)) {
    const turn = doc.turns[i];
    if (turn.total !== undefined) turn.total += points;
  }
  doc.claimed.final[0] += points;
  return doc;
}

function verify(doc: Doc): VerificationReport {
  const result = verifyDocument(doc, { words: null });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

/** Errors and warnings of the turns, as [index, code]. */
const turnFindings = (r: VerificationReport) =>
  r.turns.flatMap((t) =>
    t.issues.filter((i) => i.severity !== 'info').map((i) => [t.index, i.code] as const),
  );
const find = (r: VerificationReport, index: number, code: string): Issue =>
  r.turns[index].issues.find((i) => i.code === code)!;

describe('one slip, one finding: a carried total', () => {
  test('the clean game agrees with the rules', () => {
    const r = verify(clean());
    expect(turnFindings(r)).toEqual([]);
    expect(r.issues).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.players.map((p) => p.final)).toEqual([147, 118]);
  });

  test('a wrong score on turn 5 carried into every later total is one finding on turn 5', () => {
    const r = verify(slipped());
    // Today's report had 9 findings for it: the score, 8 totals; and the final.
    expect(turnFindings(r)).toEqual([[4, 'SCORE_MISMATCH']]);
    const slip = find(r, 4, 'SCORE_MISMATCH');
    // TOPAO down C7..C11: (T1x2=2 + O1(old) + P2 + A1 + O1x2=2 = 8) x2 (C9) = 16
    expect(slip).toMatchObject({ written: 19, computed: 16 });
    expect(slip.carried).toBe(8); // the totals of indexes 4, 6, …, 18: 34 + 3, 44 + 3, …, 147 + 3
    expect(slip.message).toContain('the sheet carries this into the 8 totals written after it');
    // The totals still show what the sheet wrote.
    expect(r.turns[4].total).toEqual({ claimed: 37, computed: 34 }); // 18 + 16 = 34; the sheet 18 + 19 = 37
    expect(r.turns[18].total).toEqual({ claimed: 150, computed: 147 });
    // The final decides the result, so it stays a finding, and names the slip.
    expect(r.issues.map((i) => [i.code, i.written, i.computed])).toEqual([
      ['FINAL_MISMATCH', 150, 147],
    ]);
    expect(r.issues[0].message).toContain('the difference follows from the slip on turn 5');
    // Coherent: not ok, one turn marked, the others ok; the text says one turn disagrees.
    expect(r.ok).toBe(false);
    expect(r.turns.map((t) => t.status).filter((s) => s !== 'ok')).toEqual(['score-mismatch']);
    const text = renderReportText(r);
    expect(text).toContain('NOT OK: 1 turn disagrees, 1 final score disagrees');
    expect(text).toContain('44 (sheet 47, carried)');
    expect(text).not.toContain('TOTAL_MISMATCH');
  });

  interface Case {
    name: string;
    doc: () => Doc;
    /** Error and warning findings of the turns, as [index, code]. */
    findings: [number, string][];
    /** `carried` of each of those findings (undefined when none follows). */
    carried: (number | undefined)[];
    /** The final's finding: the turns (1-based) it names, or null when there is none. */
    final: string | null;
  }

  const CASES: Case[] = [
    {
      name: 'a slip in the addition on turn 5 (16 written right, total 37 for 18 + 16 = 34)',
      doc: () => shift(clean(), 4, 3),
      findings: [[4, 'TOTAL_MISMATCH']],
      carried: [7], // the totals of indexes 6, 8, …, 18
      final: 'the slip on turn 5',
    },
    {
      name: 'a wrong score whose total the sheet added right: the later totals are right',
      doc: () => {
        const doc = clean();
        doc.turns[4].score = 19; // the total 34 = 18 + 16 stays
        return doc;
      },
      findings: [[4, 'SCORE_MISMATCH']],
      carried: [undefined],
      final: null,
    },
    {
      name: 'two slips: 3 too many on turn 5, then 1 too few in the addition on turn 13',
      doc: () => shift(slipped(), 12, -1), // from index 12 on the sheet is +2
      findings: [
        [4, 'SCORE_MISMATCH'],
        [12, 'TOTAL_MISMATCH'],
      ],
      // slip 1: indexes 4, 6, 8, 10 (+3) and 14, 16, 18 (+2) = 7; slip 2: 14, 16, 18 = 3
      carried: [7, 3],
      final: 'the slips on turns 5 and 13',
    },
    {
      name: 'the sheet puts it right on turn 11: the 3 totals before follow from the slip',
      doc: () => shift(slipped(), 10, -3), // 80, 97, … as the rules give
      findings: [[4, 'SCORE_MISMATCH']],
      carried: [3], // indexes 4, 6, 8
      final: null,
    },
    {
      name: 'totals left out on turns 5 and 7: the slip still carries into the later ones',
      doc: () => {
        const doc = slipped();
        delete doc.turns[4].total;
        delete doc.turns[6].total;
        return doc;
      },
      findings: [[4, 'SCORE_MISMATCH']],
      carried: [6], // indexes 8, 10, …, 18
      final: 'the slip on turn 5',
    },
    {
      name: 'a withdrawn play written with its would-be score, which the total adds',
      doc: () => {
        const doc = clean();
        // GIBANICA (30, turn 17) ruled invalid: 30 may stand as written, but it scores 0.
        doc.turns[16].challenge = { by: 1, valid: false };
        return doc;
      },
      findings: [[16, 'TOTAL_MISMATCH']],
      carried: [1], // index 18: 147 written, 108 + 0 + 9 = 117
      final: 'the slip on turn 17', // 147 written, 117
    },
  ];

  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const r = verify(c.doc());
    expect(turnFindings(r)).toEqual(c.findings);
    expect(c.findings.map(([index, code]) => find(r, index, code).carried)).toEqual(c.carried);
    const finals = r.issues.filter((i) => i.code === 'FINAL_MISMATCH');
    if (c.final === null) {
      expect(finals).toEqual([]);
    } else {
      expect(finals).toHaveLength(1);
      expect(finals[0].message).toContain(`follows from ${c.final}`);
    }
    // Any written figure that differs keeps the sheet from being ok.
    expect(r.ok).toBe(false);
  });

  test("the messages say where the sheet's own arithmetic went wrong", () => {
    const addition = verify(shift(clean(), 4, 3));
    expect(find(addition, 4, 'TOTAL_MISMATCH').message).toBe(
      "Turn 5 (Jelena Marković, C7 T.PAO): the sheet's total is 37, the rules give 34 (the sheet's own addition is off too: 18 + 16 = 34); the sheet carries this into the 7 totals written after it",
    );
    const withdrawn = clean();
    withdrawn.turns[16].challenge = { by: 1, valid: false };
    expect(find(verify(withdrawn), 16, 'TOTAL_MISMATCH').message).toBe(
      "Turn 17 (Jelena Marković, 15H G.BANICA): the sheet's total is 138, the rules give 108 (the sheet's addition 108 + 30 = 138 is right, but the rules add 0 on this turn: a withdrawn play scores 0); the sheet carries this into the total written after it",
    );
  });
});

/**
 * One slip, one finding, for a letter (docs/rulings.md, "A one-letter slip"): a word copied with
 * one letter wrong on an early turn, and later lines that write through it. The games are
 * fixtures 25 (turn 1's KUĆA copied as KUČA, turn 2's VOĆE written out over it) and 26 (turn
 * 13's VILJUŠKA copied as VILJUSKA, turn 15's GREŠKA written through it with '.'), both the
 * realistic game of 24 without its score slip; the counts of today's report are beside them.
 */
describe('one slip, one finding: a one-letter typo in a word', () => {
  const serbian = loadWordList('sr-kvizovka');
  const fixture = (name: string): Doc =>
    JSON.parse(
      readFileSync(join(__dirname, '..', 'fixtures', 'kvizovka', `${name}.sheet.json`), 'utf8'),
    ) as Doc;
  const play = (doc: Doc, index: number, text: string): Doc => {
    doc.turns[index].play = text;
    return doc;
  };
  const report = (doc: Doc, withList: boolean): VerificationReport => {
    const result = verifyDocument(doc, { words: withList ? serbian : null });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.report;
  };
  const findings = (r: VerificationReport) => [
    ...turnFindings(r),
    ...r.issues.filter((i) => i.severity !== 'info').map((i) => ['game', i.code] as const),
  ];

  interface TypoCase {
    name: string;
    doc: () => Doc;
    /** Error and warning findings with the Serbian list and without one: [turn index or 'game', code]. */
    withList: (readonly [number | 'game', string])[];
    withoutList: (readonly [number | 'game', string])[];
    /** Words in the slip's message with the list. */
    says?: string;
  }

  const CASES: TypoCase[] = [
    {
      // Today: SQUARE_OCCUPIED on VOĆE, then every play built on it refused: 30 findings on 14
      // turns (31 with the list), both finals.
      name: "KUĆA copied as KUČA on turn 1; turn 2's VOĆE written out over its Ć",
      doc: () => fixture('25-letter-slip'),
      withList: [[0, 'LETTER_MISMATCH']],
      withoutList: [[0, 'LETTER_MISMATCH']],
      says: 'a slip in one letter for KUĆA; KUĆA is in the dictionary, KUČA is not',
    },
    {
      // Today: UNKNOWN_WORD for KUČA (turn 1) and for VOČE (turn 2); nothing without a list.
      name: "KUČA on turn 1; turn 2's VOĆE written through it with '.'",
      doc: () => play(fixture('25-letter-slip'), 1, 'H7 VO.E'),
      withList: [[0, 'LETTER_MISMATCH']],
      withoutList: [], // Č and Ć are both worth 3: nothing on the sheet shows the slip
      says: 'KUĆA and VOĆE are in the dictionary, KUČA and VOČE are not',
    },
    {
      // Today: SQUARE_OCCUPIED on GROŽĐE and what is built on it.
      name: "ČEKIĆ copied as ČAKIĆ on turn 3; turn 4's GROŽĐE written out over its E",
      doc: () => play(fixture('24-carried-total'), 2, 'F7 ČA.IĆ'),
      withList: [
        [2, 'LETTER_MISMATCH'],
        [4, 'SCORE_MISMATCH'], // 24's own slip on turn 5, which the sheet still has
        ['game', 'FINAL_MISMATCH'],
      ],
      withoutList: [
        [2, 'LETTER_MISMATCH'],
        [4, 'SCORE_MISMATCH'],
        ['game', 'FINAL_MISMATCH'],
      ],
      says: 'a slip in one letter for ČEKIĆ; ČEKIĆ is in the dictionary, ČAKIĆ is not',
    },
    {
      // Today: UNKNOWN_WORD, SCORE_MISMATCH and TOTAL_MISMATCH on turns 13 and 15, the totals
      // of turns 17 and 19, the final: 7 findings on 4 turns (9 with the list).
      name: "VILJUŠKA copied as VILJUSKA on turn 13; turn 15's GREŠKA written through it with '.'",
      doc: () => fixture('26-letter-slip-score'),
      withList: [
        [12, 'LETTER_MISMATCH'],
        ['game', 'FINAL_MISMATCH'],
      ],
      withoutList: [
        [12, 'LETTER_MISMATCH'],
        ['game', 'FINAL_MISMATCH'],
      ],
      says: 'VILJUŠKA and GREŠKA are in the dictionary, VILJUSKA and GRESKA are not; with Š it scores 17, as the sheet says',
    },
    {
      name: "VILJUSKA on turn 13; turn 15's GREŠKA written out over its S",
      doc: () => play(fixture('26-letter-slip-score'), 14, 'L4 GREŠKA'),
      withList: [
        [12, 'LETTER_MISMATCH'],
        ['game', 'FINAL_MISMATCH'],
      ],
      withoutList: [
        [12, 'LETTER_MISMATCH'],
        ['game', 'FINAL_MISMATCH'],
      ],
      says: 'VILJUŠKA is in the dictionary, VILJUSKA is not',
    },
    {
      // The later line has the slip: the list knows KUĆA and VOĆE, not VOČE.
      name: 'KUĆA right on turn 1; turn 2 written VOČE over its Ć',
      doc: () => play(clean(), 1, 'H7 VOČE'),
      withList: [[1, 'LETTER_MISMATCH']],
      // Without a list nothing says which line is wrong: the later line's letter is taken.
      withoutList: [[0, 'LETTER_MISMATCH']],
      says: 'KUĆA and VOĆE are in the dictionary, VOČE is not',
    },
  ];

  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const listed = report(c.doc(), true);
    expect(findings(listed)).toEqual(c.withList);
    expect(findings(report(c.doc(), false))).toEqual(c.withoutList);
    if (c.says) {
      const [index] = c.withList[0];
      const slip = find(listed, index as number, 'LETTER_MISMATCH');
      expect(slip.message).toContain(c.says);
    }
  });

  test('the slip names the word, the square and both readings, as data', () => {
    const r = report(fixture('25-letter-slip'), true);
    const slip = find(r, 0, 'LETTER_MISMATCH');
    expect(slip).toMatchObject({
      severity: 'error',
      squares: ['H9'],
      word: 'KUČA',
      turn: 0,
      player: 0,
      written: 'KUČA',
      computed: 'KUĆA',
    });
    // VOĆE stands, read through H9, and the board has the Ć.
    expect(r.turns[1].status).toBe('ok');
    expect(r.turns[1].words.map((w) => [w.word, w.score, w.known])).toEqual([['VOĆE', 7, true]]);
    expect(r.board[8].split(' ').slice(5, 9)).toEqual(['K', 'U', 'Ć', 'A']);
    expect(r.ok).toBe(false); // the sheet contradicts itself
  });

  test("a score slip the letter explains becomes the letter's finding, and the totals carry it", () => {
    const r = report(fixture('26-letter-slip-score'), false);
    const slip = find(r, 12, 'LETTER_MISMATCH');
    expect(slip.carried).toBe(4); // the totals of turns 13, 15, 17 and 19: 2 over the rules'
    expect(r.turns[12].score).toEqual({ claimed: 17, computed: 15 }); // S1 for Š3 on L7
    expect(r.turns[12].status).toBe('score-mismatch');
    expect(r.turns[14].score).toEqual({ claimed: 11, computed: 11 }); // GREŠKA with Š: 3 + 1 + 1 + 3 + 2 + 1
    expect(r.issues[0].message).toContain('follows from the slip on turn 13');
  });

  test('one letter over a tile is not a slip when the sheet scores the play as refused', () => {
    // Fixture 03: LIPE down I6..I9 writes E over KUĆA's A and the sheet's total adds nothing.
    const doc = JSON.parse(
      readFileSync(
        join(__dirname, '..', 'fixtures', 'kvizovka', '03-illegal-placements.sheet.json'),
        'utf8',
      ),
    ) as Doc;
    expect(turnFindings(report(doc, true))[2]).toEqual([3, 'SQUARE_OCCUPIED']);
  });
});
