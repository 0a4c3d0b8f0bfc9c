import { ApiProperty } from '@nestjs/swagger';

/** A result at one moment, as history keeps it (positions, not ids). */
export class ResultSnapshotView {
  @ApiProperty({ enum: ['pending', 'complete', 'bye'] }) status: string;
  @ApiProperty({ enum: ['first', 'second', 'draw', 'none'], nullable: true }) winner: string | null;
  @ApiProperty({
    enum: ['score', 'time-tiebreak', 'time-expired', 'draw', 'bye', 'forfeit', 'double-forfeit'],
    nullable: true,
  })
  reason: string | null;
  @ApiProperty({ type: [Number], nullable: true }) scores: number[] | null;
  @ApiProperty({ type: [String], nullable: true }) remaining: string[] | null;
  @ApiProperty({ enum: [0, 1], nullable: true }) timeLoss: 0 | 1 | null;
  @ApiProperty({ enum: ['result', 'scoresheet', 'bye'], nullable: true }) source: string | null;
}
