/**
 * Hand-made golden score sheets for Kvizovka (test/fixtures/kvizovka/*.sheet.json).
 *
 * Every expected number below was worked out by hand from
 * docs/kvizovka-adjudication.md (layout, blockers, legality order, scoring,
 * clocks) and the rule book's letter table, NOT taken from the engine. The
 * arithmetic is written beside each number.
 *
 * Letter values (rule book): A E I O N R S T = 1; J D L K M P U V = 2;
 * G B Z C Č Ć H Ž Š = 3; Đ DŽ LJ NJ F = 4; joker = 0.
 *
 * Premium squares of the printed board used below (column letter + row):
 *   row 1:  A1=4 E1=2 I1=4 M1=2 Q1=4          row 3/15: C=X G=2 I=X K=2 O=X
 *   row 5/13: A=2 E=3 I=2 M=3 Q=2             row 7/11: C=2 G=2 K=2 O=2
 *   row 9:  A9=4 C9=X E9=2 I9=* M9=2 O9=X Q9=4   even rows, and columns B D F H J L N P: none
 *
 * For each turn, `codes` is the exact set of error- and warning-severity issue
 * codes on that turn (none when left out); `info` lists info codes that must
 * be present. `gameCodes` is the exact set of error/warning codes of the game;
 * `gameInfo` lists info issues of the game that must be present.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { verifyDocument } from '../../src/engine/replay/verify';
import type {
  BonusReport,
  GameResult,
  Issue,
  IssueCode,
  TurnStatus,
  VerificationReport,
} from '../../src/engine/report/report';

const FIXTURES = join(__dirname, '..', 'fixtures', 'kvizovka');

interface TurnCase {
  turn: number;
  /** Left out only where the format does not say which status applies. */
  status?: TurnStatus;
  computed: number;
  /** Computed running total of the turn's player after the turn. */
  total?: number;
  codes?: IssueCode[];
  info?: IssueCode[];
  /** Words formed, as [word as reported, score] (compared as a set). */
  words?: [string, number][];
  /** Bonuses as [kind, points] (compared as a set); [] = none. */
  bonuses?: [BonusReport['kind'], number][];
  penalty?: { player: number; minutes: number };
  /** The clock of the turn's player after penalties given on earlier turns. */
  remaining?: string;
  withdrawnScore?: number | null;
}

interface PlayerCase {
  moves: number;
  rackPenalty: number;
  final: number;
  penaltyMinutes?: number;
  remaining?: string;
  remainingSeconds?: number;
  timeExpired?: boolean;
  turns?: number;
}

interface SheetCase {
  file: string;
  ok: boolean;
  turns: TurnCase[];
  players: [PlayerCase, PlayerCase];
  result: GameResult;
  gameCodes?: IssueCode[];
  /** Info issues of the game that must be present, with their player. */
  gameInfo?: { code: IssueCode; player: number }[];
}

const CASES: SheetCase[] = [
  // ---------------------------------------------------------------------------
  {
    file: '01-opening-exchange-pass.sheet.json',
    ok: true,
    turns: [
      // KUĆA on F9 G9 H9 I9: no premium on F9–H9, I9 is the centre (no multiplier).
      {
        turn: 0,
        status: 'ok',
        computed: 8, // K2 + U2 + Ć3 + A1 = 8
        total: 8,
        words: [['KUĆA', 8]],
        bonuses: [],
        remaining: '28:40',
      },
      // KRUŠKA down G7..G12 through the old U on G9; G7 and G11 are letter x2.
      { turn: 1, status: 'ok', computed: 15, total: 15, words: [['KRUŠKA', 15]] }, // K2x2=4 + R1 + U2(old) + Š3 + K2x2=4 + A1 = 15
      { turn: 2, status: 'exchange', computed: 0, total: 8 },
      { turn: 3, status: 'pass', computed: 0, total: 15 },
      // ZEBRA down I5..I9 ending on the old A on I9; I5 is letter x2 (I4 empty, H5–H8/J5–J8 empty: no cross-word).
      { turn: 4, status: 'ok', computed: 12, total: 20 }, // Z3x2=6 + E1 + B3 + R1 + A1(old) = 12
      // MAČKA across F12..J12 through the old A on G12 (end of KRUŠKA); row 12 has no premiums.
      { turn: 5, status: 'ok', computed: 9, total: 24 }, // M2 + A1(old) + Č3 + K2 + A1 = 9
      { turn: 6, status: 'pass', computed: 0, total: 20 },
      { turn: 7, status: 'exchange', computed: 0, total: 24 },
    ],
    players: [
      // moves 8 + 12 = 20; rack "AT?" = A1 + T1 + joker 10 = 12; 20 - 12 = 8
      { moves: 20, rackPenalty: 12, final: 8, penaltyMinutes: 0, remaining: '20:30', turns: 4 },
      // moves 15 + 9 = 24; rack "ŠNJ" = Š3 + NJ4 (one tile) = 7; 24 - 7 = 17
      { moves: 24, rackPenalty: 7, final: 17, penaltyMinutes: 0, remaining: '20:10', turns: 4 },
    ],
    result: { winner: 1, reason: 'score' }, // 17 > 8
  },
  // ---------------------------------------------------------------------------
  {
    file: '02-first-play-off-centre.sheet.json',
    ok: false,
    turns: [
      // 8F KUĆA covers F8..I8, not I9.
      { turn: 0, status: 'illegal', computed: 0, total: 0, codes: ['FIRST_PLAY_OFF_CENTRE'] },
      // The board is still empty: LIPA down I6..I9 covers the centre; column I rows 6–8 no premium, I9 centre.
      { turn: 1, status: 'ok', computed: 6, total: 6, words: [['LIPA', 6]] }, // L2 + I1 + P2 + A1 = 6
      // KUĆA across F9..I9 through the old A on I9.
      { turn: 2, status: 'ok', computed: 8, total: 8, words: [['KUĆA', 8]] }, // K2 + U2 + Ć3 + A1(old) = 8
      { turn: 3, status: 'pass', computed: 0, total: 6 },
    ],
    players: [
      { moves: 8, rackPenalty: 0, final: 8, remaining: '30:00' }, // no clocks: the full 30 minutes
      { moves: 6, rackPenalty: 0, final: 6, remaining: '30:00' },
    ],
    result: { winner: 0, reason: 'score' }, // 8 > 6
  },
  // ---------------------------------------------------------------------------
  {
    file: '03-illegal-placements.sheet.json',
    ok: false,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8 }, // K2 + U2 + Ć3 + A1 = 8; blockers E9, J9
      // MAČKA on C3..G3: nothing on the board near row 3.
      { turn: 1, status: 'illegal', computed: 0, total: 0, codes: ['NOT_CONNECTED'] },
      // F9 K(old), F10 O, F11 '.' but F11 is empty.
      { turn: 2, status: 'illegal', computed: 0, total: 8, codes: ['GAP_IN_PLAY'] },
      // LIPE down I6..I9: E written over the A on I9.
      { turn: 3, status: 'illegal', computed: 0, total: 0, codes: ['SQUARE_OCCUPIED'] },
      // SOVA down J6..J9: J9 is the blocker after KUĆA.
      { turn: 4, status: 'illegal', computed: 0, total: 8, codes: ['BLOCKED_SQUARE'] },
      // AUTOMOBILI is 10 letters down from I9: I9..I18, row 18 is off the board.
      { turn: 5, status: 'illegal', computed: 0, total: 0, codes: ['OFF_BOARD'] },
      // ĆUPRIJA down H9..H15 through the old Ć (nothing of turns 1–5 stayed on the board); column H has no premiums.
      { turn: 6, status: 'ok', computed: 12, total: 20, words: [['ĆUPRIJA', 12]] }, // Ć3(old) + U2 + P2 + R1 + I1 + J2 + A1 = 12
      // KUĆA rewritten over KUĆA: every square already holds that letter.
      { turn: 7, status: 'illegal', computed: 0, total: 0, codes: ['NO_TILES_PLACED'] },
    ],
    players: [
      { moves: 20, rackPenalty: 0, final: 20 }, // 8 + 12
      { moves: 0, rackPenalty: 0, final: 0 },
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '04-word-extends-parallel.sheet.json',
    ok: false,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8 }, // K2 + U2 + Ć3 + A1 = 8
      // PARK on H5..H8 touches the Ć on H9: the run is PARKĆ (5), the sheet wrote 4.
      { turn: 1, status: 'illegal', computed: 0, total: 0, codes: ['WORD_EXTENDS'] },
      // SELO on I10..L10 under the A on I9: cross-word "AS" (I9–I10) has 2 letters (J9 is a blocker, no tile).
      { turn: 2, status: 'illegal', computed: 0, total: 8, codes: ['WORD_TOO_SHORT'] },
      // KOZA down F9..F12 through the old K; column F has no premiums.
      { turn: 3, status: 'ok', computed: 7, total: 7, words: [['KOZA', 7]] }, // K2(old) + O1 + Z3 + A1 = 7
      { turn: 4, status: 'ok', computed: 12, total: 20 }, // ĆUPRIJA: Ć3(old) + U2 + P2 + R1 + I1 + J2 + A1 = 12
    ],
    players: [
      { moves: 20, rackPenalty: 0, final: 20 }, // 8 + 12
      { moves: 7, rackPenalty: 0, final: 7 },
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '05-left-edge-premiums.sheet.json',
    ok: false,
    turns: [
      // KOMPJUTER across A9..I9: K on A9 (x4), O B9, M on C9 (X), P D9, J on E9 (x2), U F9, T G9, E H9, R on I9 (centre).
      // 9 letters: no long-word bonus. Blocker J9 only (A is the edge).
      { turn: 0, status: 'ok', computed: 44, total: 44, words: [['KOMPJUTER', 44]], bonuses: [] }, // (K2x4=8 + O1 + M2 + P2 + J2x2=4 + U2 + T1 + E1 + R1 = 22) x2 = 44
      // KINO down A9..A12, K written over the old K on A9: the x4 under an old tile counts face value.
      { turn: 1, status: 'ok', computed: 5, total: 5, words: [['KINO', 5]] }, // K2(old, not x4) + I1 + N1 + O1 = 5
      // MESO down C9..C12: old M on the X square counts face value and does not double; S on C11 (x2).
      { turn: 2, status: 'ok', computed: 6, total: 50, words: [['MESO', 6]] }, // M2(old, no X) + E1 + S1x2=2 + O1 = 6
      // KAPA down B12..B15. B12 sits between O (A12, end of KINO) and O (C12, end of MESO): cross-word OKO,
      // 3 letters starting on column A (edge) -> legal. B13 has blockers on both sides (A13, C13), B14/B15 empty sides.
      {
        turn: 3,
        status: 'ok',
        computed: 10, // 6 + 4 = 10
        total: 15,
        words: [
          ['KAPA', 6], // K2 + A1 + P2 + A1 = 6 (column B has no premiums)
          ['OKO', 4], // O1 + K2 + O1 = 4
        ],
      },
      // PAS across A15..C15 through the old A on B15: 3 letters starting on column A (edge) -> legal; S on C15 (X).
      { turn: 4, status: 'ok', computed: 8, total: 58, words: [['PAS', 8]] }, // (P2 + A1(old) + S1) x2 = 8
      // PUT down F8..F10 through the U on F9: 3 letters, rows 8–10, no end on row 1 or 17.
      { turn: 5, status: 'illegal', computed: 0, total: 15, codes: ['WORD_TOO_SHORT'] },
      { turn: 6, status: 'pass', computed: 0, total: 58 },
      { turn: 7, status: 'exchange', computed: 0, total: 15 },
    ],
    players: [
      { moves: 58, rackPenalty: 0, final: 58 }, // 44 + 6 + 8 = 58, empty rack
      { moves: 15, rackPenalty: 11, final: 4 }, // 5 + 10 = 15; rack "?A" = 10 + 1 = 11; 15 - 11 = 4
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    // Same game as 05 with one letter x3 added on B12 (layout option).
    file: '06-premium-in-both-words.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 44, total: 44 }, // (8 + 1 + 2 + 2 + 4 + 2 + 1 + 1 + 1 = 22) x2
      { turn: 1, status: 'ok', computed: 5, total: 5 }, // 2 + 1 + 1 + 1
      { turn: 2, status: 'ok', computed: 6, total: 50 }, // 2 + 1 + 2 + 1
      {
        turn: 3,
        status: 'ok',
        computed: 18, // 10 + 8 = 18
        total: 23,
        words: [
          ['KAPA', 10], // K2x3=6 + A1 + P2 + A1 = 10
          ['OKO', 8], // O1 + K2x3=6 + O1 = 8 — the new K on the x3 square counts in both words
        ],
      },
      { turn: 4, status: 'ok', computed: 8, total: 58 }, // (2 + 1 + 1) x2
    ],
    players: [
      { moves: 58, rackPenalty: 0, final: 58 }, // 44 + 6 + 8
      { moves: 23, rackPenalty: 11, final: 12 }, // 5 + 18 = 23; "?A" = 11; 23 - 11 = 12
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '07-two-word-squares.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8 }, // K2 + U2 + Ć3 + A1
      // KOŠARKA down F9..F15 from the old K; column F has no premiums; E10–E15 and G10–G15 empty.
      { turn: 1, status: 'ok', computed: 11, total: 11, words: [['KOŠARKA', 11]] }, // K2(old) + O1 + Š3 + A1 + R1 + K2 + A1 = 11
      // KOLAČIĆ across C15..I15 through the old A on F15: K on C15 (X), Č on G15 (x2), Ć on I15 (X).
      { turn: 2, status: 'ok', computed: 64, total: 72, words: [['KOLAČIĆ', 64]], bonuses: [] }, // (K2 + O1 + L2 + A1(old) + Č3x2=6 + I1 + Ć3 = 16) x2 x2 = 64
      // ŽRTVA across E13..I13 through the old R on F13: Ž on E13 (x3), A on I13 (x2).
      { turn: 3, status: 'ok', computed: 15, total: 26, words: [['ŽRTVA', 15]] }, // Ž3x3=9 + R1(old) + T1 + V2 + A1x2=2 = 15
    ],
    players: [
      { moves: 72, rackPenalty: 0, final: 72 }, // 8 + 64
      { moves: 26, rackPenalty: 0, final: 26 }, // 11 + 15
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '08-long-words-bonuses.sheet.json',
    ok: true,
    turns: [
      // MATEMATIKA across B9..K9 (10 tiles, all new): M B9, A on C9 (X), T D9, E on E9 (x2), M F9, A G9, T H9, I on I9 (centre), K J9, A K9.
      {
        turn: 0,
        status: 'ok',
        computed: 88, // 28 + 40 + 20 = 88
        total: 88,
        words: [['MATEMATIKA', 28]], // (M2 + A1 + T1 + E1x2=2 + M2 + A1 + T1 + I1 + K2 + A1 = 14) x2 = 28
        bonuses: [
          ['all-tiles', 40], // 10 tiles from the rack
          ['long-word', 20], // 10 letters: 20 + 5 x 0
        ],
      },
      { turn: 1, status: 'ok', computed: 5, total: 5, bonuses: [] }, // MORE down B9..B12: M2(old) + O1 + R1 + E1 = 5
      { turn: 2, status: 'ok', computed: 5, total: 93 }, // MOST down F9..F12: M2(old) + O1 + S1 + T1 = 5
      { turn: 3, status: 'ok', computed: 6, total: 11 }, // AUTO down K9..K12: A1(old) + U2 + T1x2=2 (K11) + O1 = 6
      // ELEKTRIČNOST across B12..M12 through E (B12), T (F12), O (K12): 12 letters, 9 new tiles (no all-tiles bonus).
      {
        turn: 4,
        status: 'ok',
        computed: 46, // 16 + 30 = 46
        total: 139,
        words: [['ELEKTRIČNOST', 16]], // E1 L2 E1 K2 T1 R1 I1 Č3 N1 O1 S1 T1 = 16 (row 12 has no premiums)
        bonuses: [['long-word', 30]], // 12 letters: 20 + 5 x 2 = 30
      },
      // STATISTIKA down H8..H17 through T (H9) and I (H12): 10 letters, 8 new tiles; column H has no premiums.
      {
        turn: 5,
        status: 'ok',
        computed: 31, // 11 + 20 = 31
        total: 42,
        words: [['STATISTIKA', 11]], // S1 T1 A1 T1 I1 S1 T1 I1 K2 A1 = 11
        bonuses: [['long-word', 20]],
      },
    ],
    players: [
      { moves: 139, rackPenalty: 0, final: 139 }, // 88 + 5 + 46
      { moves: 42, rackPenalty: 0, final: 42 }, // 5 + 6 + 31
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '09-digraphs-jokers-cyrillic.sheet.json',
    ok: true,
    turns: [
      // ljUBAV across E9..I9: 5 tiles, the joker LJ on E9 (x2) is worth 0.
      { turn: 0, status: 'ok', computed: 8, total: 8, words: [['ljUBAV', 8]] }, // lj 0x2=0 + U2 + B3 + A1 + V2 = 8
      // IN|JEKCIJA down H1..H9, nine tiles ending on the old A on H9; column H has no premiums.
      { turn: 1, status: 'ok', computed: 14, total: 14, words: [['IN|JEKCIJA', 14]] }, // I1 N1 J2 E1 K2 C3 I1 J2 A1(old) = 14
      // БАЊА (BANJA) down G9..G12 from the old B; Њ is one tile on G11 (x2).
      { turn: 2, status: 'ok', computed: 13, total: 21 }, // B3(old) + A1 + NJ4x2=8 + A1 = 13
      // тАБУ (TABU) down F6..F9, т a joker; ends on the old U on F9.
      { turn: 3, status: 'ok', computed: 6, total: 20 }, // t0 + A1 + B3 + U2(old) = 6
    ],
    players: [
      { moves: 21, rackPenalty: 4, final: 17 }, // 8 + 13 = 21; rack "NJ" is one tile = 4; 21 - 4 = 17
      { moves: 20, rackPenalty: 11, final: 9 }, // 14 + 6 = 20; rack "?E" = 10 + 1 = 11; 20 - 11 = 9
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '10-challenges-penalties.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '29:00' }, // K2 + U2 + Ć3 + A1
      // KUĆE ruled invalid: Ognjen's 1st penalty, 1 min; not taken off this turn's reading. Would have been K2+U2+Ć3+E1 = 8.
      {
        turn: 1,
        status: 'withdrawn',
        computed: 0,
        total: 0,
        info: ['CHALLENGE_UPHELD'],
        penalty: { player: 1, minutes: 1 },
        withdrawnScore: 8,
        remaining: '28:00',
      },
      // KOZA on the squares KUĆE left (F10–F12): ruled valid, Ognjen's 2nd penalty, 2 min.
      {
        turn: 2,
        status: 'ok',
        computed: 7, // K2(old) + O1 + Z3 + A1 = 7
        total: 15,
        info: ['CHALLENGE_FAILED'],
        penalty: { player: 1, minutes: 2 },
        remaining: '27:30',
      },
      // ĆUPRIJA ruled valid: Nina's 1st penalty, 1 min. Ognjen's reading 25:00 - (1 + 2) = 22:00.
      {
        turn: 3,
        status: 'ok',
        computed: 12, // Ć3(old) + U2 + P2 + R1 + I1 + J2 + A1 = 12
        total: 12,
        info: ['CHALLENGE_FAILED'],
        penalty: { player: 0, minutes: 1 },
        remaining: '22:00',
      },
      // VATRE (E12..I12 through A on F12 and R on H12) ruled invalid: Nina's 2nd penalty, 2 min.
      // Would have been V2 + A1 + T1 + R1 + E1 = 6 (row 12 no premiums). Reading 26:00 - 1 = 25:00.
      {
        turn: 4,
        status: 'withdrawn',
        computed: 0,
        total: 15,
        info: ['CHALLENGE_UPHELD'],
        penalty: { player: 0, minutes: 2 },
        withdrawnScore: 6,
        remaining: '25:00',
      },
      // DAJE (G15..J15 through A on H15) ruled invalid: Ognjen's 3rd penalty, 4 min. Written as its would-be score 16
      // = (D2x2=4 (G15) + A1(old) + J2 (I15, X) + E1 = 8) x2. Reading 20:00 - 3 = 17:00.
      {
        turn: 5,
        status: 'withdrawn',
        computed: 0,
        total: 12,
        info: ['CHALLENGE_UPHELD'],
        penalty: { player: 1, minutes: 4 },
        withdrawnScore: 16,
        remaining: '17:00',
      },
      // PIVO G13..J13 through I on H13 (F13 is KOZA's blocker), V on I13 (x2): ruled valid, Ognjen's 4th penalty, 4 min.
      // Reading 24:10 - (1 + 2) = 21:10.
      {
        turn: 6,
        status: 'ok',
        computed: 8, // P2 + I1(old) + V2x2=4 + O1 = 8
        total: 23,
        info: ['CHALLENGE_FAILED'],
        penalty: { player: 1, minutes: 4 },
        remaining: '21:10',
      },
      // PEČAT H11..L11 from the old P on H11, A on K11 (x2). Reading 18:30 - (1 + 2 + 4 + 4) = 7:30.
      { turn: 7, status: 'ok', computed: 9, total: 21, remaining: '07:30' }, // P2(old) + E1 + Č3 + A1x2=2 + T1 = 9
    ],
    players: [
      // 8 + 7 + 0 + 8 = 23; penalties 1 + 2 = 3; end clock 23:40 - 3:00 = 20:40
      {
        moves: 23,
        rackPenalty: 0,
        final: 23,
        penaltyMinutes: 3,
        remaining: '20:40',
        remainingSeconds: 1240,
      },
      // 0 + 12 + 0 + 9 = 21; penalties 1 + 2 + 4 + 4 = 11; end clock 17:50 - 11:00 = 6:50
      {
        moves: 21,
        rackPenalty: 0,
        final: 21,
        penaltyMinutes: 11,
        remaining: '06:50',
        remainingSeconds: 410,
      },
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '11-too-many-turns.sheet.json',
    ok: false,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8 }, // KUĆA 2 + 2 + 3 + 1
      { turn: 1, status: 'ok', computed: 15, total: 15 }, // KRUŠKA 4 + 1 + 2 + 3 + 4 + 1
      { turn: 2, status: 'ok', computed: 12, total: 20 }, // ZEBRA 6 + 1 + 3 + 1 + 1
      { turn: 3, status: 'ok', computed: 9, total: 24 }, // MAČKA 2 + 1 + 3 + 2 + 1
      ...Array.from({ length: 16 }, (_, k): TurnCase => {
        const turn = 4 + k;
        return turn % 2 === 0
          ? { turn, status: 'pass', computed: 0, total: 20 }
          : { turn, status: 'exchange', computed: 0, total: 24 };
      }),
      // Marija's 11th turn (turns 0, 2, 4, …, 18 are her ten).
      { turn: 20, status: 'illegal', computed: 0, total: 20, codes: ['TOO_MANY_TURNS'] },
    ],
    players: [
      { moves: 20, rackPenalty: 0, final: 20, turns: 10 },
      { moves: 24, rackPenalty: 0, final: 24, turns: 10 },
    ],
    result: { winner: 1, reason: 'score' }, // 24 > 20
  },
  // ---------------------------------------------------------------------------
  {
    file: '12-clock-expired.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '20:00' },
      { turn: 1, status: 'ok', computed: 15, total: 15, remaining: '25:00' },
      { turn: 2, status: 'ok', computed: 12, total: 20, remaining: '09:30' },
      { turn: 3, status: 'pass', computed: 0, total: 15, remaining: '24:00' },
      // The clock reads 00:00 after the play: at or below zero -> expired. The play itself still scores.
      // (The engine files CLOCK_EXPIRED as info: it decides the result, it is not a fault of the sheet.)
      {
        turn: 4,
        status: 'ok',
        computed: 9,
        total: 29,
        remaining: '00:00',
        info: ['CLOCK_EXPIRED'],
      },
      {
        turn: 5,
        status: 'pass',
        computed: 0,
        total: 15,
        remaining: '23:30',
        codes: ['AFTER_TIME_EXPIRED'],
      },
    ],
    players: [
      // 8 + 12 + 9 = 29; last reading 00:00 (no end clocks)
      {
        moves: 29,
        rackPenalty: 0,
        final: 29,
        remaining: '00:00',
        remainingSeconds: 0,
        timeExpired: true,
      },
      {
        moves: 15,
        rackPenalty: 0,
        final: 15,
        remaining: '23:30',
        remainingSeconds: 1410,
        timeExpired: false,
      },
    ],
    result: { winner: 1, reason: 'time-expired' }, // Tijana leads 29 - 15 but lost on time
  },
  // ---------------------------------------------------------------------------
  {
    file: '13-penalty-expiry.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '12:00' }, // KUĆA
      { turn: 1, status: 'ok', computed: 15, total: 15, remaining: '03:00' }, // KRUŠKA 4 + 1 + 2 + 3 + 4 + 1
      // MAČKA F12..J12 through A on G12, ruled valid: Uroš's 1st penalty, 1 min.
      {
        turn: 2,
        status: 'ok',
        computed: 9, // M2 + A1(old) + Č3 + K2 + A1
        total: 17,
        info: ['CHALLENGE_FAILED'],
        penalty: { player: 1, minutes: 1 },
        remaining: '10:00',
      },
      // MOST down F12..F15 from the old M (F11 stays empty, G13 is KRUŠKA's blocker). Reading 02:20 - 1:00 = 01:20.
      { turn: 3, status: 'ok', computed: 5, total: 20, remaining: '01:20' }, // M2(old) + O1 + S1 + T1 = 5
      { turn: 4, status: 'pass', computed: 0, total: 17, remaining: '09:00' },
      // ČITA I6..I9 ruled invalid: Uroš's 2nd penalty, 2 min, not off this reading: 01:40 - 1:00 = 00:40.
      // Would have been Č3 + I1 + T1 + A1(old) = 6; written as 6. The penalty is given right after
      // the turn: 01:40 - (1 + 2) min = -01:20, so his flag falls here, not at the end clocks.
      {
        turn: 5,
        status: 'withdrawn',
        computed: 0,
        total: 20,
        info: ['CHALLENGE_UPHELD', 'CLOCK_EXPIRED'],
        penalty: { player: 1, minutes: 2 },
        withdrawnScore: 6,
        remaining: '00:40',
      },
    ],
    players: [
      {
        moves: 17,
        rackPenalty: 0,
        final: 17,
        penaltyMinutes: 0,
        remaining: '08:30',
        timeExpired: false,
      }, // 8 + 9
      // 15 + 5 = 20; end clock 01:30 - (1 + 2) min = -01:30 -> expired
      {
        moves: 20,
        rackPenalty: 0,
        final: 20,
        penaltyMinutes: 3,
        remaining: '-01:30',
        remainingSeconds: -90,
        timeExpired: true,
      },
    ],
    result: { winner: 0, reason: 'time-expired' }, // Uroš leads 20 - 17 but his time, less penalties, is below zero
  },
  // ---------------------------------------------------------------------------
  {
    file: '23-penalty-empties-clock.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '20:00' }, // K2 + U2 + Ć3 + A1 = 8
      { turn: 1, status: 'ok', computed: 15, total: 15, remaining: '05:00' }, // K2x2=4 + R1 + U2(old) + Š3 + K2x2=4 + A1 = 15
      { turn: 2, status: 'pass', computed: 0, total: 8, remaining: '15:00' },
      // MAČKA ruled invalid on the sheet's last line: Nemanja's 1st penalty, 1 min. The reading 00:50 is
      // written before the challenge; the penalty then takes his clock to 00:50 - 1:00 = -00:10.
      {
        turn: 3,
        status: 'withdrawn',
        computed: 0,
        total: 15,
        info: ['CHALLENGE_UPHELD', 'CLOCK_EXPIRED'],
        penalty: { player: 1, minutes: 1 },
        withdrawnScore: 9, // M2 + A1(old) + Č3 + K2 + A1 = 9
        remaining: '00:50',
      },
    ],
    players: [
      {
        moves: 8,
        rackPenalty: 0,
        final: 8,
        penaltyMinutes: 0,
        remaining: '15:00',
        timeExpired: false,
      },
      // no later reading and no end clocks: 00:50 - 1:00 = -00:10
      {
        moves: 15,
        rackPenalty: 0,
        final: 15,
        penaltyMinutes: 1,
        remaining: '-00:10',
        remainingSeconds: -10,
        timeExpired: true,
      },
    ],
    result: { winner: 0, reason: 'time-expired' }, // 15 > 8 does not matter
    // and no TIME_NOT_SHOWN: the penalty shows the time running out
  },
  // ---------------------------------------------------------------------------
  {
    file: '14-time-tiebreak.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '25:00' }, // KUĆA
      { turn: 1, status: 'ok', computed: 12, total: 12, remaining: '20:00' }, // ĆUPRIJA 3 + 2 + 2 + 1 + 1 + 2 + 1
      // KOZA ruled valid: Miloš's 1st penalty, 1 min.
      {
        turn: 2,
        status: 'ok',
        computed: 7, // 2 + 1 + 3 + 1
        total: 15,
        info: ['CHALLENGE_FAILED'],
        penalty: { player: 1, minutes: 1 },
        remaining: '15:00',
      },
      { turn: 3, status: 'pass', computed: 0, total: 12, remaining: '09:00' }, // 10:00 - 1:00
    ],
    players: [
      {
        moves: 15,
        rackPenalty: 3,
        final: 12,
        penaltyMinutes: 0,
        remaining: '05:30',
        remainingSeconds: 330,
      }, // 15 - Ž3 = 12
      {
        moves: 12,
        rackPenalty: 0,
        final: 12,
        penaltyMinutes: 1,
        remaining: '05:00',
        remainingSeconds: 300,
      }, // 06:00 - 1:00
    ],
    result: { winner: 0, reason: 'time-tiebreak' }, // 12 = 12; 5:30 > 5:00
  },
  // ---------------------------------------------------------------------------
  {
    file: '15-draw.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '20:00' }, // KUĆA
      // KOZA ruled valid: Vesna's 1st penalty, 1 min.
      {
        turn: 1,
        status: 'ok',
        computed: 7, // 2 + 1 + 3 + 1
        total: 7,
        info: ['CHALLENGE_FAILED'],
        penalty: { player: 0, minutes: 1 },
        remaining: '18:00',
      },
      { turn: 2, status: 'pass', computed: 0, total: 8, remaining: '14:00' }, // 15:00 - 1:00
      { turn: 3, status: 'pass', computed: 0, total: 7, remaining: '12:00' },
    ],
    players: [
      {
        moves: 8,
        rackPenalty: 1,
        final: 7,
        penaltyMinutes: 1,
        remaining: '10:00',
        remainingSeconds: 600,
      }, // 8 - A1; 11:00 - 1:00
      {
        moves: 7,
        rackPenalty: 0,
        final: 7,
        penaltyMinutes: 0,
        remaining: '10:00',
        remainingSeconds: 600,
      },
    ],
    result: { winner: null, reason: 'draw' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '16-mismatches-racks.sheet.json',
    ok: false,
    turns: [
      // KUĆA is 8, the sheet says 9.
      { turn: 0, status: 'score-mismatch', computed: 8, total: 8, codes: ['SCORE_MISMATCH'] },
      { turn: 1, status: 'ok', computed: 15, total: 15 }, // KRUŠKA
      { turn: 2, status: 'ok', computed: 12, total: 20 }, // ZEBRA; total 8 + 12 = 20 as written
      // MAČKA 9 is right, but 15 + 9 = 24, not the 25 written (status not asserted: a total-only slip).
      { turn: 3, computed: 9, total: 24, codes: ['TOTAL_MISMATCH'] },
    ],
    players: [
      // 8 + 12 = 20; rack "?K" = 10 + 2 = 12; 20 - 12 = 8 (the sheet's 18 forgot the joker)
      { moves: 20, rackPenalty: 12, final: 8 },
      // 15 + 9 = 24; rack "??" = 10 + 10 = 20; 24 - 20 = 4
      { moves: 24, rackPenalty: 20, final: 4 },
    ],
    result: { winner: 0, reason: 'score' }, // 8 > 4
    gameCodes: ['FINAL_MISMATCH'],
  },
  // ---------------------------------------------------------------------------
  {
    file: '17-tile-overuse.sheet.json',
    ok: true,
    turns: [
      // DŽUDO across F9..I9: DŽ is one tile, 4 tiles in all.
      { turn: 0, status: 'ok', computed: 9, total: 9, words: [['DŽUDO', 9]] }, // DŽ4 + U2 + D2 + O1 = 9
      // UDŽBENIK down G9..G15 from the old U: B on G11 (x2), K on G15 (x2). Second DŽ on the board.
      { turn: 1, status: 'ok', computed: 19, total: 19, words: [['UDŽBENIK', 19]] }, // U2(old) + DŽ4 + B3x2=6 + E1 + N1 + I1 + K2x2=4 = 19
      // NARANDŽA across G13..M13 from the old N on G13: R on I13 (x2), A on M13 (x3). Third DŽ: the set has 2.
      {
        turn: 2,
        status: 'ok',
        computed: 13, // N1(old) + A1 + R1x2=2 + A1 + N1 + DŽ4 + A1x3=3 = 13
        total: 22,
        words: [['NARANDŽA', 13]],
        codes: ['TILE_OVERUSE'],
      },
    ],
    players: [
      { moves: 22, rackPenalty: 0, final: 22 }, // 9 + 13
      { moves: 19, rackPenalty: 0, final: 19 },
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '18-readings-and-notation.sheet.json',
    ok: false,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8 }, // KUĆA 2 + 2 + 3 + 1
      // NJIHALJK. down from I2: read NJ,I,H,A,LJ,K,. the '.' lands on the empty I8 (does not fit);
      // N|J… and …L|J… both put the '.' on the A at I9 and both are legal: no dictionary to choose -> not guessed.
      { turn: 1, status: 'illegal', computed: 0, total: 0, codes: ['AMBIGUOUS_READING'] },
      // INJEKCIJ. down from I1: as I,NJ,… the '.' lands on the empty I8; only IN|JEKCIJ. fits (I1..I9).
      // I on I1 (x4), J on I3 (X), K on I5 (x2).
      {
        turn: 2,
        status: 'ok',
        computed: 38,
        total: 46,
        info: ['DIGRAPH_READING'],
        words: [['IN|JEKCIJA', 38]], // (I1x4=4 + N1 + J2 + E1 + K2x2=4 + C3 + I1 + J2 + A1(old) = 19) x2 = 38
      },
      // "KUĆA 9F": word and position swapped.
      { turn: 3, status: 'illegal', computed: 0, total: 0, codes: ['BAD_NOTATION'] },
      // Njegoš writes a second line in a row: flagged, still replayed. KOZA down F9..F12.
      { turn: 4, status: 'ok', computed: 7, total: 7, codes: ['OUT_OF_TURN'] }, // K2(old) + O1 + Z3 + A1 = 7
      { turn: 5, status: 'pass', computed: 0, total: 46 },
    ],
    players: [
      { moves: 46, rackPenalty: 0, final: 46 }, // 8 + 38
      { moves: 7, rackPenalty: 0, final: 7 },
    ],
    result: { winner: 0, reason: 'score' },
    gameCodes: ['GAME_INCOMPLETE'], // "turns" but nobody has had 10 turns
  },
  // ---------------------------------------------------------------------------
  {
    file: '19-time-not-shown.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8 }, // KUĆA
      { turn: 1, status: 'ok', computed: 7, total: 7 }, // KOZA
    ],
    players: [
      { moves: 8, rackPenalty: 0, final: 8, remaining: '30:00', timeExpired: false }, // no readings: the full clock
      { moves: 7, rackPenalty: 0, final: 7, remaining: '30:00', timeExpired: false },
    ],
    result: { winner: 0, reason: 'score' }, // nobody shown out of time: 8 > 7
    gameCodes: ['TIME_NOT_SHOWN'],
  },
  // ---------------------------------------------------------------------------
  {
    file: '20-time-expired-marked.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 8, total: 8, remaining: '05:00' },
      { turn: 1, status: 'ok', computed: 7, total: 7, remaining: '01:10' },
    ],
    players: [
      // remaining = her last reading (no end clocks), but the sheet marks her out of time
      { moves: 8, rackPenalty: 0, final: 8, remaining: '05:00', timeExpired: true },
      { moves: 7, rackPenalty: 0, final: 7, remaining: '01:10', timeExpired: false },
    ],
    result: { winner: 1, reason: 'time-expired' }, // 8 > 7 does not matter
    gameInfo: [{ code: 'CLOCK_EXPIRED', player: 0 }],
  },
  // ---------------------------------------------------------------------------
  {
    file: '21-edges-and-jokers.sheet.json',
    ok: false,
    turns: [
      // kNJIŽEVNIK across C9..K9: joker K on C9 (X), NJ one tile on D9, I on E9 (x2), N on I9 (centre).
      // 9 tiles: no all-tiles bonus, and 9 letters (tiles) so no long-word bonus although 10 characters are written.
      {
        turn: 0,
        status: 'ok',
        computed: 32, // (k0 + NJ4 + I1x2=2 + Ž3 + E1 + V2 + N1 + I1 + K2 = 16) x2 (the joker's X still doubles) = 32
        total: 32,
        words: [['kNJIŽEVNIK', 32]],
        bonuses: [],
      },
      // KOMPJUTER down K9..K17 from the old K: M on K11 (x2), T on K15 (x2); ends on row 17.
      { turn: 1, status: 'ok', computed: 17, total: 17, bonuses: [] }, // K2(old) + O1 + M2x2=4 + P2 + J2 + U2 + T1x2=2 + E1 + R1 = 17
      // ERA across J17..L17 lies on the bottom row, but across its ends are columns J and L, not A or Q.
      { turn: 2, status: 'illegal', computed: 0, total: 32, codes: ['WORD_TOO_SHORT'] },
      // BRAT across J17..M17 through the R on K17: T on M17 (x2).
      { turn: 3, status: 'ok', computed: 7, total: 24, words: [['BRAT', 7]] }, // B3 + R1(old) + A1 + T1x2=2 = 7
      // PUT down M15..M17 ending on the T on M17 (row 17 = edge): 3 letters are enough; old T on x2 counts face value.
      { turn: 4, status: 'ok', computed: 5, total: 37, words: [['PUT', 5]] }, // P2 + U2 + T1(old) = 5
      // PEVE on G6..G9 (E on G7, x2) ruled invalid: Predrag's 1st penalty, 1 min. Would have been P2 + E1x2=2 + V2 + E1(old) = 7.
      {
        turn: 5,
        status: 'withdrawn',
        computed: 0,
        total: 24,
        info: ['CHALLENGE_UPHELD'],
        penalty: { player: 1, minutes: 1 },
        withdrawnScore: 7,
      },
      // POLJE on the same squares: G7's x2 was never used, so it counts now; LJ one tile on G8.
      { turn: 6, status: 'ok', computed: 9, total: 46, words: [['POLJE', 9]] }, // P2 + O1x2=2 + LJ4 + E1(old) = 9
    ],
    players: [
      { moves: 46, rackPenalty: 0, final: 46, penaltyMinutes: 0, remaining: '30:00' }, // 32 + 5 + 9
      { moves: 24, rackPenalty: 0, final: 24, penaltyMinutes: 1, remaining: '29:00' }, // 17 + 7; 30:00 - 1:00 (no readings)
    ],
    result: { winner: 0, reason: 'score' },
  },
  // ---------------------------------------------------------------------------
  {
    file: '22-joker-is-not-overuse.sheet.json',
    ok: true,
    turns: [
      { turn: 0, status: 'ok', computed: 9, total: 9 }, // DŽ4 + U2 + D2 + O1
      { turn: 1, status: 'ok', computed: 19, total: 19 }, // U2(old) + DŽ4 + B3x2=6 + E1 + N1 + I1 + K2x2=4
      // NARANdžA: the DŽ is a joker on L13 (plain): 0; two DŽ tiles on the board, not three.
      { turn: 2, status: 'ok', computed: 9, total: 18, words: [['NARANdžA', 9]] }, // N1(old) + A1 + R1x2=2 + A1 + N1 + dž0 + A1x3=3 = 9
    ],
    players: [
      { moves: 18, rackPenalty: 0, final: 18 }, // 9 + 9
      { moves: 19, rackPenalty: 0, final: 19 },
    ],
    result: { winner: 1, reason: 'score' }, // 19 > 18
  },
  // ---------------------------------------------------------------------------
  {
    // A realistic 20-turn game (common words; through letters written out on turns 2 and 4).
    file: '24-carried-total.sheet.json',
    ok: false,
    turns: [
      // KUĆA 9F: K2 + U2 + Ć3 + A1 = 8
      { turn: 0, status: 'ok', computed: 8, total: 8 },
      // VOĆE H7 down through the Ć on H9, written out: V2 + O1 + Ć3(old) + E1 = 7
      { turn: 1, status: 'ok', computed: 7, total: 7 },
      // ČEKIĆ F7 down through the K on F9: Č3 + E1 + K2(old) + I1 + Ć3 = 10
      { turn: 2, status: 'ok', computed: 10, total: 18 },
      // GROŽĐE 8A through the E on F8, written out: G3 + R1 + O1 + Ž3 + Đ4 + E1(old) = 13
      { turn: 3, status: 'ok', computed: 13, total: 20 },
      // TOPAO C7 down through the O on C8: (T1x2=2 (C7) + O1(old) + P2 + A1 + O1x2=2 (C11) = 8) x2 (C9) = 16,
      // written 19; the total 37 (18 + 19) and every later total of Jelena carry the 3: one finding.
      { turn: 4, status: 'score-mismatch', computed: 16, total: 34, codes: ['SCORE_MISMATCH'] },
      // GRAŠAK A8 down: G3(old) + R1x4=4 (A9) + A1 + Š3 + A1 + K2x2=4 (A13) = 16
      { turn: 5, status: 'ok', computed: 16, total: 36 },
      // KAPUT 13A: K2(old) + A1 + P2 + U2 + T1x3=3 (E13) = 10
      { turn: 6, status: 'ok', computed: 10, total: 44 },
      // PEPEO C13 down: (P2(old) + E1 + P2 + E1 + O1 = 7) x2 (C15) = 14
      { turn: 7, status: 'ok', computed: 14, total: 50 },
      // CIPELA 15A: C3 + I1 + P2(old, the X of C15 used) + E1 + L2 + A1 = 10
      { turn: 8, status: 'ok', computed: 10, total: 54 },
      // OSOVINA 17C: O1(old) + S1 + O1x2=2 (E17) + V2 + I1 + N1 + A1x4=4 (I17) = 12
      { turn: 9, status: 'ok', computed: 12, total: 62 },
      // PŠENICA I11 down: (P2 + Š3 + E1x2=2 (I13) + N1 + I1 + C3 + A1(old) = 13) x2 (I15) = 26
      { turn: 10, status: 'ok', computed: 26, total: 80 },
      // NEDELJA 13H: N1 + E1(old) + D2 + E1 + LJ4 + A1x3=3 (M13) = 12
      { turn: 11, status: 'ok', computed: 12, total: 74 },
      // VILJUŠKA 7H: V2(old) + I1 + LJ4 + U2x2=4 (K7) + Š3 + K2 + A1 = 17
      { turn: 12, status: 'ok', computed: 17, total: 97 },
      // PITANJE 11I: P2(old) + I1 + T1x2=2 (K11) + A1 + NJ4 + E1 = 11
      { turn: 13, status: 'ok', computed: 11, total: 85 },
      // GREŠKA L4 down: G3 + R1 + E1 + Š3(old) + K2 + A1 = 11
      { turn: 14, status: 'ok', computed: 11, total: 108 },
      // UČITELJ J2 down: U2 + Č3 + I1 + T1 + E1 + LJ4(old) = 12
      { turn: 15, status: 'ok', computed: 12, total: 97 },
      // GIBANICA 15H: (G3 + I1(old) + B3 + A1x2=2 (K15) + N1 + I1 + C3 + A1 = 15) x2 (O15) = 30
      { turn: 16, status: 'ok', computed: 30, total: 138 },
      // PLUG 2H: P2 + L2 + U2(old) + G3 = 9
      { turn: 17, status: 'ok', computed: 9, total: 106 },
      // GUSKA 4L: G3(old) + U2 + S1 + K2 + A1 = 9
      { turn: 18, status: 'ok', computed: 9, total: 147 },
      // SKOK O1 down: (S1 + K2 + O1 + K2(old) = 6) x2 (O3) = 12
      { turn: 19, status: 'ok', computed: 12, total: 118 },
    ],
    players: [
      // 8 + 10 + 16 + 10 + 10 + 26 + 17 + 11 + 30 + 9 = 147 (the sheet's 150 carries turn 5's 3)
      { moves: 147, rackPenalty: 0, final: 147, remaining: '16:34' },
      // 7 + 13 + 16 + 14 + 12 + 12 + 11 + 12 + 9 + 12 = 118
      { moves: 118, rackPenalty: 0, final: 118, remaining: '14:35' },
    ],
    result: { winner: 0, reason: 'score' }, // 147 > 118
    gameCodes: ['FINAL_MISMATCH'],
  },
  // ---------------------------------------------------------------------------
  {
    // The game of 24 without its score slip, but turn 1's KUĆA copied as KUČA, and turn 2 writes
    // VOĆE out over H9: one letter slip, one finding (the later line's Ć is taken for H9).
    file: '25-letter-slip.sheet.json',
    ok: false,
    turns: [
      // KUČA 9F as written: K2 + U2 + Č3 + A1 = 8 (Č and Ć are both 3: the score does not show the slip)
      {
        turn: 0,
        status: 'ok',
        computed: 8,
        total: 8,
        words: [['KUČA', 8]],
        codes: ['LETTER_MISMATCH'],
      },
      // VOĆE H7 written out over the Č on H9, read through it as Ć: V2 + O1 + Ć3(old) + E1 = 7
      { turn: 1, status: 'ok', computed: 7, total: 7, words: [['VOĆE', 7]] },
      // ČEKIĆ F7 down through the K on F9: Č3 + E1 + K2(old) + I1 + Ć3 = 10
      { turn: 2, status: 'ok', computed: 10, total: 18 },
      // GROŽĐE 8A through the E on F8, written out: G3 + R1 + O1 + Ž3 + Đ4 + E1(old) = 13
      { turn: 3, status: 'ok', computed: 13, total: 20 },
      // TOPAO C7 down through the O on C8: (T1x2=2 (C7) + O1(old) + P2 + A1 + O1x2=2 (C11) = 8) x2 (C9) = 16
      { turn: 4, status: 'ok', computed: 16, total: 34 },
      // GRAŠAK A8 down: G3(old) + R1x4=4 (A9) + A1 + Š3 + A1 + K2x2=4 (A13) = 16
      { turn: 5, status: 'ok', computed: 16, total: 36 },
      // KAPUT 13A: K2(old) + A1 + P2 + U2 + T1x3=3 (E13) = 10
      { turn: 6, status: 'ok', computed: 10, total: 44 },
      // PEPEO C13 down: (P2(old) + E1 + P2 + E1 + O1 = 7) x2 (C15) = 14
      { turn: 7, status: 'ok', computed: 14, total: 50 },
      // CIPELA 15A: C3 + I1 + P2(old, the X of C15 used) + E1 + L2 + A1 = 10
      { turn: 8, status: 'ok', computed: 10, total: 54 },
      // OSOVINA 17C: O1(old) + S1 + O1x2=2 (E17) + V2 + I1 + N1 + A1x4=4 (I17) = 12
      { turn: 9, status: 'ok', computed: 12, total: 62 },
      // PŠENICA I11 down: (P2 + Š3 + E1x2=2 (I13) + N1 + I1 + C3 + A1(old) = 13) x2 (I15) = 26
      { turn: 10, status: 'ok', computed: 26, total: 80 },
      // NEDELJA 13H: N1 + E1(old) + D2 + E1 + LJ4 + A1x3=3 (M13) = 12
      { turn: 11, status: 'ok', computed: 12, total: 74 },
      // VILJUŠKA 7H: V2(old) + I1 + LJ4 + U2x2=4 (K7) + Š3 + K2 + A1 = 17
      { turn: 12, status: 'ok', computed: 17, total: 97 },
      // PITANJE 11I: P2(old) + I1 + T1x2=2 (K11) + A1 + NJ4 + E1 = 11
      { turn: 13, status: 'ok', computed: 11, total: 85 },
      // GREŠKA L4 down: G3 + R1 + E1 + Š3(old) + K2 + A1 = 11
      { turn: 14, status: 'ok', computed: 11, total: 108 },
      // UČITELJ J2 down: U2 + Č3 + I1 + T1 + E1 + LJ4(old) = 12
      { turn: 15, status: 'ok', computed: 12, total: 97 },
      // GIBANICA 15H: (G3 + I1(old) + B3 + A1x2=2 (K15) + N1 + I1 + C3 + A1 = 15) x2 (O15) = 30
      { turn: 16, status: 'ok', computed: 30, total: 138 },
      // PLUG 2H: P2 + L2 + U2(old) + G3 = 9
      { turn: 17, status: 'ok', computed: 9, total: 106 },
      // GUSKA 4L: G3(old) + U2 + S1 + K2 + A1 = 9
      { turn: 18, status: 'ok', computed: 9, total: 147 },
      // SKOK O1 down: (S1 + K2 + O1 + K2(old) = 6) x2 (O3) = 12
      { turn: 19, status: 'ok', computed: 12, total: 118 },
    ],
    players: [
      // 8 + 10 + 16 + 10 + 10 + 26 + 17 + 11 + 30 + 9 = 147
      { moves: 147, rackPenalty: 0, final: 147, remaining: '16:34' },
      // 7 + 13 + 16 + 14 + 12 + 12 + 11 + 12 + 9 + 12 = 118
      { moves: 118, rackPenalty: 0, final: 118, remaining: '14:35' },
    ],
    result: { winner: 0, reason: 'score' }, // 147 > 118
  },
  // ---------------------------------------------------------------------------
  {
    // The game of 24 without its score slip, but turn 13's VILJUŠKA copied as VILJUSKA; turn 15's
    // GREŠKA is written through L7 with '.'. Both scores are 2 short with S, right with Š.
    file: '26-letter-slip-score.sheet.json',
    ok: false,
    turns: [
      // KUĆA 9F: K2 + U2 + Ć3 + A1 = 8
      { turn: 0, status: 'ok', computed: 8, total: 8 },
      // VOĆE H7 down through the Ć on H9, written out: V2 + O1 + Ć3(old) + E1 = 7
      { turn: 1, status: 'ok', computed: 7, total: 7 },
      // ČEKIĆ F7 down through the K on F9: Č3 + E1 + K2(old) + I1 + Ć3 = 10
      { turn: 2, status: 'ok', computed: 10, total: 18 },
      // GROŽĐE 8A through the E on F8, written out: G3 + R1 + O1 + Ž3 + Đ4 + E1(old) = 13
      { turn: 3, status: 'ok', computed: 13, total: 20 },
      // TOPAO C7 down through the O on C8: (T1x2=2 (C7) + O1(old) + P2 + A1 + O1x2=2 (C11) = 8) x2 (C9) = 16
      { turn: 4, status: 'ok', computed: 16, total: 34 },
      // GRAŠAK A8 down: G3(old) + R1x4=4 (A9) + A1 + Š3 + A1 + K2x2=4 (A13) = 16
      { turn: 5, status: 'ok', computed: 16, total: 36 },
      // KAPUT 13A: K2(old) + A1 + P2 + U2 + T1x3=3 (E13) = 10
      { turn: 6, status: 'ok', computed: 10, total: 44 },
      // PEPEO C13 down: (P2(old) + E1 + P2 + E1 + O1 = 7) x2 (C15) = 14
      { turn: 7, status: 'ok', computed: 14, total: 50 },
      // CIPELA 15A: C3 + I1 + P2(old, the X of C15 used) + E1 + L2 + A1 = 10
      { turn: 8, status: 'ok', computed: 10, total: 54 },
      // OSOVINA 17C: O1(old) + S1 + O1x2=2 (E17) + V2 + I1 + N1 + A1x4=4 (I17) = 12
      { turn: 9, status: 'ok', computed: 12, total: 62 },
      // PŠENICA I11 down: (P2 + Š3 + E1x2=2 (I13) + N1 + I1 + C3 + A1(old) = 13) x2 (I15) = 26
      { turn: 10, status: 'ok', computed: 26, total: 80 },
      // NEDELJA 13H: N1 + E1(old) + D2 + E1 + LJ4 + A1x3=3 (M13) = 12
      { turn: 11, status: 'ok', computed: 12, total: 74 },
      // VILJUSKA 7H as written: V2(old) + I1 + LJ4 + U2x2=4 (K7) + S1 + K2 + A1 = 15, written 17
      // (VILJUŠKA's 17 - 15 = Š3 - S1): the score slip is the letter slip, one finding.
      {
        turn: 12,
        status: 'score-mismatch',
        computed: 15,
        total: 95,
        words: [['VILJUSKA', 15]],
        codes: ['LETTER_MISMATCH'],
      },
      // PITANJE 11I: P2(old) + I1 + T1x2=2 (K11) + A1 + NJ4 + E1 = 11
      { turn: 13, status: 'ok', computed: 11, total: 85 },
      // GREŠKA L4 down, L7 read as Š from this line on: G3 + R1 + E1 + Š3(old) + K2 + A1 = 11
      { turn: 14, status: 'ok', computed: 11, total: 106, words: [['GREŠKA', 11]] },
      // UČITELJ J2 down: U2 + Č3 + I1 + T1 + E1 + LJ4(old) = 12
      { turn: 15, status: 'ok', computed: 12, total: 97 },
      // GIBANICA 15H: (G3 + I1(old) + B3 + A1x2=2 (K15) + N1 + I1 + C3 + A1 = 15) x2 (O15) = 30
      { turn: 16, status: 'ok', computed: 30, total: 136 },
      // PLUG 2H: P2 + L2 + U2(old) + G3 = 9
      { turn: 17, status: 'ok', computed: 9, total: 106 },
      // GUSKA 4L: G3(old) + U2 + S1 + K2 + A1 = 9
      { turn: 18, status: 'ok', computed: 9, total: 145 },
      // SKOK O1 down: (S1 + K2 + O1 + K2(old) = 6) x2 (O3) = 12
      { turn: 19, status: 'ok', computed: 12, total: 118 },
    ],
    players: [
      // 8 + 10 + 16 + 10 + 10 + 26 + 15 + 11 + 30 + 9 = 145 (the sheet's 147 has VILJUŠKA's 17)
      { moves: 145, rackPenalty: 0, final: 145, remaining: '16:34' },
      // 7 + 13 + 16 + 14 + 12 + 12 + 11 + 12 + 9 + 12 = 118
      { moves: 118, rackPenalty: 0, final: 118, remaining: '14:35' },
    ],
    result: { winner: 0, reason: 'score' }, // 145 > 118
    gameCodes: ['FINAL_MISMATCH'],
  },
];

// -----------------------------------------------------------------------------

const loud = (issues: Issue[]) =>
  issues
    .filter((i) => i.severity !== 'info')
    .map((i) => i.code)
    .filter((c, k, all) => all.indexOf(c) === k)
    .sort();

function load(file: string): VerificationReport {
  const doc = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));
  const result = verifyDocument(doc, { words: null });
  if (!result.ok) throw new Error(`${file} cannot be read: ${JSON.stringify(result.errors)}`);
  return result.report;
}

const sortPairs = <T extends [string, number]>(pairs: T[]) =>
  [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));

describe('Kvizovka golden score sheets (hand-computed)', () => {
  test('at least 14 sheets, each covered by a case', () => {
    const files = readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.sheet.json'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(14);
    expect(CASES.map((c) => c.file).sort()).toEqual(files);
  });

  describe.each(CASES.map((c) => [c.file, c] as const))('%s', (_file, c) => {
    let report: VerificationReport;
    beforeAll(() => {
      report = load(c.file);
    });

    test('every turn of the sheet is in the case', () => {
      expect(report.turns.map((t) => t.index)).toEqual(c.turns.map((t) => t.turn));
    });

    test.each(c.turns.map((t) => [t.turn, t] as const))('turn %i', (_n, t) => {
      const r = report.turns[t.turn];
      expect(r).toBeDefined();
      if (t.status !== undefined) expect(r.status).toBe(t.status);
      expect(r.score.computed).toBe(t.computed);
      if (t.total !== undefined) expect(r.total.computed).toBe(t.total);
      expect(loud(r.issues)).toEqual([...(t.codes ?? [])].sort());
      for (const code of t.info ?? []) expect(r.issues.map((i) => i.code)).toContain(code);
      if (t.words) {
        expect(sortPairs(r.words.map((w) => [w.word, w.score] as [string, number]))).toEqual(
          sortPairs(t.words),
        );
      }
      if (t.bonuses) {
        expect(sortPairs(r.bonuses.map((b) => [b.kind, b.points] as [string, number]))).toEqual(
          sortPairs(t.bonuses),
        );
      }
      if (t.penalty) expect(r.penalty).toEqual(t.penalty);
      else expect(r.penalty).toBeUndefined();
      if (t.remaining !== undefined) expect(r.clock?.remaining).toBe(t.remaining);
      if (t.withdrawnScore !== undefined) expect(r.withdrawnScore).toBe(t.withdrawnScore);
    });

    test('players', () => {
      c.players.forEach((p, i) => {
        const r = report.players[i];
        expect({ player: i, moves: r.moves, rackPenalty: r.rackPenalty, final: r.final }).toEqual({
          player: i,
          moves: p.moves,
          rackPenalty: p.rackPenalty,
          final: p.final,
        });
        if (p.penaltyMinutes !== undefined) expect(r.penaltyMinutes).toBe(p.penaltyMinutes);
        if (p.remaining !== undefined) expect(r.remaining).toBe(p.remaining);
        if (p.remainingSeconds !== undefined) expect(r.remainingSeconds).toBe(p.remainingSeconds);
        if (p.timeExpired !== undefined) expect(r.timeExpired).toBe(p.timeExpired);
        if (p.turns !== undefined) expect(r.turns).toBe(p.turns);
      });
    });

    test('result', () => {
      expect(report.result).toEqual(c.result);
    });

    test('game issues', () => {
      expect(loud(report.issues)).toEqual([...(c.gameCodes ?? [])].sort());
      for (const g of c.gameInfo ?? []) {
        expect(report.issues.map((i) => ({ code: i.code, player: i.player }))).toContainEqual(g);
      }
    });

    test('ok', () => {
      expect(report.ok).toBe(c.ok);
    });
  });
});
