/**
 * A time penalty is a point in time (kvizovka-adjudication.md, "Clock and invalid-word
 * penalties"): it comes off the clock when it is given, right after the challenged turn. If
 * the player's last reading less every penalty so far is then at or below zero, the flag has
 * fallen there, on the last line of the sheet too and with no reading after it.
 *
 * Regression: a reading of 00:50 followed by a 1-minute penalty used to show remaining -00:10,
 * give the win on score and add TIME_NOT_SHOWN ("no clock reading reaches zero").
 */
import { verifyDocument } from '../../src/engine/replay/verify';
import type { GameResult, Issue, VerificationReport } from '../../src/engine/report/report';

type Turn = Record<string, unknown>;

// K2 + U2 + Ć3 + A1 = 8
const KUCA = { player: 0, play: '9F KUĆA', score: 8, total: 8 };
// K2x2=4 + R1 + U2(old) + Š3 + K2x2=4 + A1 = 15
const KRUSKA = { player: 1, play: 'G7 KR.ŠKA', score: 15, total: 15 };
// MAČKA across F12..J12 through the A on G12: M2 + A1(old) + Č3 + K2 + A1 = 9
const MACKA = { player: 0, play: '12F M.ČKA', score: 9, total: 17 };

function verify(turns: Turn[], extra: Record<string, unknown> = {}): VerificationReport {
  const result = verifyDocument(
    {
      format: 'scoresheet/1',
      rules: 'kvizovka',
      players: ['Ana', 'Bora'],
      turns,
      end: { reason: 'time' },
      ...extra,
    },
    { words: null },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

/** Bora's CLOCK_EXPIRED findings on turns. */
const expiredOn = (report: VerificationReport): Issue[] =>
  report.turns.flatMap((t) => t.issues).filter((i) => i.code === 'CLOCK_EXPIRED' && i.player === 1);
const loud = (report: VerificationReport) =>
  [...report.turns.flatMap((t) => t.issues), ...report.issues]
    .filter((i) => i.severity !== 'info')
    .map((i) => i.code);

interface Case {
  name: string;
  turns: Turn[];
  extra?: Record<string, unknown>;
  result: GameResult;
  /** Bora's remaining time at the end (his last reading less his penalties). */
  remaining: string;
  /** The turn (0-based) and player of the CLOCK_EXPIRED found on a turn, if any. */
  expired: { turn: number; player: number; written?: string; computed: string } | null;
  loud?: string[];
}

const CASES: Case[] = [
  {
    name: '00:50, then a 1-minute penalty for his own withdrawn play on the last line: time loss',
    turns: [
      { ...KUCA, clock: '20:00' },
      { ...KRUSKA, total: 0, clock: '00:50', challenge: { by: 0, valid: false } },
    ],
    result: { winner: 0, reason: 'time-expired' }, // 8 > 0 does not matter either
    remaining: '-00:10', // 00:50 - 1:00
    expired: { turn: 1, player: 1, written: '00:50', computed: '-00:10' },
  },
  {
    name: 'a failed challenge costs the challenger a minute after his last reading of 00:50',
    turns: [
      { ...KUCA, clock: '20:00' },
      { ...KRUSKA, clock: '00:50' },
      { ...MACKA, clock: '19:00', challenge: { by: 1, valid: true } },
    ],
    result: { winner: 0, reason: 'time-expired' }, // not 'score' (17 > 15): time decides first
    remaining: '-00:10', // 00:50 - 1:00
    expired: { turn: 2, player: 1, written: '00:50', computed: '-00:10' },
  },
  {
    name: 'Bora leads on score and still loses: 01:00 less 1 minute is exactly zero',
    turns: [
      { ...KUCA, clock: '20:00' },
      { ...KRUSKA, clock: '01:00' },
      { player: 0, pass: true, total: 8, clock: '19:00' },
      {
        player: 1,
        play: '12F M.ČKA',
        score: 9,
        total: 15,
        clock: '01:00',
        challenge: { by: 0, valid: false },
      },
    ],
    result: { winner: 0, reason: 'time-expired' }, // 15 > 8 does not matter
    remaining: '00:00', // 01:00 - 1:00
    expired: { turn: 3, player: 1, written: '01:00', computed: '00:00' },
  },
  {
    name: '01:01 less 1 minute leaves a second: no time loss, the score decides',
    turns: [
      { ...KUCA, clock: '20:00' },
      { ...KRUSKA, clock: '01:01' },
      { player: 0, pass: true, total: 8, clock: '19:00' },
      {
        player: 1,
        play: '12F M.ČKA',
        score: 9,
        total: 15,
        clock: '01:01',
        challenge: { by: 0, valid: false },
      },
    ],
    result: { winner: 1, reason: 'score' }, // 15 > 8
    remaining: '00:01', // 01:01 - 1:00
    expired: null,
    loud: ['TIME_NOT_SHOWN'], // the sheet says time, and no clock less penalties reaches zero
  },
  {
    name: 'no reading at all: the full clock less the penalties (clockMinutes 1)',
    turns: [KUCA, { ...KRUSKA, total: 0, challenge: { by: 0, valid: false } }],
    extra: { options: { clockMinutes: 1 } },
    result: { winner: 0, reason: 'time-expired' },
    remaining: '00:00', // 01:00 - 1:00
    expired: { turn: 1, player: 1, computed: '00:00' },
  },
  {
    name: 'the mover ran out before the challenge that empties the challenger: the mover lost first',
    turns: [
      { ...KUCA, clock: '20:00' },
      { ...KRUSKA, clock: '00:30' },
      // Ana's reading 00:00 is her flag falling on her own turn; Bora's failed challenge comes after.
      { ...MACKA, clock: '00:00', challenge: { by: 1, valid: true } },
    ],
    result: { winner: 1, reason: 'time-expired' },
    remaining: '-00:30', // 00:30 - 1:00
    expired: { turn: 2, player: 1, written: '00:30', computed: '-00:30' },
  },
  {
    name: 'a turn written after the penalty emptied the clock is flagged, and the end clocks add nothing',
    turns: [
      { ...KUCA, clock: '20:00' },
      { ...KRUSKA, total: 0, clock: '00:50', challenge: { by: 0, valid: false } },
      { player: 0, pass: true, total: 8, clock: '19:00' },
    ],
    extra: { end: { reason: 'time', clocks: ['19:00', '00:50'] } },
    result: { winner: 0, reason: 'time-expired' },
    remaining: '-00:10', // end clock 00:50 - 1:00
    expired: { turn: 1, player: 1, written: '00:50', computed: '-00:10' },
    loud: ['AFTER_TIME_EXPIRED'],
  },
];

describe('a time penalty that empties a clock is a time loss', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const report = verify(c.turns, c.extra);
    expect(report.result).toEqual(c.result);
    expect(report.players[1].remaining).toBe(c.remaining);
    const found = expiredOn(report);
    if (c.expired === null) {
      expect(found).toEqual([]);
    } else {
      const { turn, player, written, computed } = c.expired;
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ turn, player, computed });
      expect(found[0].written).toBe(written);
      // A turn's issue of the penalised player: the text names the penalty and the figures.
      expect(found[0].message).toContain('penalty takes Bora');
      expect(found[0].message).toContain(`to ${computed}`);
    }
    // One finding: no second CLOCK_EXPIRED at the end clocks, and no TIME_NOT_SHOWN once shown.
    expect(report.issues.filter((i) => i.code === 'CLOCK_EXPIRED')).toEqual([]);
    expect(loud(report)).toEqual(c.loud ?? []);
    expect(report.players[1].timeExpired).toBe(
      c.result.reason === 'time-expired' && c.result.winner === 0,
    );
  });
});
