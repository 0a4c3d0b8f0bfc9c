import { BadInput, DomainError, ErrorDetails, Unprocessable } from '../common/errors';
import { formatClock, RuleSet } from '../engine';
import type { GameStatus, ResultSource } from '../rounds/game-kinds';
import type { TablePlaceProblem } from './table-places';

/** A table's result as its history keeps it: seats in turn order, never database ids. */
export interface TableSnapshot {
  status: GameStatus;
  source: ResultSource | null;
  seats: {
    score: number | null;
    remaining: string | null;
    cards: number | null;
    place: number | null;
  }[];
}

/** What a table's snapshot reads of one of its seats. */
interface SeatFigures {
  score: number | null;
  /** Seconds. */
  remaining: number | null;
  cards: number | null;
  place: number | null;
}

export function tableSnapshot(
  game: { status: GameStatus; resultSource: ResultSource | null },
  seats: readonly SeatFigures[],
): TableSnapshot {
  return {
    status: game.status,
    source: game.status === 'pending' ? null : game.resultSource,
    seats: seats.map((s) => ({
      score: s.score,
      remaining: s.remaining === null ? null : formatClock(s.remaining),
      cards: s.cards,
      place: s.place,
    })),
  };
}

/** A table's result in a few words for a message: `212 : 187 : 164 (places 1, 2, 3)`. */
export function tableInWords(snap: TableSnapshot): string {
  if (snap.status !== 'complete') return 'none';
  return `${snap.seats.map((s) => s.score ?? '?').join(' : ')} (places ${snap.seats.map((s) => s.place ?? '?').join(', ')})`;
}

/** What a table's figures lack or get wrong, as a 400 or 422 naming the field and the seats. */
export function tableRefusal(ruleSet: RuleSet, p: TablePlaceProblem): DomainError {
  const seatNames = (seats: number[]) => seats.map((s) => `seat ${s + 1}`).join(', ');
  switch (p.code) {
    case 'FIGURE_COUNT':
      return new BadInput(
        'FIGURE_COUNT',
        `${p.field}: the table has ${p.expected} seats, so ${p.expected} figures in turn order, not ${p.got}`,
        p,
      );
    case 'CLOCKS_NEEDED':
      return new BadInput(
        'CLOCKS_NEEDED',
        `clocks: ${ruleSet.name} is played on a clock; type each seat's remaining time (mm:ss)`,
        p,
      );
    case 'NO_GAME_CLOCK':
      return new BadInput(
        'NO_GAME_CLOCK',
        `clocks: ${ruleSet.name} has no game clock; leave the clocks out`,
        p,
      );
    case 'FIGURE_UNUSED':
      return new BadInput(
        'FIGURE_UNUSED',
        `${p.field}: ${ruleSet.name} does not place seats by ${p.field === 'cards' ? 'cards' : 'who reached the target first'}; leave it out`,
        p,
      );
    case 'SEAT_OUT_OF_RANGE':
      return new BadInput(
        'SEAT_OUT_OF_RANGE',
        `${p.field}: the table has seats 0 to ${p.seats - 1} (0 = seat 1), not ${p.got}`,
        p,
      );
    case 'CLOCK_ABOVE_START': {
      const clock = formatClock(p.remaining);
      const start = formatClock(p.start);
      return new Unprocessable(
        'CLOCK_ABOVE_START',
        `clocks: seat ${p.player + 1}'s remaining time ${clock} is more than the ${start} each player of ${ruleSet.name} starts with: check the clock`,
        { player: p.player, clock, start } satisfies ErrorDetails['CLOCK_ABOVE_START'],
      );
    }
    case 'FIGURE_NEEDED':
      return new Unprocessable(
        'TIE_BREAK_FIGURE_NEEDED',
        p.field === 'cards'
          ? `cards: ${seatNames(p.seats)} have equal scores, and ${ruleSet.name} places them by the cards taken; type each seat's cards`
          : `targetFirst: ${seatNames(p.seats)} have equal scores at or past the target; say which seat reached it first`,
        p satisfies ErrorDetails['TIE_BREAK_FIGURE_NEEDED'],
      );
  }
}
