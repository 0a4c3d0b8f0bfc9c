/**
 * Findings carry their figures as data (docs/scoresheet-format.md): `written` is what the
 * sheet wrote, `computed` what the rules give, so that a page can say it in any language
 * without reading the message. They come after the turn and the player, in that order.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { verifyDocument } from '../../src/engine/replay/verify';
import type { Issue, IssueCode, VerificationReport } from '../../src/engine/report/report';

type Doc = { turns: Record<string, unknown>[]; [key: string]: unknown };

function verify(doc: unknown): VerificationReport {
  const result = verifyDocument(doc, { words: null });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

const kvizovka = (turns: Record<string, unknown>[], rest: Record<string, unknown> = {}): Doc => ({
  format: 'scoresheet/1',
  rules: 'kvizovka',
  players: ['Ana', 'Bora'],
  turns,
  ...rest,
});

const fixture = (dir: string, file: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', dir, file), 'utf8')) as Doc;

/** Every finding of a report with a code, turn findings first. */
const all = (r: VerificationReport, code: IssueCode): Issue[] =>
  [...r.turns.flatMap((t) => t.issues), ...r.issues].filter((i) => i.code === code);

interface Case {
  name: string;
  doc: () => Doc;
  code: IssueCode;
  written: number | string | undefined;
  computed: number | string;
}

const CASES: Case[] = [
  {
    name: 'a wrong score',
    doc: () => kvizovka([{ player: 0, play: '9F KUĆA', score: 9, total: 9 }]),
    code: 'SCORE_MISMATCH',
    written: 9,
    computed: 8, // K2 + U2 + Ć3 + A1 = 8
  },
  {
    name: "a slip in the sheet's addition",
    doc: () =>
      kvizovka([
        { player: 0, play: '9F KUĆA', score: 8, total: 8 },
        { player: 1, play: 'G7 KR.ŠKA', score: 15, total: 15 },
        { player: 0, play: 'I5 ZEBR.', score: 12, total: 21 },
      ]),
    code: 'TOTAL_MISMATCH',
    written: 21,
    computed: 20, // 8 + Z3x2=6 + E1 + B3 + R1 + A1(old) = 8 + 12 = 20
  },
  {
    name: 'a wrong final',
    doc: () =>
      kvizovka([{ player: 0, play: '9F KUĆA', score: 8, total: 8 }], {
        end: { reason: 'agreed', racks: ['?K', ''] },
        claimed: { final: [6, 0] },
      }),
    code: 'FINAL_MISMATCH',
    written: 6,
    computed: -4, // 8 − (joker 10 + K2) = −4
  },
  {
    name: 'a clock reading at zero',
    doc: () => kvizovka([{ player: 0, play: '9F KUĆA', score: 8, total: 8, clock: '00:00' }]),
    code: 'CLOCK_EXPIRED',
    written: '00:00',
    computed: '00:00',
  },
  {
    name: 'a final clock that penalties empty',
    doc: () =>
      kvizovka(
        [
          { player: 0, play: '9F KUĆA', score: 8, total: 8, clock: '20:00' },
          // KUĆE on F9..F12 ruled invalid: Bora's 1st penalty, 1 min.
          { player: 1, play: 'F9 .UĆE', score: 0, total: 0, challenge: { by: 0, valid: false } },
        ],
        { end: { reason: 'time', clocks: ['19:00', '00:40'] } },
      ),
    code: 'CLOCK_EXPIRED',
    written: '00:40',
    computed: '-00:20', // 00:40 − 1:00
  },
  {
    name: 'a recorded rack without the tiles of the play (racks as written)',
    doc: () => kvizovka([{ player: 0, play: '9F KUĆA', score: 8, total: 8, rack: 'KUCAEIO' }]),
    code: 'RACK_MISMATCH',
    written: 'KUCAEIO',
    computed: 'KUĆA', // no Ć on the rack
  },
  {
    name: 'a final rack the turns do not leave (Qwibble counts the pool): tile counts',
    doc: () => ({
      format: 'scoresheet/1',
      rules: 'qwibble',
      players: ['Ana', 'Bea'],
      turns: [{ player: 0, play: '8G DOG' }],
      end: { reason: 'out', racks: ['', 'QZABCDE'] }, // Bea's 7 tiles are right
    }),
    code: 'RACK_MISMATCH',
    written: 0,
    computed: 7, // a rack of 7, refilled after the play
  },
  {
    name: 'a card count the grid does not give (Quivit)',
    doc: () => {
      const doc = fixture('quivit', '02-grid-links.sheet.json');
      doc.turns[0].cards = 7;
      return doc;
    },
    code: 'CARDS_MISMATCH',
    written: 7,
    computed: 6, // C2 D2 B3 C3 D3 C4
  },
  {
    name: 'card values the grid does not give (Quivit)',
    doc: () => {
      const doc = fixture('quivit', '02-grid-links.sheet.json');
      doc.turns[0].taken = [3, 3, 2, 1, 2, 1];
      return doc;
    },
    code: 'CARDS_MISMATCH',
    written: '3, 3, 2, 1, 2, 1',
    computed: '-1, 3, 3, 2, 1, 2', // C2 −1, D2 3, B3 3, C3 2, D3 1, C4 2
  },
];

describe('findings carry the written and the computed figure', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const found = all(verify(c.doc()), c.code);
    expect(found).toHaveLength(1);
    expect(found[0].written).toBe(c.written);
    expect(found[0].computed).toBe(c.computed);
  });

  test("a turn's finding keeps its keys in order, the figures last", () => {
    // 9 for KUĆA's 8, and the total 9 carries it: `carried` comes last.
    const r = verify(kvizovka([{ player: 0, play: '9F KUĆA', score: 9, total: 9 }]));
    const [found] = all(r, 'SCORE_MISMATCH');
    expect(Object.keys(found)).toEqual([
      'code',
      'severity',
      'message',
      'word',
      'turn',
      'player',
      'written',
      'computed',
      'carried',
    ]);
    expect(found.carried).toBe(1);
  });

  test('findings without a figure have none (a word, a placement)', () => {
    const r = verify(kvizovka([{ player: 0, play: '8F KUĆA' }]));
    const [found] = all(r, 'FIRST_PLAY_OFF_CENTRE');
    expect(found.written).toBeUndefined();
    expect(found.computed).toBeUndefined();
    expect(found.carried).toBeUndefined();
  });
});
