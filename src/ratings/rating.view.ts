import { ApiProperty } from '@nestjs/swagger';
import type { StartSource } from './elo';

/** One line of a rating report: what the tournament did to one person's rating. */
export class RatingLineView {
  @ApiProperty() personId: number;
  @ApiProperty({ type: Number, nullable: true, description: "the tournament's player" })
  playerId: number | null;
  @ApiProperty({ description: 'as registered in the tournament' }) name: string;
  @ApiProperty({ type: String, nullable: true }) division: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no rating before' })
  old: number | null;
  @ApiProperty({
    enum: ['list', 'registered', 'first'],
    description:
      'where `old` comes from: the rating list (imported, or earlier tournaments), the rating registered with the player, or none (a first rating)',
  })
  source: StartSource;
  @ApiProperty({ description: 'rated games in the tournament' }) games: number;
  @ApiProperty({ description: 'points in them (win 1, draw ½)' }) score: number;
  @ApiProperty({ type: Number, nullable: true, description: 'points expected from the old rating' })
  expected: number | null;
  @ApiProperty({ description: 'average opponent + 400 × (wins − losses) / games' })
  performance: number;
  @ApiProperty({ type: Number, nullable: true }) k: number | null;
  @ApiProperty({ description: 'K × (score − expected), before rounding' }) change: number;
  @ApiProperty() new: number;
  @ApiProperty({ description: 'rated games after the tournament' }) totalGames: number;
}

export class RatingFamilyReportView {
  @ApiProperty({ example: 'kvizovka' }) family: string;
  @ApiProperty({ type: [RatingLineView] }) lines: RatingLineView[];
}

export class RatingReportView {
  @ApiProperty() tournamentId: number;
  @ApiProperty() tournament: string;
  @ApiProperty({ type: String, nullable: true, description: 'the day it is rated on' })
  date: string | null;
  @ApiProperty({ type: Date, nullable: true, description: 'null: not closed, so not rated' })
  closedAt: Date | null;
  @ApiProperty({ type: [RatingFamilyReportView] }) families: RatingFamilyReportView[];
}

export class RatingListView {
  @ApiProperty() personId: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) club: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ type: String, nullable: true }) federationId: string | null;
  @ApiProperty() family: string;
  @ApiProperty() rating: number;
  @ApiProperty() games: number;
}
