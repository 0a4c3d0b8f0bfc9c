import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LOG_ACTIONS } from './director-log';

export class LogQueryDto {
  @ApiPropertyOptional({ description: "only this division's entries (a division id)" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  division?: number;

  @ApiPropertyOptional({
    description: 'entries older than this one (an entry id: the `older` of the previous page)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  before?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, description: 'entries a page (100)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class LogAuthorView {
  @ApiProperty({ type: Number, nullable: true, description: 'the account, if it is still there' })
  userId: number | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
}

export class LogEntryView {
  @ApiProperty() id: number;
  @ApiProperty() at: Date;
  @ApiProperty({ enum: LOG_ACTIONS }) action: string;
  @ApiProperty({ type: LogAuthorView, nullable: true }) by: LogAuthorView | null;
  @ApiProperty({ type: String, nullable: true, description: 'why nobody is named' })
  note: string | null;
  @ApiProperty({ type: Number, nullable: true }) divisionId: number | null;
  @ApiProperty({ type: String, nullable: true }) division: string | null;
  @ApiProperty({ type: Number, nullable: true }) playerId: number | null;
  @ApiProperty({ type: String, nullable: true }) player: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'the game, while it exists (a removed round takes its games)',
  })
  gameId: number | null;
  @ApiProperty({
    type: [String],
    nullable: true,
    description:
      "the game's players, first first (the second null for a bye; every seat at a table of more than two)",
  })
  players: (string | null)[] | null;
  @ApiProperty({ type: Number, nullable: true }) round: number | null;
  @ApiProperty({ type: Number, nullable: true }) table: number | null;
  @ApiProperty({ type: Object, nullable: true, description: 'what changed, before' })
  before: Record<string, unknown> | null;
  @ApiProperty({ type: Object, nullable: true, description: 'what changed, after' })
  after: Record<string, unknown> | null;
}

export class LogPageView {
  @ApiProperty({ type: [LogEntryView], description: 'newest first' })
  entries: LogEntryView[];
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'pass as `before` for the older entries; null when there are none',
  })
  older: number | null;
}
