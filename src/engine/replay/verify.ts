import {
  GameResult,
  Issue,
  PlayerReport,
  reportOk,
  TurnReport,
  VerificationReport,
} from '../report/report';
import {
  UNDRAWN_BOARD,
  UndrawnBoard,
  UNREAD_PLAYS,
  UnreadPlays,
  WithUnreadPlays,
} from './report-json';
import { TieBreakRule } from '../rules/ruleset';
import { WordList } from '../rules/words';
import {
  formatClock,
  readScoresheet,
  Scoresheet,
  SheetError,
  SheetReading,
  sheetReading,
} from '../sheet/scoresheet';
import { BlankSwap } from './blank-swap';
import type { Board } from './board';
import { CardReplayObserver, verifyCardGame } from './cards';
import { Clocks } from './clock';
import { drawBoard } from './draw';
import { Ending } from './ending';
import { replayExchangeTurn } from './exchange';
import { LetterSlips } from './letter-slips';
import { PlayRules, replayPlayTurn } from './play';
import { PoolCount } from './pool';
import { decide, TIME_TIE_BREAK } from './result';
import { overtimePenalties, settleRacks } from './settlement';
import { ReplayState } from './state';
import { Ownership } from './stealing';
import { TargetEnding } from './target';
import { TileCount } from './tiles';
import { checkFinal, checkTotal, scoreTurn } from './totals';

export { drawBoard } from './draw';

/** What a replay may use besides the sheet. */
export interface VerifyOptions {
  /** The dictionary to mark words known or unknown; without one, `known` is null. */
  words?: WordList | null;
  /** Told the game as it stands after each line of the sheet (see `replayPositions`). */
  observer?: ReplayObserver | null;
}

/**
 * What a replay tells after each line of the sheet: the board and the totals as they are then.
 * They are the replay's own, changed by the next line: keep a copy of what is kept.
 */
export interface ReplayObserver extends CardReplayObserver {
  /**
   * A crossword game after line `index`: its `board`, each player's total from moves, and
   * for a stealing game (Qwibble) a drawing of who owns each tile (null otherwise).
   */
  afterTurn(
    index: number,
    board: Board,
    totals: readonly number[],
    ownership: (() => string[]) | null,
  ): void;
}

/** Outcome of verifying a document: the report, or why the document cannot be read. */
export type VerifyDocumentResult =
  { ok: true; report: VerificationReport; sheet: Scoresheet } | { ok: false; errors: SheetError[] };

/**
 * Reads a parsed JSON score sheet and verifies it. Structural errors (wrong
 * types, unknown rule set, bad options, player indexes out of range) stop here
 * with every error and its place; anything else is a finding of the report.
 */
export function verifyDocument(doc: unknown, options: VerifyOptions = {}): VerifyDocumentResult {
  const read = readScoresheet(doc);
  if (!read.ok) return read;
  return {
    ok: true,
    report: verifyScoresheet(read.sheet, options, read.reading),
    sheet: read.sheet,
  };
}

/**
 * Replays a score sheet that passed `readScoresheet`, turn by turn, and
 * reports what the rules compute beside what the sheet says. An illegal play
 * is reported and left off the board; the replay goes on. `reading` is what
 * `readScoresheet` parsed of the sheet (its clocks, its final racks); without
 * it the replay parses them itself.
 *
 * The game's state is a {@link ReplayState}; each rule is a module that reads and changes it
 * (clocks and penalties, the ending, the totals, the play with its challenge, and the rules of
 * some rule sets only: stealing, the pool, the blank swap, the target score). Card games have
 * their own replay.
 */
export function verifyScoresheet(
  sheet: Scoresheet,
  options: VerifyOptions = {},
  reading: SheetReading = sheetReading(sheet),
): VerificationReport {
  const { rules } = reading;
  const observer = options.observer ?? null;
  if (rules.ruleSet.cards) return verifyCardGame(sheet, rules, observer);
  const { ruleSet } = rules;
  const state = new ReplayState(rules, sheet, options.words ?? null);
  // The rules below belong to some rule sets only; each costs a null test on the others.
  const targetScore = ruleSet.targetScore ?? null;
  const target = targetScore !== null ? new TargetEnding(state, targetScore) : null;
  const stealing = ruleSet.stealing
    ? new Ownership(rules.size * rules.size, state.playerCount)
    : null;
  const poolMin = ruleSet.exchangeMinPool ?? null;
  const pool = poolMin !== null ? new PoolCount(rules, state.playerCount) : null;
  const tiles = new TileCount(rules);
  const clocks = new Clocks(state, reading.clocks);
  const ending = new Ending(state, target);
  const play: PlayRules = {
    clocks,
    tiles,
    letterSlips: new LetterSlips(state, tiles, stealing !== null),
    stealing,
    pool,
    swap: ruleSet.blankSwap ? new BlankSwap(rules, ruleSet.blankSwap) : null,
    racks: reading.racks ?? null,
  };

  for (let index = 0; index < sheet.turns.length; index++) {
    const t = state.beginTurn(index);
    ending.beforeTurn(t);
    clocks.beforeTurn(t);
    if (ending.countTurn(t)) {
      if (t.kind === 'play') replayPlayTurn(state, t, play);
      else if (t.kind === 'exchange') replayExchangeTurn(state, t, pool, poolMin);
    }
    const added = scoreTurn(state, t);
    ending.afterScore(t);
    checkTotal(state, t, added);
    clocks.afterTurn(t);
    state.turns.push(t.report);
    if (observer !== null) {
      const owners = stealing;
      observer.afterTurn(
        index,
        state.board,
        state.totals,
        owners ? () => owners.draw(rules.size) : null,
      );
    }
  }

  const end = sheet.end ?? {};
  // The final racks to count: a pass keeps the rack, whatever the end writes.
  const endRacks = ending.racksKeptByPasses(reading.endRacks, play.racks);
  const settlement = settleRacks(rules, end, endRacks, state.playerCount, ending.stalled, (p) =>
    ending.wentOut(p),
  );
  const overtime = overtimePenalties(state);
  const players: PlayerReport[] = state.names.map((name, p) => {
    const { rackPenalty, rackBonus, wentOut } = settlement[p];
    const timePenalty = overtime === null ? 0 : overtime[p];
    const perMinute = ruleSet.endOfGame.overtimePoints;
    const remainingSeconds = clocks.atEnd(p, perMinute ? Math.ceil(timePenalty / perMinute) : 0);
    const moves = state.totals[p];
    const final = moves - rackPenalty + rackBonus - timePenalty;
    const figures = { final, rackPenalty, rackBonus, wentOut, timePenalty };
    const account: PlayerReport = {
      name,
      moves,
      rackPenalty,
      rackBonus,
      final,
      claimedFinal: checkFinal(state, p, figures),
      penaltyMinutes: clocks.penaltySeconds[p] / 60,
      remaining: formatClock(remainingSeconds),
      remainingSeconds,
      turns: Math.min(state.turnsTaken[p], ruleSet.turnsPerPlayer ?? Infinity),
      timeExpired: false,
    };
    if (overtime !== null) account.timePenalty = timePenalty;
    if (stealing) Object.assign(account, stealing.account(rules, state.board, p));
    return account;
  });

  tiles.atEnd(state, endRacks);
  ending.atEnd();
  if (pool) pool.atEnd(state, endRacks);
  if (reading.endFindings) state.gameIssues.push(...reading.endFindings);
  const timeNotShown = clocks.checkTimeEnd();
  if (timeNotShown) state.gameIssues.push(timeNotShown);

  const tieBreakValues: Partial<Record<TieBreakRule, number[]>> = {};
  if (target) target.tieBreaks(tieBreakValues);
  if (stealing) stealing.tieBreaks(tieBreakValues, players);
  const result = decide(
    players,
    state.expiries,
    ruleSet.tieBreaks ?? TIME_TIE_BREAK,
    tieBreakValues,
  );
  if (stealing) stealing.afterResult(state, result);
  if (target) target.afterResult(result, players);
  if (result.reason === 'time-expired') {
    for (let p = 0; p < state.playerCount; p++)
      players[p].timeExpired = p !== result.winner && state.expiries[p] !== null;
  }
  state.carriedTotals.finish();
  const verification = new CrosswordReport(
    reportOk(state.turns, state.gameIssues),
    ruleSet.id,
    state,
    players,
    result,
    state.gameIssues,
  );
  if (stealing) verification.ownership = stealing.draw(rules.size);
  return verification;
}

/**
 * A crossword game's report, whose `board` rows are drawn from the final board, and whose turns'
 * words are written out, when first read (a page, `JSON.stringify`, a test's `toEqual`): most
 * reports are judged and stored, or summed up in a line, and drawing every board cost about a
 * twentieth of a verification, writing every word about an eighth. `turns` and `board` stay own
 * enumerable properties in their places among the keys, so the report reads and serialises as
 * a plain one.
 */
class CrosswordReport implements VerificationReport, WithUnreadPlays {
  declare ok: boolean;
  declare rules: string;
  declare turns: TurnReport[];
  declare players: PlayerReport[];
  declare result: GameResult;
  declare issues: Issue[];
  declare board: string[];
  declare ownership?: string[];
  #state: ReplayState;
  #turns: TurnReport[];
  #described = false;
  #rows: string[] | null = null;

  constructor(
    ok: boolean,
    rules: string,
    state: ReplayState,
    players: PlayerReport[],
    result: GameResult,
    issues: Issue[],
  ) {
    this.#state = state;
    this.#turns = state.turns;
    this.ok = ok;
    this.rules = rules;
    Object.defineProperty(this, 'turns', LAZY_TURNS);
    this.players = players;
    this.result = result;
    this.issues = issues;
    Object.defineProperty(this, 'board', LAZY_BOARD);
  }

  /** The game, for the report writer to write the turns' words from, until they are read. */
  [UNREAD_PLAYS](): UnreadPlays | null {
    return this.#described ? null : this.#state;
  }

  /** The final board, for the report writer to write the rows from, until they are read. */
  [UNDRAWN_BOARD](): UndrawnBoard | null {
    return this.#rows === null ? this.#state : null;
  }

  static described(report: CrosswordReport): TurnReport[] {
    if (!report.#described) {
      report.#described = true;
      report.#state.describeTurns();
    }
    return report.#turns;
  }

  static replaced(report: CrosswordReport, turns: TurnReport[]): void {
    report.#described = true;
    report.#turns = turns;
  }

  static drawn(report: CrosswordReport): string[] {
    return (report.#rows ??= drawBoard(report.#state.rules, report.#state.board));
  }

  static redrawn(report: CrosswordReport, rows: string[]): void {
    report.#rows = rows;
  }
}

/**
 * A key of the report written out when first read: one getter and setter for every report, so
 * that every report has the same shape.
 */
function lazyKey<T>(
  read: (report: CrosswordReport) => T,
  write: (report: CrosswordReport, value: T) => void,
): PropertyDescriptor {
  return {
    get(this: CrosswordReport) {
      return read(this);
    },
    set(this: CrosswordReport, value: T) {
      write(this, value);
    },
    enumerable: true,
    configurable: true,
  };
}

const LAZY_TURNS = lazyKey(
  (report) => CrosswordReport.described(report),
  (report, turns: TurnReport[]) => CrosswordReport.replaced(report, turns),
);
const LAZY_BOARD = lazyKey(
  (report) => CrosswordReport.drawn(report),
  (report, rows: string[]) => CrosswordReport.redrawn(report, rows),
);
