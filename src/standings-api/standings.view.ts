import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class StandingsQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description: 'standings after this round (default: the last round paired; 0 = before round 1)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100000)
  round?: number;
}

export class StandingsRowView {
  @ApiProperty({ description: 'players equal on points and every tie-break share a rank' })
  rank: number;
  @ApiProperty() playerId: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) club: string | null;
  @ApiProperty() seed: number;
  @ApiProperty({ description: 'false once withdrawn' }) active: boolean;
  @ApiProperty({ description: 'game points: win 1, draw ½, bye 1' }) points: number;
  @ApiProperty() wins: number;
  @ApiProperty() draws: number;
  @ApiProperty() losses: number;
  @ApiProperty() byes: number;
  @ApiProperty({ description: 'games won because the opponent did not come (counted in wins)' })
  forfeitWins: number;
  @ApiProperty({ description: 'games lost by forfeit, single or double (counted in losses)' })
  forfeitLosses: number;
  @ApiProperty({
    description: 'rounds up to `round` the player was marked absent for: not paired, no bye',
  })
  absences: number;
  @ApiProperty({ description: 'games with a result (forfeits included), byes aside' })
  gamesPlayed: number;
  @ApiProperty({
    description:
      'Σ own score − opponent score, plus the bye spread per bye and ± the forfeit spread per single forfeit',
  })
  spread: number;
  @ApiProperty({ description: 'Σ seconds left on the clock after penalties' })
  remainingSeconds: number;
  @ApiProperty({ example: '83:20', description: 'the same as mm:ss' }) remaining: string;
  @ApiProperty() totalScore: number;
  @ApiProperty({ description: 'cards taken (card games)' }) cards: number;
  @ApiProperty() buchholz: number;
  @ApiProperty() headToHead: number;
  @ApiPropertyOptional({
    type: [Number],
    example: [2, 1, 0, 1],
    description:
      'a division played at tables: how often the player finished 1st, 2nd, … (there `wins` counts first places, `spread` is the spread against the table average, `gamesPlayed` the tables)',
  })
  places?: number[];
  @ApiProperty({
    type: [Number],
    description: 'the value of each tie-break, in the order of `tieBreaks`',
  })
  tieBreakValues: number[];
}

export class StandingsView {
  @ApiProperty() divisionId: number;
  @ApiProperty() tournamentId: number;
  @ApiProperty({ description: 'standings after this round' }) round: number;
  @ApiProperty() roundsPaired: number;
  @ApiProperty({ description: 'games of rounds up to `round` still without a result' })
  pendingGames: number;
  @ApiProperty({
    type: [String],
    example: ['spread', 'remaining-time', 'seed'],
    description: 'after game points, in order',
  })
  tieBreaks: string[];
  @ApiPropertyOptional({
    description:
      'seats a table, when more than two: points are match points by place (docs/pairing.md)',
  })
  tableSize?: number;
  @ApiProperty({ type: [StandingsRowView] }) rows: StandingsRowView[];
}
