import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Person } from './person.entity';

export class PersonView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) club: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'SRB' }) country: string | null;
  @ApiProperty({ type: String, nullable: true }) federationId: string | null;
  @ApiProperty({ description: 'counts its changes; PATCH sends it back in If-Match' })
  version: number;
}

export const personView = (p: Person): PersonView => ({
  id: p.id,
  name: p.name,
  club: p.club,
  country: p.country,
  federationId: p.federationId,
  version: p.version,
});

/** One tournament the person played in. */
export class PersonEventView {
  @ApiProperty() tournamentId: number;
  @ApiProperty() tournament: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-25' }) startsOn: string | null;
  @ApiProperty() divisionId: number;
  @ApiProperty() division: string;
  @ApiProperty({ description: 'game family of the division (ratings are kept per family)' })
  family: string;
  @ApiProperty({ description: "the tournament's player" }) playerId: number;
  @ApiProperty({ description: 'the name as registered there' }) name: string;
  @ApiProperty() wins: number;
  @ApiProperty() draws: number;
  @ApiProperty() losses: number;
  @ApiPropertyOptional({
    type: [Number],
    example: [1, 0, 2, 0],
    description:
      'a division played at tables of more than two: how often the player finished 1st, 2nd, … (wins, draws and losses stay 0)',
  })
  places?: number[];
}

/** Another player at the person's table. */
export class PersonTableMateView {
  @ApiProperty({ description: '1 moves first' }) seat: number;
  @ApiProperty() playerId: number;
  @ApiProperty({ type: Number, nullable: true }) personId: number | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: Number, nullable: true }) place: number | null;
}

/** The person's seat at a table of more than two. */
export class PersonTableView {
  @ApiProperty({ description: '1 moves first' }) seat: number;
  @ApiProperty({ description: 'seats at the table' }) seats: number;
  @ApiProperty({ type: Number, nullable: true, description: '1 first; null while playing' })
  place: number | null;
  @ApiProperty({ type: [PersonTableMateView], description: 'in turn order' })
  others: PersonTableMateView[];
}

/** One game of the person, in any tournament. */
export class PersonGameView {
  @ApiProperty() gameId: number;
  @ApiProperty() tournamentId: number;
  @ApiProperty() divisionId: number;
  @ApiProperty() round: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null for a bye' })
  opponentPlayerId: number | null;
  @ApiProperty({ type: Number, nullable: true }) opponentPersonId: number | null;
  @ApiProperty({ type: String, nullable: true }) opponent: string | null;
  @ApiProperty({
    enum: ['win', 'draw', 'loss', 'bye', 'pending', 'placed'],
    description: '`placed`: a table of more than two with its result (`table.place` says it)',
  })
  outcome: 'win' | 'draw' | 'loss' | 'bye' | 'pending' | 'placed';
  @ApiProperty({ description: 'a forfeit (single or double), not played' }) forfeit: boolean;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: Number, nullable: true }) opponentScore: number | null;
  @ApiPropertyOptional({
    type: PersonTableView,
    description: 'a table of more than two: the seat, place and the others (no opponent then)',
  })
  table?: PersonTableView;
}

export class PersonDetailView extends PersonView {
  @ApiProperty({ type: [PersonEventView], description: 'in date order' })
  events: PersonEventView[];
  @ApiProperty({ type: [PersonGameView], description: 'in date order, then by round' })
  games: PersonGameView[];
}
