import { Unprocessable } from '../common/errors';
import type { VerificationReport } from '../engine';
import type { Winner } from '../rounds/game.entity';

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
 * The result of typed figures, by the rules' order: a time loss decides; else
 * the higher score; else more remaining time; else a draw. Without `timeLoss`,
 * a clock at or below zero is a time loss; two such clocks need `timeLoss`.
 */
export function decideTyped(
  scores: [number, number],
  remaining: [number, number],
  timeLoss: 0 | 1 | undefined,
): ResultFigures {
  const expired = [0, 1].filter((i) => remaining[i] <= 0) as (0 | 1)[];
  let loser: 0 | 1 | null = timeLoss ?? null;
  if (loser === null && expired.length === 1) loser = expired[0];
  if (loser === null && expired.length === 2) {
    throw new Unprocessable(
      'TIME_LOSS_UNCLEAR',
      'both clocks are at or below 00:00: say who ran out first with "timeLoss" (0 = first player, 1 = second)',
    );
  }
  if (loser !== null && expired.length === 1 && expired[0] !== loser) {
    throw new Unprocessable(
      'TIME_LOSS_UNCLEAR',
      `timeLoss names the ${WINNER[loser]} player, but only the ${WINNER[expired[0]]} player's clock is at or below 00:00`,
    );
  }
  let winner: Winner;
  if (loser !== null) winner = WINNER[1 - loser];
  else if (scores[0] !== scores[1]) winner = scores[0] > scores[1] ? 'first' : 'second';
  else if (remaining[0] !== remaining[1]) winner = remaining[0] > remaining[1] ? 'first' : 'second';
  else winner = 'draw';
  return { scores, remaining, timeLoss: loser, winner, cards: null };
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
  if (typed.timeLoss !== sheet.timeLoss) {
    const who = (t: 0 | 1 | null) =>
      t === null ? 'no time loss' : `a time loss by the ${WINNER[t]} player`;
    out.push(`${who(typed.timeLoss)} but the verified sheet has ${who(sheet.timeLoss)}`);
  }
  return out;
}
