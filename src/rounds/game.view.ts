import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PAIRING_SYSTEMS } from '../tournaments/systems';
import type { PairingSystem } from '../tournaments/systems';
import { absentOf, resultKindOf, resultSnapshot } from './game-facts';
import type { ResultKindView } from './game-facts';
import type { Winner } from './game-kinds';
import type { GameRow, SeatRow } from './game-rows';
import { formatClock } from '../engine';

export class GamePlayerView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() seed: number;
}

export class GameResultView {
  @ApiProperty({
    enum: ['played', 'bye', 'forfeit', 'double-forfeit'],
    description:
      'a game played, a bye, a single forfeit (`absent` did not come) or a double forfeit (both lose)',
  })
  kind: ResultKindView;
  @ApiProperty({
    enum: [0, 1],
    nullable: true,
    description: 'a single forfeit: who did not come (0 = first, 1 = second); else null',
  })
  absent: 0 | 1 | null;
  @ApiProperty({
    enum: ['first', 'second', 'draw', 'none'],
    description: '`none`: a double forfeit, which both lose',
  })
  winner: Winner;
  @ApiProperty({
    enum: ['score', 'time-tiebreak', 'time-expired', 'draw', 'bye', 'forfeit', 'double-forfeit'],
  })
  reason: string;
  @ApiProperty({
    type: [Number],
    nullable: true,
    description:
      'final scores, first player first; a bye: the bye spread and 0; a forfeit: null (nothing was played)',
  })
  scores: number[] | null;
  @ApiProperty({
    type: [String],
    nullable: true,
    example: ['03:24', '00:45'],
    description: 'remaining clocks after penalties (mm:ss)',
  })
  remaining: string[] | null;
  @ApiProperty({
    enum: [0, 1],
    nullable: true,
    description: 'who lost on time: 0 = first, 1 = second',
  })
  timeLoss: 0 | 1 | null;
  @ApiProperty({ enum: ['result', 'scoresheet', 'bye'] }) source: string;
  @ApiPropertyOptional({
    type: [Number],
    example: [13, 14],
    description: 'card games (Quivit): the cards each player took, first player first, when known',
  })
  cards?: number[];
}

export class SheetSummaryView {
  @ApiProperty({ description: "the engine's verdict: true when the sheet agrees with the rules" })
  ok: boolean | null;
}

export class SeatView {
  @ApiProperty({ description: '1 moves first, then 2, …' }) seat: number;
  @ApiProperty({ type: GamePlayerView }) player: GamePlayerView;
  @ApiProperty({ type: Number, nullable: true, description: 'final score; null while pending' })
  score: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '03:24',
    description: 'remaining clock after penalties (mm:ss); null for a card game or while pending',
  })
  remaining: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'cards taken (Quivit)' })
  cards: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'place at the table, 1 first; seats equal on everything share it',
  })
  place: number | null;
}

export class GameView {
  @ApiProperty() id: number;
  @ApiProperty() divisionId: number;
  @ApiProperty({ description: 'round number' }) round: number;
  @ApiProperty() table: number;
  @ApiProperty({ enum: ['pending', 'complete', 'bye'] }) status: string;
  @ApiProperty({ type: GamePlayerView, description: 'moves first' }) first: GamePlayerView;
  @ApiProperty({ type: GamePlayerView, nullable: true, description: 'null for a bye' })
  second: GamePlayerView | null;
  @ApiProperty({ type: GameResultView, nullable: true }) result: GameResultView | null;
  @ApiProperty({ type: SheetSummaryView, nullable: true }) scoresheet: SheetSummaryView | null;
  @ApiPropertyOptional({
    type: [SeatView],
    description:
      'a game at a table of more than two: every seat in turn order with its figures and place (`first` and `second` are seats 1 and 2; `result` is null, the places say it)',
  })
  seats?: SeatView[];
  @ApiProperty({ description: 'send it back in If-Match to change the result' }) version: number;
}

export class NotPairedView {
  @ApiProperty({ type: GamePlayerView }) player: GamePlayerView;
  @ApiProperty({
    enum: ['absent', 'withdrawn'],
    description: '`absent`: marked absent for the round; `withdrawn`: withdrawn when it was paired',
  })
  reason: 'absent' | 'withdrawn';
}

export class RoundView {
  @ApiProperty() id: number;
  @ApiProperty() divisionId: number;
  @ApiProperty() number: number;
  @ApiProperty({ enum: PAIRING_SYSTEMS }) system: PairingSystem;
  @ApiProperty({ type: [String], description: "the pairing program's remarks" }) notes: string[];
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'the round whose standings it was paired from (0: by seed, before any); null for a system that ranks by no standings (round robin, random, seeded, by hand)',
  })
  basedOn: number | null;
  @ApiProperty({ description: 'games still without a result' }) pending: number;
  @ApiProperty({ type: [GameView] }) games: GameView[];
  @ApiProperty({
    type: [NotPairedView],
    description: 'players of the division (joined by the round) not paired in it, and why; no bye',
  })
  notPaired: NotPairedView[];
}

/** What a game's view shows of a player. */
type PlayerNamed = { readonly name: string; readonly seed: number };

const playerRef = (p: PlayerNamed | undefined, id: number): GamePlayerView => ({
  id,
  name: p?.name ?? `#${id}`,
  seed: p?.seed ?? 0,
});

export function gameView(
  g: GameRow,
  round: { number: number; divisionId: number },
  players: ReadonlyMap<number, PlayerNamed>,
  sheet: { ok: boolean | null } | null,
  seats?: readonly SeatRow[],
): GameView {
  const snap = resultSnapshot(g);
  const table =
    seats && seats.length > 0
      ? {
          seats: seats.map((s) => ({
            seat: s.seat,
            player: playerRef(players.get(s.playerId), s.playerId),
            score: s.score,
            remaining: s.remaining === null ? null : formatClock(s.remaining),
            cards: s.cards,
            place: s.place,
          })),
        }
      : {};
  return {
    id: g.id,
    divisionId: round.divisionId,
    round: round.number,
    table: g.tableNumber,
    status: g.status,
    first: playerRef(players.get(g.firstPlayerId), g.firstPlayerId),
    second:
      g.secondPlayerId === null ? null : playerRef(players.get(g.secondPlayerId), g.secondPlayerId),
    result:
      snap.winner === null
        ? null
        : {
            kind: resultKindOf(g)!,
            absent: absentOf(g),
            winner: snap.winner,
            reason: snap.reason!,
            scores: snap.scores,
            remaining: snap.remaining,
            timeLoss: snap.timeLoss,
            source: snap.source!,
            ...(g.firstCards !== null && g.secondCards !== null
              ? { cards: [g.firstCards, g.secondCards] }
              : {}),
          },
    scoresheet: sheet ? { ok: sheet.ok } : null,
    ...table,
    version: g.version,
  };
}
