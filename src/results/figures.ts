import { ErrorDetails, Unprocessable } from '../common/errors';
import {
  decideTypedResult,
  formatClock,
  RuleSet,
  TypedResultProblem,
  TypedTieBreak,
  VerificationReport,
} from '../engine';
import type { Winner } from '../rounds/game-kinds';

/** A finished game's result, first player (who started) first. */
export interface ResultFigures {
  scores: [number, number];
  /** Seconds left after penalties. */
  remaining: [number, number];
  /** Who lost on time: 0 = first, 1 = second. */
  timeLoss: 0 | 1 | null;
  winner: Winner;
  /** Cards each player took, when the game is a card game. */
  cards: [number, number] | null;
}

const WINNER: Winner[] = ['first', 'second'];

/**
 * The figures a typed result may carry beside scores and clocks, for the rule
 * sets whose equal scores are decided by them: the API's field, the engine's
 * tie-break, and what it is in words.
 */
export const TYPED_FIGURES = [
  { field: 'cards', tieBreak: 'cards', what: 'the cards each player took' },
  { field: 'safePoints', tieBreak: 'safe-points', what: "each player's safe points" },
  { field: 'tilesPlayed', tieBreak: 'tiles-played', what: 'the tiles each player played' },
  { field: 'biggestSteal', tieBreak: 'biggest-steal', what: "each player's biggest steal" },
  { field: 'targetFirst', tieBreak: 'target-first', what: 'who reached the target first' },
] as const satisfies readonly { field: string; tieBreak: TypedTieBreak; what: string }[];

/** The API's field of a typed tie-break figure (`safePoints` for `safe-points`). */
export type TypedFigureField = (typeof TYPED_FIGURES)[number]['field'];

declare module '../common/errors' {
  interface ErrorDetails {
    /** A remaining time above the clock's start: whose (0 = first player or seat 1), as typed. */
    CLOCK_ABOVE_START: { player: number; clock: string; start: string };
    /**
     * Equal scores, and the figure that decides them not typed: of two players' game (the
     * tie-break and its field), or of a table's (the seats, 0 = seat 1, that are equal).
     */
    TIE_BREAK_FIGURE_NEEDED:
      | { rules: string; tieBreak: TypedTieBreak; field: TypedFigureField; scores: number[] }
      | { field: 'cards' | 'targetFirst'; rules: string; seats: number[] };
    /** A figure typed that the rule set decides no tie by. */
    TIE_BREAK_FIGURE_UNUSED: { rules: string; tieBreak: TypedTieBreak; field: TypedFigureField };
  }
}

const figureOf = (tieBreak: TypedTieBreak) => TYPED_FIGURES.find((f) => f.tieBreak === tieBreak)!;

/** A result typed in: scores and clocks, and the tie-break figures the paper gives. */
export interface TypedFigures {
  scores: [number, number];
  /** Seconds left after penalties. */
  remaining: [number, number];
  /** Who lost on time, when the judge says. */
  timeLoss?: 0 | 1;
  cards?: [number, number];
  safePoints?: [number, number];
  tilesPlayed?: [number, number];
  biggestSteal?: [number, number];
  /** Who reached the target first: 0 = the player who moved first. */
  targetFirst?: 0 | 1;
}

/**
 * The result of typed figures by the engine's own decision for the game's
 * rule set (options applied): a time loss, the score, then the rule set's
 * tie-breaks. Refused (422, the reason as data in `details`) when the time
 * loss is unclear, when a card game is said to be lost on time, when a figure
 * belongs to no tie-break of the rule set, and when the scores are equal and
 * the tie-break reached needs a figure that was not typed.
 */
export function decideTyped(ruleSet: RuleSet, typed: TypedFigures): ResultFigures {
  const tieBreaks: Partial<Record<TypedTieBreak, number[]>> = {};
  for (const { field, tieBreak } of TYPED_FIGURES) {
    const value = typed[field];
    if (value === undefined) continue;
    tieBreaks[tieBreak] =
      typeof value === 'number' ? [value === 0 ? 1 : 0, value === 1 ? 1 : 0] : value;
  }
  const decision = decideTypedResult(ruleSet, {
    scores: typed.scores,
    remaining: typed.remaining,
    timeLoss: typed.timeLoss ?? null,
    tieBreaks,
  });
  if (!decision.ok) throw typedRefusal(ruleSet, decision.problem);
  const { winner } = decision.result;
  return {
    scores: typed.scores,
    remaining: typed.remaining,
    timeLoss: decision.timeLoss as 0 | 1 | null,
    winner: winner === null ? 'draw' : WINNER[winner],
    cards: typed.cards ?? null,
  };
}

/** A typed result the rules cannot decide, in English with its reason as data. */
function typedRefusal(ruleSet: RuleSet, problem: TypedResultProblem): Unprocessable {
  switch (problem.code) {
    case 'TIME_LOSS_UNCLEAR': {
      const { expired, timeLoss } = problem;
      return new Unprocessable(
        'TIME_LOSS_UNCLEAR',
        timeLoss === null
          ? 'both clocks are at or below 00:00: say who ran out first with "timeLoss" (0 = first player, 1 = second)'
          : `timeLoss names the ${WINNER[timeLoss]} player, but only the ${WINNER[expired[0]]} player's clock is at or below 00:00`,
        { expired, timeLoss },
      );
    }
    case 'NO_GAME_CLOCK':
      return new Unprocessable(
        'NO_GAME_CLOCK',
        `${ruleSet.name} has no game clock, so nobody loses it on time: leave out "timeLoss"`,
        { rules: problem.rules },
      );
    case 'TIE_BREAK_FIGURE_NEEDED': {
      const { field, what } = figureOf(problem.tieBreak);
      const how =
        field === 'targetFirst'
          ? '0 = the player who moved first, 1 = the other'
          : 'one number a player, the player who moved first first';
      return new Unprocessable(
        'TIE_BREAK_FIGURE_NEEDED',
        `the scores are equal (${problem.scores.join('–')}) and ${ruleSet.name} then decides by ${what}: give "${field}" (${how})`,
        {
          rules: problem.rules,
          tieBreak: problem.tieBreak,
          field,
          scores: problem.scores,
        } satisfies ErrorDetails['TIE_BREAK_FIGURE_NEEDED'],
      );
    }
    case 'TIE_BREAK_FIGURE_UNUSED': {
      const { field, what } = figureOf(problem.tieBreak);
      return new Unprocessable(
        'TIE_BREAK_FIGURE_UNUSED',
        `${ruleSet.name} decides no tie by ${what}: leave out "${field}"`,
        {
          rules: problem.rules,
          tieBreak: problem.tieBreak,
          field,
        } satisfies ErrorDetails['TIE_BREAK_FIGURE_UNUSED'],
      );
    }
    case 'CLOCK_ABOVE_START': {
      const clock = formatClock(problem.remaining);
      const start = formatClock(problem.start);
      return new Unprocessable(
        'CLOCK_ABOVE_START',
        `the ${WINNER[problem.player]} player's remaining time ${clock} is more than the ${start} each player of ${ruleSet.name} starts with: check the clock`,
        { player: problem.player, clock, start } satisfies ErrorDetails['CLOCK_ABOVE_START'],
      );
    }
  }
}

/** The result the engine computed from a score sheet. */
export function figuresFromReport(report: VerificationReport): ResultFigures {
  const [a, b] = report.players;
  const { winner, reason } = report.result;
  return {
    scores: [a.final, b.final],
    remaining: [a.remainingSeconds, b.remainingSeconds],
    timeLoss: reason === 'time-expired' && winner !== null ? (winner === 0 ? 1 : 0) : null,
    winner: winner === null ? 'draw' : WINNER[winner],
    cards: a.cards !== undefined && b.cards !== undefined ? [a.cards, b.cards] : null,
  };
}

/** What a typed result says differently from the verified sheet, in words; empty when they agree. */
export function contradictions(typed: ResultFigures, sheet: ResultFigures): string[] {
  const out: string[] = [];
  if (typed.scores[0] !== sheet.scores[0] || typed.scores[1] !== sheet.scores[1]) {
    out.push(
      `final scores ${typed.scores.join('–')} but the verified sheet gives ${sheet.scores.join('–')}`,
    );
  }
  if (typed.winner !== sheet.winner) {
    out.push(`winner ${typed.winner} but the verified sheet gives ${sheet.winner}`);
  }
  if (
    typed.cards &&
    sheet.cards &&
    (typed.cards[0] !== sheet.cards[0] || typed.cards[1] !== sheet.cards[1])
  ) {
    out.push(
      `cards ${typed.cards.join('–')} but the verified sheet gives ${sheet.cards.join('–')}`,
    );
  }
  if (typed.timeLoss !== sheet.timeLoss) {
    const who = (t: 0 | 1 | null) =>
      t === null ? 'no time loss' : `a time loss by the ${WINNER[t]} player`;
    out.push(`${who(typed.timeLoss)} but the verified sheet has ${who(sheet.timeLoss)}`);
  }
  return out;
}
