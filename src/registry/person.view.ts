import { ApiProperty } from '@nestjs/swagger';
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
  @ApiProperty({ enum: ['win', 'draw', 'loss', 'bye', 'pending'] })
  outcome: 'win' | 'draw' | 'loss' | 'bye' | 'pending';
  @ApiProperty({ description: 'a forfeit (single or double), not played' }) forfeit: boolean;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: Number, nullable: true }) opponentScore: number | null;
}

export class PersonDetailView extends PersonView {
  @ApiProperty({ type: [PersonEventView], description: 'in date order' })
  events: PersonEventView[];
  @ApiProperty({ type: [PersonGameView], description: 'in date order, then by round' })
  games: PersonGameView[];
}
