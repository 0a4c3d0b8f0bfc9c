import { ApiProperty } from '@nestjs/swagger';
import { ResultSnapshotView } from './snapshot.view';

export class HistoryAuthorView {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'the account, if it still exists here',
  })
  userId: number | null;
  @ApiProperty() name: string;
}

export class HistoryEntryView {
  @ApiProperty() at: Date;
  @ApiProperty({
    enum: ['result', 'correction', 'scoresheet', 'scoresheet-removed', 'result-cleared'],
  })
  action: string;
  @ApiProperty({ type: HistoryAuthorView, nullable: true }) by: HistoryAuthorView | null;
  @ApiProperty({ type: ResultSnapshotView }) before: ResultSnapshotView;
  @ApiProperty({ type: ResultSnapshotView }) after: ResultSnapshotView;
}

export class ScoreSheetView {
  @ApiProperty() gameId: number;
  @ApiProperty({ description: 'the score-sheet JSON exactly as it was sent' }) text: string;
  @ApiProperty({
    description: "the engine's verification report",
    type: 'object',
    additionalProperties: true,
  })
  report: unknown;
  @ApiProperty({ type: Boolean, nullable: true }) ok: boolean | null;
  @ApiProperty() updatedAt: Date;
}
