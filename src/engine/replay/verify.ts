import { JOKER, LETTER_MASK, THROUGH, WrittenTile } from '../rules/alphabet';
import {
  applyPlay,
  Board,
  BLOCKER,
  EMPTY,
  evaluatePlay,
  FormedWord,
  IllegalPlay,
  LegalPlay,
  Position,
  positionName,
} from './board';
import { parsePlay } from '../sheet/notation';
import {
  CarriedTotals,
  Issue,
  IssueNote,
  PlayerReport,
  turnIssue,
  turnList,
  TurnReport,
  VerificationReport,
} from '../report/report';
import { verifyCardGame } from './cards';
import { decide, Expiry, TIME_TIE_BREAK } from './result';
import { compileRules, CompiledRules } from '../rules/compiled';
import { TieBreakRule } from '../rules/ruleset';
import { findRuleSet } from '../rules/rulesets';
import {
  formatClock,
  parseClock,
  readScoresheet,
  Scoresheet,
  SheetError,
  SheetTurn,
} from '../sheet/scoresheet';
import { WordList } from '../rules/words';
import { Ownership, PoolCount, takeBlanks, undoTakeBlanks, variantProblems } from './variants';

/** What a replay may use besides the sheet. */
export interface VerifyOptions {
  /** The dictionary to mark words known or unknown; without one, `known` is null. */
  words?: WordList | null;
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
  return { ok: true, report: verifyScoresheet(read.sheet, options), sheet: read.sheet };
}

/**
 * Replays a score sheet that passed `readScoresheet`, turn by turn, and
 * reports what the rules compute beside what the sheet says. An illegal play
 * is reported and left off the board; the replay goes on.
 */
export function verifyScoresheet(
  sheet: Scoresheet,
  options: VerifyOptions = {},
): VerificationReport {
  const words = options.words ?? null;
  const rules = compileRules(findRules(sheet), sheet.options);
  if (rules.ruleSet.cards) return verifyCardGame(sheet, rules);
  const { alphabet, size, ruleSet } = rules;
  const names = sheet.players;
  const playerCount = names.length;
  const board = new Board(size);
  const totals = filled<number>(playerCount, 0);
  const turnsTaken = filled<number>(playerCount, 0);
  const penaltiesGiven = filled<number>(playerCount, 0);
  const penaltySeconds = filled<number>(playerCount, 0);
  const lastClock = filled<number | null>(playerCount, null);
  /** Each player's last clock reading as the sheet wrote it. */
  const lastReading = filled<string | null>(playerCount, null);
  const expiries = filled<Expiry | null>(playerCount, null);
  const onBoard = filled<number>(alphabet.size + 2, 0);
  const overuseReported = new Set<number>();
  const gameIssues: Issue[] = [];
  const turns: TurnReport[] = [];
  const carriedTotals = new CarriedTotals(playerCount);
  let expected = 0;
  let firstExpiryTurn = Infinity;
  /** Player who lost their next turn to a failed challenge (rules where that is the cost). */
  let skipNext: number | null = null;
  let scorelessStreak = 0;
  let scorelessEndTurn = Infinity;
  const scorelessLimit = ruleSet.endOfGame.scorelessTurns;
  // The rules below belong to some rule sets only; each costs a null test on the others.
  /** The end the replay saw (passes, going out, a target round over); later turns are flagged. */
  let endedAt: { turn: number; why: string } | null = null;
  const passLimit = ruleSet.endOfGame.consecutivePasses ?? null;
  let passStreak = 0;
  let passEndTurn = Infinity;
  const target = ruleSet.targetScore ?? null;
  /** Who reached the target first, and at which turn; the players still to move in that round. */
  let reached: { player: number; turn: number; pending: number[] } | null = null;
  const swapRule = ruleSet.blankSwap ?? null;
  /** Turn at which the blank on each square was played (for the next-turn swap rule). */
  const blankPlayedAt = swapRule ? new Int32Array(size * size) : null;
  const stealing = ruleSet.stealing ? new Ownership(size * size, playerCount) : null;
  /** Points stolen from each player since their last turn (for the totals' hint). */
  const lostSince = filled<number>(playerCount, 0);
  const poolMin = ruleSet.exchangeMinPool ?? null;
  const pool = poolMin !== null ? new PoolCount(rules, playerCount) : null;

  const who = (p: number) => names[p];
  const targetEnd = (player: number, turn: number) =>
    `${names[player]} reached the target of ${target} at turn ${turn + 1} and that round is over`;
  // Built only when a message is: clean turns make no strings.
  const label = (index: number) => `Turn ${index + 1} (${names[sheet.turns[index].player]})`;
  const letterSlips = new LetterSlips(rules, board, words, sheet, turns, {
    label,
    carriedTotals,
    onBoard,
    stealing: stealing !== null,
  });
  /** The next time penalty of a player, or null where the rules give none. */
  const nextPenalty = (p: number): number | null => {
    const schedule = ruleSet.clock.penaltyMinutes;
    if (schedule.length === 0) return null;
    const minutes = schedule[Math.min(penaltiesGiven[p], schedule.length - 1)];
    penaltiesGiven[p]++;
    return minutes;
  };

  for (let index = 0; index < sheet.turns.length; index++) {
    const turn = sheet.turns[index];
    const p = turn.player;
    const kind =
      turn.play !== undefined ? 'play' : turn.exchange !== undefined ? 'exchange' : 'pass';
    const report: TurnReport = {
      index,
      player: p,
      kind,
      status: kind === 'play' ? 'ok' : kind,
      play: turn.play,
      reading: undefined,
      score: { claimed: turn.score ?? null, computed: 0 },
      total: { claimed: turn.total ?? null, computed: 0 },
      clock: undefined,
      withdrawnScore: undefined,
      words: [],
      bonuses: [],
      placed: [],
      exchanged: undefined,
      penalty: undefined,
      issues: [],
    };
    const issue = (i: IssueNote, message = i.message) =>
      report.issues.push(turnIssue(i, message, index, p));

    if (p !== expected) {
      issue({
        code: 'OUT_OF_TURN',
        severity: 'warning',
        message: `${label(index)}: it was ${who(expected)}'s turn`,
      });
    }
    expected = (p + 1) % playerCount;
    if (skipNext !== null && expected === skipNext) expected = (expected + 1) % playerCount;
    skipNext = null;
    if (index > scorelessEndTurn) {
      issue({
        code: 'PLAYED_AFTER_END',
        severity: 'warning',
        message: `${label(index)}: recorded after ${scorelessLimit} scoreless turns in a row (to turn ${scorelessEndTurn + 1}), which end the game`,
      });
    }
    if (endedAt !== null && index > endedAt.turn) {
      issue({
        code: 'PLAYED_AFTER_END',
        severity: 'warning',
        message: `${label(index)}: recorded after the end of the game (${endedAt.why})`,
      });
    } else if (reached !== null && reached.pending.length > 0) {
      const k = reached.pending.indexOf(p);
      if (k >= 0) {
        reached.pending.splice(k, 1);
        if (reached.pending.length === 0) {
          endedAt = { turn: index, why: targetEnd(reached.player, reached.turn) };
        }
      } else {
        issue({
          code: 'PLAYED_AFTER_END',
          severity: 'warning',
          message: `${label(index)}: after ${who(reached.player)} reached the target at turn ${reached.turn + 1}, only ${reached.pending.map(who).join(', ')} still move in that round`,
        });
      }
    }
    if (index > firstExpiryTurn) {
      issue({
        code: 'AFTER_TIME_EXPIRED',
        severity: 'warning',
        message: `${label(index)}: recorded after a clock ran out at turn ${firstExpiryTurn + 1}; the game was already lost on time`,
      });
    }

    turnsTaken[p]++;
    const turnLimit = ruleSet.turnsPerPlayer;
    let acceptedScore: number | null = null;
    let penaltyThisTurn: { player: number; minutes: number } | undefined;

    if (turnLimit !== null && turnsTaken[p] > turnLimit) {
      report.status = 'illegal';
      issue({
        code: 'TOO_MANY_TURNS',
        severity: 'error',
        message: `${label(index)}: this is ${who(p)}'s turn ${turnsTaken[p]}, but each player has ${turnLimit} turns; the turn is not counted`,
      });
    } else if (turn.play !== undefined) {
      const swap =
        turn.swap !== undefined && swapRule
          ? takeBlanks(rules, board, turn.swap, blankPlayedAt!, index, swapRule)
          : null;
      const outcome: PlayOutcome =
        swap && !swap.ok
          ? { notes: [{ code: 'BLANK_SWAP_INVALID', severity: 'error', message: swap.message }] }
          : replayPlay(rules, board, turn.play, words);
      if (outcome.play?.ok && (rules.jokerForbidden || swap)) {
        const broken = variantProblems(rules, outcome.play, swap?.ok ? swap.taken.length : 0);
        if (broken) outcome.play = { ok: false, fits: true, problems: broken };
      }
      const challenge = turn.challenge;
      // One slip, one finding: two lines that read one square differently (rulings).
      // Asked only of a refused play, or with a word list or a score the rules do not give.
      const letterSlip =
        outcome.play &&
        outcome.tiles &&
        (!outcome.play.ok ||
          (words !== null && !everyWordKnown(rules, words, outcome.play)) ||
          (report.score.claimed !== null && report.score.claimed !== outcome.play.score)) &&
        !swap &&
        !(challenge && !challenge.valid)
          ? letterSlips.examine(outcome.play, outcome.position!, outcome.tiles, index)
          : null;
      if (letterSlip) outcome.play = letterSlip.play;
      let applied = false;
      if (outcome.reading) report.reading = outcome.reading;
      for (const note of outcome.notes) {
        issue(note, `${label(index)}: ${note.message}`);
      }
      if (challenge && !challenge.valid) {
        report.status = 'withdrawn';
        const minutes = nextPenalty(p);
        if (minutes !== null) penaltyThisTurn = { player: p, minutes };
        report.withdrawnScore = outcome.play?.ok
          ? stealing
            ? stealing.assess(rules, outcome.play, p).score
            : outcome.play.score
          : null;
        acceptedScore = report.withdrawnScore;
        if (outcome.play && !outcome.play.ok) {
          for (const problem of outcome.play.problems) {
            issue({
              code: problem.code,
              severity: 'warning',
              message: `${label(index)}: ${problem.message} (the play was withdrawn anyway)`,
              squares: problem.squares,
              word: problem.word,
            });
          }
        }
        issue({
          code: 'CHALLENGE_UPHELD',
          severity: 'info',
          message: `${label(index)}: ${who(challenge.by)} challenged ${turn.play} and the word was ruled invalid: the tiles come off the board, the turn scores 0 and counts${minutes !== null ? `, and ${who(p)} gets a ${minutes}-minute time penalty` : ''}`,
        });
      } else if (!outcome.play) {
        report.status = 'illegal';
      } else if (!outcome.play.ok) {
        report.status = 'illegal';
        for (const problem of outcome.play.problems) {
          issue({
            code: problem.code,
            severity: 'error',
            message: `${label(index)}: ${problem.message}; the play is left off the board`,
            squares: problem.squares,
            word: problem.word,
          });
        }
      } else {
        const play = outcome.play;
        applyPlay(rules, board, play);
        letterSlips.record(index, play);
        applied = true;
        report.score.computed = play.score;
        // Loops rather than `map` here and below: every play of every sheet passes here.
        for (const placement of play.placements)
          report.placed.push(rules.squareNames[placement.square]);
        const steal = stealing ? stealing.assess(rules, play, p) : null;
        for (let k = 0; k < play.words.length; k++) {
          const w = play.words[k];
          const known = words ? isKnown(rules, words, w) : null;
          const text = alphabet.formatWord(w.tiles);
          const position = rules.positionNames[w.direction][w.start];
          if (known === false) {
            issue({
              code: 'UNKNOWN_WORD',
              severity: 'warning',
              message: `${label(index)}: ${text} at ${position} is not in the dictionary; the judge's ruling decides (only a recorded challenge changes the game)`,
              word: text,
            });
          }
          report.words.push({
            word: text,
            score: steal ? steal.wordScores[k] : w.score,
            known,
            position,
            main: w.main,
          });
        }
        for (const b of play.bonuses) {
          report.bonuses.push(
            b.word === undefined
              ? { kind: b.kind, points: b.points }
              : { kind: b.kind, points: b.points, word: report.words[b.word].word },
          );
        }
        for (const { tile } of play.placements) {
          const slot = tile & JOKER ? 0 : tile & LETTER_MASK;
          onBoard[slot]++;
          const limit = slot === 0 ? alphabet.jokerCount : alphabet.counts[slot];
          if (onBoard[slot] > limit && !overuseReported.has(slot)) {
            overuseReported.add(slot);
            const what = slot === 0 ? 'jokers' : `${alphabet.letters[slot]} tiles`;
            issue({
              code: 'TILE_OVERUSE',
              severity: 'warning',
              message: `${label(index)}: the board now holds ${onBoard[slot]} ${what}, but the set has ${limit}`,
            });
          }
        }
        if (swap && swap.ok) {
          report.swapped = swap.taken.map((t) => ({
            square: rules.squareNames[t.square],
            letter: alphabet.display(t.letter),
          }));
          for (const t of swap.taken) {
            onBoard[0]--;
            onBoard[t.letter]++;
          }
        }
        if (blankPlayedAt) {
          for (const { square, tile } of play.placements)
            if (tile & JOKER) blankPlayedAt[square] = index;
        }
        if (steal) {
          const other = steal.stolenFrom;
          stealing!.apply(steal, p);
          report.score.computed = steal.score;
          report.stolen = {
            from: other,
            points: steal.stolenPoints,
            squares: steal.stolenSquares.map((sq) => rules.squareNames[sq]),
          };
          report.madeSafe = steal.madeSafe.map((sq) => rules.squareNames[sq]);
          if (steal.stolenPoints > 0) {
            totals[other] -= steal.stolenPoints;
            lostSince[other] += steal.stolenPoints;
          }
        }
        if (pool) {
          const why = pool.play(p, play.placements.length);
          if (why && endedAt === null) endedAt = { turn: index, why: `${who(p)} ${why}` };
        }
        if (letterSlip) letterSlips.report(letterSlip, report, turn.play);
      }
      if (swap && swap.ok && !applied) undoTakeBlanks(board, swap.taken);
      if (challenge && challenge.valid) {
        const cost = ruleSet.challenge.validCosts;
        let consequence: string;
        if (cost === 'time') {
          const minutes = nextPenalty(challenge.by);
          if (minutes !== null) penaltyThisTurn = { player: challenge.by, minutes };
          consequence =
            minutes !== null
              ? `${who(challenge.by)} gets a ${minutes}-minute time penalty`
              : 'no penalty';
        } else if (cost === 'turn') {
          skipNext = challenge.by;
          consequence = `${who(challenge.by)} loses their next turn`;
        } else {
          report.challengeBonus = challenge.bonus ?? 0;
          consequence = `${who(p)} receives ${report.challengeBonus} points`;
        }
        issue({
          code: 'CHALLENGE_FAILED',
          severity: 'info',
          message: `${label(index)}: ${who(challenge.by)} challenged ${turn.play} and the word was ruled valid: ${consequence}`,
        });
      }
      if (turn.rack !== undefined && outcome.play?.ok) {
        const missing = missingFromRack(
          rules,
          turn.rack,
          outcome.play.placements.map((pl) => pl.tile),
          swap?.ok ? swap.taken.map((t) => t.letter) : [],
        );
        if (missing) {
          issue({
            code: 'RACK_MISMATCH',
            severity: 'warning',
            message: `${label(index)}: the play uses ${missing.tiles}, which the recorded rack ${turn.rack} does not hold`,
            written: turn.rack,
            computed: missing.needed,
          });
        }
      }
    } else if (turn.exchange !== undefined) {
      const exchanged = exchangeSize(rules, turn.exchange);
      report.exchanged = exchanged.size ?? undefined;
      if (exchanged.problem) {
        report.status = 'illegal';
        issue(
          exchanged.problem,
          `${label(index)}: ${exchanged.problem.message}; the exchange is not counted`,
        );
      } else if (pool && pool.size < poolMin!) {
        report.status = 'illegal';
        issue({
          code: 'EXCHANGE_NOT_ALLOWED',
          severity: 'error',
          message: `${label(index)}: exchanging needs ${poolMin} tiles in the pool, and it holds ${pool.size} (${pool.total} in the set − ${board.tileCount} on the board − ${pool.onRacks()} on the racks); the exchange is not counted`,
        });
      }
    }

    const claimed = report.score.claimed;
    if (
      claimed !== null &&
      claimed !== report.score.computed &&
      !(report.status === 'withdrawn' && claimed === acceptedScore)
    ) {
      const allowed =
        report.status === 'withdrawn' && acceptedScore !== null
          ? ` (or ${acceptedScore}, what it would have scored)`
          : '';
      issue({
        code: 'SCORE_MISMATCH',
        severity: 'error',
        message: `${label(index)}: the sheet says ${claimed}, the rules give ${report.score.computed}${allowed}${scoreBreakdown(report)}`,
        word: report.words.find((w) => w.main)?.word,
        written: claimed,
        computed: report.score.computed,
      });
      carriedTotals.slip(
        p,
        claimed - report.score.computed,
        report.issues[report.issues.length - 1],
      );
      if (report.status === 'ok') report.status = 'score-mismatch';
    }
    const added = report.score.computed + (report.challengeBonus ?? 0);
    totals[p] += added;
    report.total.computed = totals[p];
    if (scorelessLimit !== null && report.status !== 'illegal') {
      scorelessStreak = report.score.computed === 0 ? scorelessStreak + 1 : 0;
      if (scorelessStreak >= scorelessLimit && scorelessEndTurn === Infinity)
        scorelessEndTurn = index;
    }
    if (passLimit !== null && report.status !== 'illegal') {
      passStreak = kind === 'pass' ? passStreak + 1 : 0;
      if (passStreak >= passLimit && passEndTurn === Infinity) {
        passEndTurn = index;
        endedAt ??= {
          turn: index,
          why: `${passLimit} passes in a row, to turn ${index + 1}, end it`,
        };
      }
    }
    if (target !== null && reached === null && totals[p] >= target) {
      const pending: number[] = [];
      for (let q = p + 1; q < playerCount; q++) pending.push(q);
      reached = { player: p, turn: index, pending };
      if (pending.length === 0) endedAt ??= { turn: index, why: targetEnd(p, index) };
      issue({
        code: 'TARGET_REACHED',
        severity: 'info',
        message: `${label(index)}: ${who(p)} reaches ${totals[p]}, the target of ${target}: ${
          pending.length > 0
            ? `${pending.map(who).join(', ')} still ${pending.length === 1 ? 'has a last move' : 'have a last move each'} in this round, then the game ends`
            : 'the round is complete and the game ends'
        }`,
      });
    }
    const lost = lostSince[p];
    lostSince[p] = 0;
    const claimedTotal = report.total.claimed;
    // A total that only repeats an earlier slip is not a finding of its own (rulings: totals).
    const carriedBefore = carriedTotals.carriedBy(p);
    if (claimedTotal !== null && carriedTotals.total(p, claimedTotal, totals[p])) {
      const previous = previousClaimedTotal(sheet.turns, index, p);
      let why = '';
      if (claimed !== null && previous !== null) {
        const minus = lost > 0 ? ` − ${lost} stolen` : '';
        if (previous + claimed - lost !== claimedTotal) {
          why = ` (the sheet's own addition is off too: ${previous} + ${claimed}${minus} = ${previous + claimed - lost})`;
        } else {
          const how =
            report.status === 'withdrawn'
              ? ': a withdrawn play scores 0'
              : report.challengeBonus
                ? ` (${report.score.computed} + ${report.challengeBonus} for the failed challenge)`
                : '';
          why = ` (the sheet's addition ${previous} + ${claimed}${minus} = ${claimedTotal} is right, but the rules add ${added} on this turn${how})`;
        }
      } else if (carriedBefore !== 0) {
        why = ` (the sheet's earlier figures account for ${carriedBefore > 0 ? '+' : ''}${carriedBefore} of the difference)`;
      }
      issue({
        code: 'TOTAL_MISMATCH',
        severity: 'error',
        message: `${label(index)}: the sheet's total is ${claimedTotal}, the rules give ${totals[p]}${why}`,
        written: claimedTotal,
        computed: totals[p],
      });
      carriedTotals.slip(p, 0, report.issues[report.issues.length - 1]);
      if (report.status === 'ok') report.status = 'score-mismatch';
    }

    if (turn.clock !== undefined) {
      const reading = parseClock(turn.clock)!;
      const remaining = reading - penaltySeconds[p];
      lastClock[p] = reading;
      lastReading[p] = turn.clock;
      const shown = formatClock(remaining);
      report.clock = { claimed: turn.clock, remaining: shown };
      if (remaining <= 0 && !expiries[p]) {
        expiries[p] = { at: index, remaining };
        firstExpiryTurn = Math.min(firstExpiryTurn, index);
        const penaltyNote =
          penaltySeconds[p] > 0 ? ` less ${penaltyMinutes(penaltySeconds[p])}` : '';
        issue({
          code: 'CLOCK_EXPIRED',
          severity: 'info',
          message: `${label(index)}: the clock reads ${turn.clock}${penaltyNote}, so ${who(p)}'s time has run out and ${who(p)} loses the game whatever the score`,
          written: turn.clock,
          computed: shown,
        });
      }
    }
    if (penaltyThisTurn) {
      report.penalty = penaltyThisTurn;
      const q = penaltyThisTurn.player;
      penaltySeconds[q] += penaltyThisTurn.minutes * 60;
      // The penalty comes off the clock when it is given, after this turn's reading: the
      // flag falls then if the last reading (the full clock without one) is used up.
      const remaining = (lastClock[q] ?? ruleSet.clock.minutes * 60) - penaltySeconds[q];
      if (remaining <= 0 && !expiries[q]) {
        // Half a turn on: after the clock readings of this turn, before the next turn.
        expiries[q] = { at: index + 0.5, remaining };
        firstExpiryTurn = Math.min(firstExpiryTurn, index);
        const read = lastReading[q];
        const from =
          read !== null
            ? `last reading ${read}`
            : `no reading: the full ${formatClock(ruleSet.clock.minutes * 60)}`;
        const note: IssueNote = {
          code: 'CLOCK_EXPIRED',
          severity: 'info',
          message: `${label(index)}: the ${penaltyThisTurn.minutes}-minute penalty takes ${who(q)}'s clock to ${formatClock(remaining)} (${from} less ${penaltyMinutes(penaltySeconds[q])}), so ${who(q)}'s time has run out and ${who(q)} loses the game whatever the score`,
          computed: formatClock(remaining),
        };
        if (read !== null) note.written = read;
        // The issue is the penalised player's, who is not the mover when a challenge failed.
        report.issues.push(turnIssue(note, note.message, index, q));
      }
    }
    turns.push(report);
  }

  const end = sheet.end ?? {};
  const endRacks = (end.racks ?? []).map((rack) => {
    const parsed = alphabet.parseRack(rack);
    return parsed.ok ? parsed.tiles : [];
  });
  const stalledEnd = passEndTurn !== Infinity || end.reason === 'passes';
  const settlement = settleRacks(rules, end, endRacks, playerCount, stalledEnd);
  const players: PlayerReport[] = names.map((name, p) => {
    const { rackPenalty, rackBonus, wentOut } = settlement[p];
    let remainingSeconds: number;
    const endClock = end.clocks?.[p];
    if (endClock !== undefined) {
      remainingSeconds = parseClock(endClock)! - penaltySeconds[p];
      if (remainingSeconds <= 0 && !expiries[p]) {
        expiries[p] = { at: sheet.turns.length, remaining: remainingSeconds };
        gameIssues.push({
          code: 'CLOCK_EXPIRED',
          severity: 'info',
          player: p,
          message: `End of game: ${name}'s final clock reads ${endClock}${penaltySeconds[p] > 0 ? ` less ${penaltyMinutes(penaltySeconds[p])}` : ''}, so ${name}'s time has run out and ${name} loses whatever the score`,
          written: endClock,
          computed: formatClock(remainingSeconds),
        });
      }
    } else {
      const last = lastClock[p];
      remainingSeconds = (last ?? ruleSet.clock.minutes * 60) - penaltySeconds[p];
    }
    if (end.timeExpired === p && !expiries[p]) {
      expiries[p] = { at: sheet.turns.length, remaining: Math.min(remainingSeconds, 0) };
      gameIssues.push({
        code: 'CLOCK_EXPIRED',
        severity: 'info',
        player: p,
        message: `End of game: the sheet marks ${name}'s time as run out, so ${name} loses whatever the score`,
      });
    }
    const final = totals[p] - rackPenalty + rackBonus;
    const claimedFinal = sheet.claimed?.final?.[p] ?? null;
    if (claimedFinal !== null && claimedFinal !== final) {
      const follows = carriedTotals.finalFollows(p, claimedFinal, final);
      gameIssues.push({
        code: 'FINAL_MISMATCH',
        severity: 'error',
        player: p,
        message: `End of game: the sheet gives ${name} ${claimedFinal}, the rules give ${final} (${totals[p]} from moves − ${rackPenalty} for the tiles left on the rack${rackBonus ? ` + ${rackBonus} from the others' racks${wentOut ? ' for going out' : ''}` : ''})${follows ? `; the difference follows from the ${follows.length === 1 ? 'slip' : 'slips'} on ${turnList(follows)}` : ''}`,
        written: claimedFinal,
        computed: final,
      });
    }
    const account: PlayerReport = {
      name,
      moves: totals[p],
      rackPenalty,
      rackBonus,
      final,
      claimedFinal,
      penaltyMinutes: penaltySeconds[p] / 60,
      remaining: formatClock(remainingSeconds),
      remainingSeconds,
      turns: Math.min(turnsTaken[p], ruleSet.turnsPerPlayer ?? Infinity),
      timeExpired: false,
    };
    if (stealing) Object.assign(account, stealing.account(rules, board, p));
    return account;
  });

  for (const rack of endRacks)
    for (const tile of rack) onBoard[tile === JOKER ? 0 : tile & LETTER_MASK]++;
  for (let slot = 0; slot <= alphabet.size; slot++) {
    const limit = slot === 0 ? alphabet.jokerCount : alphabet.counts[slot];
    if (onBoard[slot] > limit && !overuseReported.has(slot)) {
      const what = slot === 0 ? 'jokers' : `${alphabet.letters[slot]} tiles`;
      gameIssues.push({
        code: 'TILE_OVERUSE',
        severity: 'warning',
        message: `End of game: the board and the final racks hold ${onBoard[slot]} ${what}, but the set has ${limit}`,
      });
    }
  }

  if (end.reason === 'turns' && ruleSet.turnsPerPlayer !== null) {
    players.forEach((pl, p) => {
      if (turnsTaken[p] < ruleSet.turnsPerPlayer!) {
        gameIssues.push({
          code: 'GAME_INCOMPLETE',
          severity: 'warning',
          player: p,
          message: `End of game: the sheet says the turns ran out, but ${pl.name} has ${turnsTaken[p]} of ${ruleSet.turnsPerPlayer} turns`,
        });
      }
    });
  }
  if (end.reason === 'scoreless' && scorelessLimit !== null && scorelessEndTurn === Infinity) {
    gameIssues.push({
      code: 'SCORELESS_NOT_SHOWN',
      severity: 'warning',
      message: `End of game: the sheet says the game ended on scoreless turns, but it never has ${scorelessLimit} in a row`,
    });
  }
  if (reached !== null) {
    for (const q of reached.pending) {
      gameIssues.push({
        code: 'GAME_INCOMPLETE',
        severity: 'warning',
        player: q,
        message: `End of game: ${names[reached.player]} reached the target at turn ${reached.turn + 1}, but the sheet has no last move of ${names[q]} in that round`,
      });
    }
  } else if (end.reason === 'target' && target !== null) {
    gameIssues.push({
      code: 'TARGET_NOT_REACHED',
      severity: 'warning',
      message: `End of game: the sheet says a player reached the target, but no total reaches ${target}`,
    });
  }
  if (end.reason === 'passes' && passLimit !== null && passEndTurn === Infinity) {
    gameIssues.push({
      code: 'PASSES_NOT_SHOWN',
      severity: 'warning',
      message: `End of game: the sheet says the game ended on passes, but it never has ${passLimit} in a row`,
    });
  }
  if (pool && end.racks) {
    endRacks.forEach((rack, p) => {
      const held = pool.racks[p];
      if (rack.length !== held) {
        gameIssues.push({
          code: 'RACK_MISMATCH',
          severity: 'warning',
          player: p,
          message: `End of game: ${names[p]}'s final rack is written with ${rack.length} tile${rack.length === 1 ? '' : 's'}, but the turns leave ${held} (${pool.size} in the pool)`,
          written: rack.length,
          computed: held,
        });
      }
    });
  }
  if (end.reason === 'time' && expiries.every((e) => e === null)) {
    gameIssues.push({
      code: 'TIME_NOT_SHOWN',
      severity: 'warning',
      message:
        'End of game: the sheet says time ran out, but no clock reading reaches zero and end.timeExpired is not set',
    });
  }

  const tieBreakValues: Partial<Record<TieBreakRule, number[]>> = {};
  if (reached !== null) {
    const first = reached.player;
    tieBreakValues['target-first'] = players.map((_, p) => (p === first ? 1 : 0));
  }
  if (stealing) {
    tieBreakValues['safe-points'] = players.map((pl) => pl.safePoints ?? 0);
    tieBreakValues['tiles-played'] = players.map((pl) => pl.tilesPlayed ?? 0);
    tieBreakValues['biggest-steal'] = players.map((pl) => pl.biggestSteal ?? 0);
  }
  const result = decide(players, expiries, ruleSet.tieBreaks ?? TIME_TIE_BREAK, tieBreakValues);
  if (result.reason === 'draw' && ruleSet.tieBreaks && ruleSet.stealing) {
    gameIssues.push({
      code: 'TIE_BY_LOT',
      severity: 'info',
      message:
        'End of game: the scores and every tie-break are equal; the rule book has the winner drawn at random, which the judge does and records as the result',
    });
  }
  if (
    reached !== null &&
    result.reason === 'score' &&
    result.winner !== null &&
    result.winner !== reached.player
  ) {
    const first = reached.player;
    gameIssues.push({
      code: 'TARGET_REACHED',
      severity: 'info',
      message: `End of game: ${names[first]} reached the target first (turn ${reached.turn + 1}), but ${names[result.winner]} ends the round with more points (${players[result.winner].final} to ${players[first].final}); the higher score wins`,
    });
  }
  if (result.reason === 'time-expired') {
    for (let p = 0; p < playerCount; p++)
      players[p].timeExpired = p !== result.winner && expiries[p] !== null;
  }
  carriedTotals.finish();
  const ok =
    turns.every(
      (t) =>
        t.status !== 'illegal' &&
        (t.total.claimed === null || t.total.claimed === t.total.computed) &&
        t.issues.every((i) => i.severity !== 'error'),
    ) && gameIssues.every((i) => i.severity !== 'error');
  const verification: VerificationReport = {
    ok,
    rules: ruleSet.id,
    turns,
    players,
    result,
    issues: gameIssues,
    board: drawBoard(rules, board),
  };
  if (stealing) verification.ownership = stealing.draw(size);
  return verification;
}

/** A new array of `length` copies of `value`; a loop costs less than `Array.prototype.fill` on a few items. */
function filled<T>(length: number, value: T): T[] {
  const array: T[] = [];
  for (let i = 0; i < length; i++) array.push(value);
  return array;
}

function findRules(sheet: Scoresheet) {
  const ruleSet = findRuleSet(sheet.rules);
  if (!ruleSet)
    throw new Error(`unknown rule set "${sheet.rules}": read the sheet with readScoresheet first`);
  return ruleSet;
}

/**
 * What the sheet scores a turn's play: its written score, or else what its written total adds
 * to the player's last one; null when the sheet does not say.
 */
function writtenScore(turns: SheetTurn[], index: number): number | null {
  const turn = turns[index];
  if (turn.score !== undefined) return turn.score;
  const previous = previousClaimedTotal(turns, index, turn.player);
  return turn.total !== undefined && previous !== null ? turn.total - previous : null;
}

function previousClaimedTotal(turns: SheetTurn[], index: number, player: number): number | null {
  for (let i = index - 1; i >= 0; i--) {
    if (turns[i].player === player) return turns[i].total ?? null;
  }
  return 0;
}

/**
 * How many tiles an exchange gives back, and what is wrong with it: a number out of the rack's
 * range, or tiles that cannot be read.
 */
function exchangeSize(
  rules: CompiledRules,
  exchange: number | string,
): { size: number | null; problem?: IssueNote & { code: 'EXCHANGE_SIZE' | 'BAD_NOTATION' } } {
  const { rackSize } = rules.ruleSet;
  let size: number;
  if (typeof exchange === 'number') {
    size = exchange;
  } else {
    const parsed = rules.alphabet.parseRack(exchange);
    if (!parsed.ok) {
      return {
        size: null,
        problem: {
          code: 'BAD_NOTATION',
          severity: 'error',
          message: `the exchanged tiles cannot be read: ${parsed.message}`,
          word: exchange,
        },
      };
    }
    size = parsed.tiles.length;
  }
  if (size >= 1 && size <= rackSize) return { size };
  return {
    size,
    problem: {
      code: 'EXCHANGE_SIZE',
      severity: 'error',
      message: `an exchange gives back 1 to ${rackSize} tiles, and this one ${size}`,
      written: size,
    },
  };
}

/** `1 penalty minute`, `3 penalty minutes`. */
function penaltyMinutes(seconds: number): string {
  const minutes = seconds / 60;
  return `${minutes} penalty minute${minutes === 1 ? '' : 's'}`;
}

function scoreBreakdown(report: TurnReport): string {
  if (report.words.length === 0) return '';
  const parts = report.words.map((w) => `${w.word} ${w.score}`);
  for (const b of report.bonuses)
    parts.push(`${b.kind === 'all-tiles' ? 'all tiles' : `long word ${b.word}`} +${b.points}`);
  return ` (${parts.join(', ')})`;
}

interface PlayOutcome {
  /** The evaluated play, or undefined when the notation could not be read. */
  play?: LegalPlay | IllegalPlay;
  /** Canonical notation of the reading the engine used. */
  reading?: string;
  notes: IssueNote[];
  /** Where the play was written and the tiles of the reading evaluated, with a play. */
  position?: Position;
  tiles?: WrittenTile[];
}

/**
 * Reads a written play and evaluates it. A Latin `LJ`/`NJ`/`DŽ` may be read
 * as two tiles only as the rulings allow: when the default reading does not
 * fit the board and exactly one other does, or when exactly one reading
 * forms only known words. Every such choice is reported.
 */
function replayPlay(
  rules: CompiledRules,
  board: Board,
  text: string,
  words: WordList | null,
): PlayOutcome {
  const parsed = parsePlay(text, rules.alphabet, rules.size);
  if (!parsed.ok) {
    return {
      notes: [
        {
          code: parsed.code,
          severity: 'error',
          message: `${parsed.message}; the play is left off the board`,
        },
      ],
    };
  }
  const { position, readings } = parsed;
  const canonical = (tiles: WrittenTile[]) =>
    `${positionName(position)} ${rules.alphabet.formatWord(tiles)}`;
  const first = evaluatePlay(rules, board, position, readings[0].tiles);
  const asWritten: PlayOutcome = { play: first, notes: [], position, tiles: readings[0].tiles };
  if (readings.length === 1) return asWritten;

  const allKnown = (play: LegalPlay | IllegalPlay) =>
    play.ok && words !== null && play.words.every((w) => isKnown(rules, words, w));
  if (first.ok && (words === null || allKnown(first))) return asWritten;

  const evaluated = readings.map((r, i) => ({
    reading: r,
    play: i === 0 ? first : evaluatePlay(rules, board, position, r.tiles),
  }));
  const chosen = (i: number, why: string): PlayOutcome => {
    const { reading, play } = evaluated[i];
    const written = canonical(reading.tiles);
    return {
      play,
      reading: written,
      notes: [
        {
          code: 'DIGRAPH_READING',
          severity: 'info',
          message: `'${text}' is read as ${written}: ${why}`,
          word: rules.alphabet.formatWord(reading.tiles),
        },
      ],
      position,
      tiles: reading.tiles,
    };
  };
  if (words !== null) {
    const known = evaluated.map((e, i) => (allKnown(e.play) ? i : -1)).filter((i) => i >= 0);
    if (known.length === 1 && known[0] !== 0) {
      return chosen(known[0], 'it is the only reading whose words are all in the dictionary');
    }
  }
  if (first.ok || first.fits) return asWritten;
  const fitting = evaluated
    .map((e, i) => (i > 0 && (e.play.ok || e.play.fits) ? i : -1))
    .filter((i) => i >= 0);
  if (fitting.length === 1) {
    return chosen(fitting[0], `the reading ${canonical(readings[0].tiles)} does not fit the board`);
  }
  const legal = fitting.filter((i) => evaluated[i].play.ok);
  if (legal.length === 1) {
    return chosen(
      legal[0],
      `the reading ${canonical(readings[0].tiles)} does not fit the board and this is the only legal one`,
    );
  }
  if (fitting.length > 1) {
    return {
      notes: [
        {
          code: 'AMBIGUOUS_READING',
          severity: 'error',
          message: `'${text}' can be read as ${fitting.map((i) => canonical(evaluated[i].reading.tiles)).join(' or ')}; write | between two tiles that are meant apart (IN|JEKCIJA); the play is left off the board`,
        },
      ],
    };
  }
  return asWritten;
}

/**
 * Settles the racks at the end. When exactly one player emptied their rack
 * (and the game did not end on scoreless turns or passes), the going-out rule
 * applies: `none`, every player loses their own rack; `transfer`, the others
 * lose theirs and the player who went out gains them; `double`, that player
 * gains twice the others' racks and they lose nothing; `gain`, that player
 * gains them once and they lose nothing; `keep`, racks count nothing.
 * Otherwise the rule set's `stalled` rule: `lose` (default), every player
 * loses their own rack; `gain`, every player gains the others'; `keep`, nothing.
 */
function settleRacks(
  rules: CompiledRules,
  end: NonNullable<Scoresheet['end']>,
  racks: WrittenTile[][],
  playerCount: number,
  stalledEnd: boolean,
): { rackPenalty: number; rackBonus: number; wentOut: boolean }[] {
  const { alphabet, ruleSet } = rules;
  // Plain loops: this runs once a game, and array callbacks cost more than the arithmetic here.
  /** Points of each player's final rack; null where the sheet has no rack for them. */
  const values: (number | null)[] = [];
  let missing = false;
  let emptied = 0;
  let outPlayer = -1;
  for (let p = 0; p < playerCount; p++) {
    if (end.racks?.[p] === undefined) {
      values.push(null);
      missing = true;
      continue;
    }
    let value = 0;
    for (const tile of racks[p])
      value += tile === JOKER ? ruleSet.endOfGame.jokerOnRack : alphabet.values[tile & LETTER_MASK];
    values.push(value);
    if (racks[p].length === 0) {
      emptied++;
      outPlayer = p;
    }
  }
  if (end.reason === 'scoreless' || stalledEnd || missing || emptied !== 1) outPlayer = -1;
  const settlement = (rackPenalty: number, rackBonus: number, wentOut: boolean) => ({
    rackPenalty,
    rackBonus,
    wentOut,
  });
  const own = () => values.map((v) => settlement(v ?? 0, 0, false));
  const rule = ruleSet.endOfGame.goingOut;
  if (outPlayer >= 0) {
    if (rule === 'none') return own();
    let others = 0;
    for (let p = 0; p < playerCount; p++) if (p !== outPlayer) others += values[p]!;
    return values.map((v, p) => {
      if (rule === 'keep') return settlement(0, 0, p === outPlayer);
      if (p === outPlayer) return settlement(0, rule === 'double' ? 2 * others : others, true);
      return settlement(rule === 'transfer' ? v! : 0, 0, false);
    });
  }
  const stalled = ruleSet.endOfGame.stalled ?? 'lose';
  if (stalled === 'lose') return own();
  if (stalled === 'keep') return values.map(() => settlement(0, 0, false));
  let all = 0;
  for (const v of values) all += v ?? 0;
  return values.map((v) => settlement(0, all - (v ?? 0), false));
}

/** Whether every word a play forms is in the list (each answer kept on its word). */
function everyWordKnown(rules: CompiledRules, words: WordList, play: LegalPlay): boolean {
  for (const word of play.words) if (!isKnown(rules, words, word)) return false;
  return true;
}

/** Whether a formed word is in the list; kept on the word, since digraph readings ask twice. */
function isKnown(rules: CompiledRules, words: WordList, word: FormedWord): boolean {
  if (word.known === undefined) {
    word.known = words.hasTiles
      ? words.hasTiles(word.tiles, rules.alphabet.keys)
      : words.has(rules.alphabet.keyOf(word.tiles));
  }
  return word.known;
}

/**
 * The tiles of a play the recorded rack does not hold, as text, and every tile the play takes
 * from the rack as a rack is written (`?` a joker); null when the rack holds them all.
 */
function missingFromRack(
  rules: CompiledRules,
  rack: string,
  placed: WrittenTile[],
  swapped: readonly WrittenTile[] = [],
): { tiles: string; needed: string } | null {
  const parsed = rules.alphabet.parseRack(rack);
  if (!parsed.ok) return null;
  const pool = new Map<number, number>();
  for (const tile of parsed.tiles) pool.set(tile, (pool.get(tile) ?? 0) + 1);
  // A blank taken from the board is paid for with the real letter from the rack.
  if (swapped.length > 0) pool.set(JOKER, (pool.get(JOKER) ?? 0) + swapped.length);
  const missing: string[] = [];
  for (const tile of [...swapped, ...placed]) {
    const key = tile & JOKER ? JOKER : tile;
    const left = pool.get(key) ?? 0;
    if (left > 0) pool.set(key, left - 1);
    else missing.push(tile & JOKER ? '?' : rules.alphabet.display(tile));
  }
  if (missing.length === 0) return null;
  const taken = [...swapped, ...placed];
  const letters = taken.filter((tile) => !(tile & JOKER));
  return {
    tiles: missing.join(' '),
    needed: '?'.repeat(taken.length - letters.length) + rules.alphabet.formatWord(letters),
  };
}

/** The board as rows of squares: `.` empty, `#` blocker, letters, lower case jokers. */
export function drawBoard(rules: CompiledRules, board: Board): string[] {
  const { size } = rules;
  const { cells } = board;
  const { text, spaced, emptyRun, emptyLead, emptyRow } = cellTexts(rules);
  // Runs of empty squares come from tables, so that a row costs one join per tile rather than
  // one per square: string joins are most of the cost of drawing.
  const rows: string[] = [];
  for (let square = 0; square < size * size; square += size) {
    const end = square + size;
    let c = square;
    while (c < end && cells[c] === EMPTY) c++;
    if (c === end) {
      rows.push(emptyRow);
      continue;
    }
    let row = emptyLead[c - square] + text[cells[c]];
    for (c++; c < end;) {
      if (cells[c] === EMPTY) {
        const from = c;
        while (c < end && cells[c] === EMPTY) c++;
        row += emptyRun[c - from];
      } else {
        row += spaced[cells[c++]];
      }
    }
    rows.push(row);
  }
  return rows;
}

interface CellTexts {
  /** What each cell value is drawn as. */
  text: string[];
  /** The same after a space. */
  spaced: string[];
  /** `emptyRun[k]`: k empty squares after a square (` . .`). */
  emptyRun: string[];
  /** `emptyLead[k]`: k empty squares starting a row (`. . `). */
  emptyLead: string[];
  emptyRow: string;
}

const cellTextCache = new WeakMap<object, CellTexts>();

function cellTexts(rules: CompiledRules): CellTexts {
  let texts = cellTextCache.get(rules);
  if (!texts) {
    const { alphabet, size } = rules;
    const text = Array.from({ length: 256 }, (_, v) =>
      v === EMPTY ? '.' : v === BLOCKER ? '#' : v < 128 ? alphabet.display(v) : '?',
    );
    texts = {
      text,
      spaced: text.map((t) => ' ' + t),
      emptyRun: Array.from({ length: size + 1 }, (_, k) => ' .'.repeat(k)),
      emptyLead: Array.from({ length: size + 1 }, (_, k) => '. '.repeat(k)),
      emptyRow: new Array<string>(size).fill('.').join(' '),
    };
    cellTextCache.set(rules, texts);
  }
  return texts;
}

/** A one-letter slip between two lines of a sheet, found by {@link LetterSlips}. */
interface LetterSlip {
  /** This turn's play as the engine takes it (through the tile). */
  play: LegalPlay;
  square: number;
  /** The tile the earlier line put on the square, and the one this line reads there. */
  earlier: WrittenTile;
  later: WrittenTile;
  /** The turn of the earlier line. */
  placedAt: number;
  /** Which line has the slip: the earlier one (the square reads `later` from now on) or this one. */
  slipAt: 'earlier' | 'this';
  /** This line writes the other letter over the tile (rather than showing it by `.` or a cross-word). */
  explicit: boolean;
  /** What tells which line is wrong: the word list, the sheet's scores, or nothing (an explicit letter). */
  evidence: 'words' | 'scores' | null;
}

/** Letters a copying slip confuses (diacritics), tried where only `.` and cross-words show a slip. */
const LETTER_FAMILIES = [
  ['C', 'Č', 'Ć'],
  ['S', 'Š'],
  ['Z', 'Ž'],
  ['D', 'Đ', 'DŽ'],
];
const familyCache = new WeakMap<object, number[][]>();

/** `families[code]`: the other letters of the code's family in the rule set's alphabet. */
function letterFamilies(rules: CompiledRules): number[][] {
  let families = familyCache.get(rules);
  if (!families) {
    const { letters } = rules.alphabet;
    const built = letters.map((): number[] => []);
    for (const names of LETTER_FAMILIES) {
      const codes = names.map((n) => letters.indexOf(n)).filter((c) => c > 0);
      for (const c of codes) built[c] = codes.filter((o) => o !== c);
    }
    families = built;
    familyCache.set(rules, families);
  }
  return families;
}

/**
 * One slip, one finding, for letters (rulings: "A one-letter slip"): two lines of the sheet
 * that read one square differently. Knows which turn put each tile down and in which play; the
 * replay asks it about a play refused only for writing another letter over a tile, and about a
 * legal play through a tile of a doubtful earlier line.
 */
class LetterSlips {
  /** `plays[turn]`: the play applied on that turn (sized once: growing it cost every replay). */
  private readonly plays: (LegalPlay | undefined)[];
  private families: number[][] | null = null;

  constructor(
    private readonly rules: CompiledRules,
    private readonly board: Board,
    private readonly words: WordList | null,
    private readonly sheet: Scoresheet,
    private readonly turns: TurnReport[],
    private readonly replay: {
      label: (turn: number) => string;
      carriedTotals: CarriedTotals;
      /** Tiles of each letter on the board (slot 0 jokers), kept by the replay. */
      onBoard: number[];
      /** A stealing game: its written scores count what a play steals, so they show no slip. */
      stealing: boolean;
    },
  ) {
    this.plays = new Array<LegalPlay | undefined>(sheet.turns.length);
  }

  /**
   * Looks at a turn's play for a slip between its line and an earlier one: a play refused
   * only for another letter over a tile ({@link conflict}), or a legal play through a tile of
   * a doubtful line ({@link through}). When the earlier line has it, the square takes this
   * line's letter.
   */
  examine(
    play: LegalPlay | IllegalPlay,
    position: Position,
    tiles: WrittenTile[],
    turn: number,
  ): LetterSlip | null {
    const { stealing, onBoard } = this.replay;
    const slip = play.ok
      ? this.through(
          play,
          position,
          tiles,
          stealing ? null : (this.sheet.turns[turn].score ?? null),
        )
      : this.conflict(
          play,
          position,
          tiles,
          stealing ? null : writtenScore(this.sheet.turns, turn),
        );
    if (slip && slip.slipAt === 'earlier') {
      const { square, earlier, later } = slip;
      this.board.cells[square] = later;
      if (!(earlier & JOKER)) {
        onBoard[earlier & LETTER_MASK]--;
        onBoard[later & LETTER_MASK]++;
      }
    }
    return slip;
  }

  /**
   * The one finding of a letter slip, on the turn of the line that has it. A slip in an
   * earlier line takes the place of that line's findings it explains: its words missing from
   * the list, and a written score the other letter gives.
   */
  report(slip: LetterSlip, current: TurnReport, written: string): void {
    const { rules, words, turns } = this;
    const { alphabet } = rules;
    const { label, carriedTotals } = this.replay;
    const index = current.index;
    const { square, earlier, later, placedAt: j } = slip;
    const where = rules.squareNames[square];
    const was = alphabet.display(earlier);
    const reads = alphabet.display(later);
    const text = (tiles: WrittenTile[]) => alphabet.formatWord(tiles);
    const before = this.wordsThrough(this.playOf(j), square);
    const now = this.wordsThrough(slip.play, square);
    const beforeWord = before.find((w) => w.main) ?? before[0];
    const nowWord = now.find((w) => w.main) ?? now[0];
    const asWritten = text(beforeWord.tiles);
    const nowText = text(nowWord.tiles);
    if (slip.slipAt === 'this') {
      const writtenWord = text(this.withTile(nowWord, square, later));
      const why =
        slip.evidence === 'scores'
          ? `; the sheet's ${current.score.claimed} is its score with ${was}`
          : this.knownWith(nowWord, square, later)
            ? `; ${text(this.withTile(beforeWord, square, later))} is not in the dictionary`
            : `; ${asWritten} and ${nowText} are in the dictionary, ${writtenWord} is not`;
      const note: IssueNote = {
        code: 'LETTER_MISMATCH',
        severity: 'error',
        message: `${label(index)}: ${written} writes ${reads} on ${where}, which holds ${was} from turn ${j + 1} (${asWritten}): a slip in one letter, read through the tile as ${nowText}${why}`,
        squares: [where],
        word: writtenWord,
        written: writtenWord,
        computed: nowText,
      };
      current.issues.push(turnIssue(note, note.message, index, current.player));
      return;
    }
    const slipped = turns[j];
    const corrected = text(this.withTile(beforeWord, square, later));
    const seen = slip.explicit
      ? `turn ${index + 1} writes ${reads} there (${written})`
      : `turn ${index + 1} reads it as ${reads} (${nowText})`;
    let why =
      slip.evidence === 'words'
        ? slip.explicit
          ? `; ${corrected} is in the dictionary, ${asWritten} is not`
          : `; ${corrected} and ${nowText} are in the dictionary, ${asWritten} and ${text(this.withTile(nowWord, square, earlier))} are not`
        : slip.evidence === null
          ? "; nothing on the sheet says which line is wrong: the later line's letter is taken"
          : '';
    // The findings of the earlier line that this slip explains give way to it.
    if (words !== null && before.every((w) => this.knownWith(w, square, later))) {
      const explained = new Set(before.map((w) => text(w.tiles)));
      slipped.issues = slipped.issues.filter(
        (i) => !(i.code === 'UNKNOWN_WORD' && explained.has(i.word!)),
      );
    }
    const delta = this.scoreDelta(j, square, earlier, later);
    const scoreAt = slipped.issues.findIndex((i) => i.code === 'SCORE_MISMATCH');
    const scoreExplained =
      scoreAt >= 0 && delta !== 0 && slipped.score.claimed === slipped.score.computed + delta;
    if (scoreExplained) {
      why += `; with ${reads} it scores ${slipped.score.claimed}, as the sheet says (the rules give ${slipped.score.computed} for ${asWritten} as written)`;
    }
    const note: IssueNote = {
      code: 'LETTER_MISMATCH',
      severity: slip.explicit || scoreExplained ? 'error' : 'warning',
      message: `${label(j)}: ${asWritten} puts ${was} on ${where}, but ${seen}: a slip in one letter for ${corrected}${why}; ${where} reads ${reads} from turn ${index + 1} on`,
      squares: [where],
      word: asWritten,
      written: asWritten,
      computed: corrected,
    };
    const finding = turnIssue(note, note.message, j, slipped.player);
    if (scoreExplained) {
      // The score slip was this one: its finding, and the totals it carries, become this.
      carriedTotals.replace(slipped.issues[scoreAt], finding);
      slipped.issues[scoreAt] = finding;
    } else {
      slipped.issues.push(finding);
    }
  }

  /**
   * The turn whose play put a square's tile down, or -1. Looked up in the plays (rarely asked:
   * keeping a table on every play cost every replay more than the lookups do).
   */
  private placedBy(square: number): number {
    const { plays } = this;
    for (let turn = plays.length - 1; turn >= 0; turn--) {
      const play = plays[turn];
      if (play === undefined) continue;
      for (const placement of play.placements) if (placement.square === square) return turn;
    }
    return -1;
  }

  /** The play applied on a turn (one that put the tile of a slip down). */
  playOf(turn: number): LegalPlay {
    return this.plays[turn]!;
  }

  /** A play applied to the board on a turn. */
  record(turn: number, play: LegalPlay): void {
    this.plays[turn] = play;
  }

  /**
   * A play refused only because it writes another letter over one tile. Read through that
   * tile it is legal: one of the two lines has a slip. The earlier one, unless the word list
   * or the scores say this one (its words known only with the earlier letter, or its score
   * right only with it). Not when the sheet scores the play as refused (its written score, or
   * the difference its total adds, is neither reading's), nor when the word list knows neither.
   */
  conflict(
    play: IllegalPlay,
    position: Position,
    tiles: WrittenTile[],
    claimed: number | null,
  ): LetterSlip | null {
    if (play.problems.length !== 1 || play.problems[0].code !== 'SQUARE_OCCUPIED') return null;
    const { cells } = this.board;
    const step = position.direction === 'across' ? 1 : this.rules.size;
    const origin = position.row * this.rules.size + position.column;
    let k = -1;
    for (let i = 0; i < tiles.length; i++) {
      const cell = cells[origin + i * step];
      if (tiles[i] === THROUGH || cell === EMPTY) continue;
      if ((cell & LETTER_MASK) !== (tiles[i] & LETTER_MASK)) k = i;
    }
    const square = origin + k * step;
    const turn = k < 0 ? -1 : this.placedBy(square);
    if (turn < 0) return null;
    const earlier = cells[square];
    const later = (earlier & JOKER) | (tiles[k] & LETTER_MASK);
    const read = this.evaluateWith(square, later, position, tiles);
    if (!read) return null;
    const through = tiles.slice();
    through[k] = THROUGH;
    const kept = evaluatePlay(this.rules, this.board, position, through);
    if (claimed !== null && claimed !== read.score && !(kept.ok && claimed === kept.score)) {
      return null;
    }
    const slip = (slipAt: 'earlier' | 'this', evidence: LetterSlip['evidence']): LetterSlip => ({
      play: slipAt === 'earlier' || !kept.ok ? read : kept,
      square,
      earlier,
      later,
      placedAt: turn,
      slipAt,
      explicit: true,
      evidence,
    });
    const before = this.wordsThrough(this.plays[turn]!, square);
    if (this.words !== null) {
      // Each line's words as written, and with the other line's letter.
      const after = this.wordsThrough(read, square);
      const earlierWrong = !before.every((w) => this.known(w));
      const earlierFixed = before.every((w) => this.knownWith(w, square, later));
      const thisWrong = !after.every((w) => this.known(w));
      const thisFixed = kept.ok && after.every((w) => this.knownWith(w, square, earlier));
      if (earlierWrong && earlierFixed) return slip('earlier', 'words');
      if (thisWrong && thisFixed) return slip('this', 'words');
      // A letter that leaves a word unknown either way is not the whole story: the play stays refused.
      if (!earlierFixed && !thisFixed) return null;
      if (!earlierFixed) return slip('this', 'words');
    }
    if (this.scoreExplained(turn, square, later)) return slip('earlier', 'scores');
    if (kept.ok && claimed !== null && claimed === kept.score && claimed !== read.score) {
      return slip('this', 'scores');
    }
    return slip('earlier', null);
  }

  /**
   * A legal play through a tile of an earlier line when both lines are doubtful as written (a
   * word the list lacks, a score the rules do not give) and another letter of the tile's
   * family makes both right, with every word through the square in the list: the earlier
   * line has the slip, and the square reads that letter from now on.
   */
  through(
    play: LegalPlay,
    position: Position,
    tiles: WrittenTile[],
    claimed: number | null,
  ): LetterSlip | null {
    const { words } = this;
    const scoreOff = claimed !== null && claimed !== play.score;
    if (!scoreOff && words === null) return null;
    const { cells, size } = this.board;
    const families = (this.families ??= letterFamilies(this.rules));
    for (const word of play.words) {
      // Only a word the list lacks, or any word when the score is off, can show a slip.
      if (!scoreOff && this.known(word)) continue;
      const step = word.direction === 'across' ? 1 : size;
      for (let i = 0, square = word.start; i < word.tiles.length; i++, square += step) {
        const earlier = cells[square];
        if (earlier === EMPTY) continue; // a tile of this play
        const others = families[earlier & LETTER_MASK];
        if (others === undefined || others.length === 0) continue;
        let turn = -2;
        let earlierUnknown = false;
        for (const letter of others) {
          const later = (earlier & JOKER) | letter;
          // This line first, the cheapest question: its word known with the other letter.
          if (!scoreOff && !this.knownWith(word, square, later)) continue;
          if (turn === -2) {
            turn = this.placedBy(square);
            if (turn >= 0) {
              earlierUnknown =
                words !== null &&
                !this.everyThrough(this.plays[turn]!, square, (w) => this.known(w));
            }
          }
          if (turn < 0 || (!earlierUnknown && !this.scoreSlip(turn))) break;
          const before = this.plays[turn]!;
          if (!this.everyThrough(before, square, (w) => this.knownWith(w, square, later))) continue;
          if (!earlierUnknown && !this.scoreExplained(turn, square, later)) continue;
          const read = this.evaluateWith(square, later, position, tiles);
          if (!read) continue;
          if (!this.everyThrough(read, square, (w) => this.knownWith(w, square, later))) continue;
          const unknownNow =
            words !== null && !this.everyThrough(play, square, (w) => this.known(w));
          const scoreRight = scoreOff && claimed === read.score;
          if (!unknownNow && !scoreRight) continue;
          return {
            play: read,
            square,
            earlier,
            later,
            placedAt: turn,
            slipAt: 'earlier',
            explicit: false,
            evidence: unknownNow && earlierUnknown ? 'words' : 'scores',
          };
        }
      }
    }
    return null;
  }

  /** Whether every word of a play through a square passes a test (no list is built). */
  private everyThrough(play: LegalPlay, square: number, test: (w: FormedWord) => boolean): boolean {
    const { size } = this.rules;
    for (const w of play.words) if (covers(w, square, size) && !test(w)) return false;
    return true;
  }

  /** The words of a play that pass through a square. */
  wordsThrough(play: LegalPlay, square: number): FormedWord[] {
    const { size } = this.rules;
    return play.words.filter((w) => covers(w, square, size));
  }

  /** A word's tiles with the tile on `square` changed. */
  withTile(word: FormedWord, square: number, tile: WrittenTile): WrittenTile[] {
    const tiles = word.tiles.slice();
    tiles[(square - word.start) / (word.direction === 'across' ? 1 : this.rules.size)] = tile;
    return tiles;
  }

  /** How much more a turn's play scores with `to` for `from` on `square` (a tile it put down). */
  scoreDelta(turn: number, square: number, from: WrittenTile, to: WrittenTile): number {
    const play = this.plays[turn]!;
    const { rules } = this;
    const value = (t: WrittenTile) =>
      t & JOKER ? rules.alphabet.jokerValue : rules.alphabet.values[t & LETTER_MASK];
    const difference = (value(to) - value(from)) * rules.letterMultiplier[square];
    let delta = 0;
    for (const w of this.wordsThrough(play, square)) {
      let multiplier = 1;
      const step = w.direction === 'across' ? 1 : rules.size;
      for (let i = 0, s = w.start; i < w.tiles.length; i++, s += step) {
        if (play.placements.some((pl) => pl.square === s)) multiplier *= rules.wordMultiplier[s];
      }
      delta += difference * multiplier;
    }
    return delta;
  }

  /** The play evaluated with `tile` on `square` instead of the tile there; null if illegal. */
  private evaluateWith(
    square: number,
    tile: WrittenTile,
    position: Position,
    tiles: WrittenTile[],
  ): LegalPlay | null {
    const { cells } = this.board;
    const was = cells[square];
    cells[square] = tile;
    const read = evaluatePlay(this.rules, this.board, position, tiles);
    cells[square] = was;
    return read.ok ? read : null;
  }

  private scoreSlip(turn: number): boolean {
    const { score, status } = this.turns[turn];
    return score.claimed !== null && score.claimed !== score.computed && status !== 'withdrawn';
  }

  /** The turn's written score is off from the rules' by what the other letter would add. */
  private scoreExplained(turn: number, square: number, tile: WrittenTile): boolean {
    if (!this.scoreSlip(turn)) return false;
    const { claimed, computed } = this.turns[turn].score;
    const delta = this.scoreDelta(turn, square, this.board.cells[square], tile);
    return delta !== 0 && claimed === computed + delta;
  }

  private known(word: FormedWord): boolean {
    return this.words === null || isKnown(this.rules, this.words, word);
  }

  knownWith(word: FormedWord, square: number, tile: WrittenTile): boolean {
    const { words } = this;
    if (words === null) return true;
    // The word's own tiles, changed for the question and back (no copy on the replay's path).
    const { tiles } = word;
    const k = (square - word.start) / (word.direction === 'across' ? 1 : this.rules.size);
    const was = tiles[k];
    tiles[k] = tile;
    const known = words.hasTiles
      ? words.hasTiles(tiles, this.rules.alphabet.keys)
      : words.has(this.rules.alphabet.keyOf(tiles));
    tiles[k] = was;
    return known;
  }
}

/** Whether a formed word lies over a square of a size x size board. */
function covers(w: FormedWord, square: number, size: number): boolean {
  const offset = square - w.start;
  return w.direction === 'across'
    ? offset >= 0 &&
        offset < w.tiles.length &&
        square - (square % size) === w.start - (w.start % size)
    : offset >= 0 && offset % size === 0 && offset / size < w.tiles.length;
}
