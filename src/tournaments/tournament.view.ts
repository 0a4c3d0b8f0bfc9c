import { ApiProperty } from '@nestjs/swagger';
import { PAIRING_SYSTEMS, PairingSystem, TIE_BREAKS, TieBreak } from './systems';

export class DivisionView {
  @ApiProperty() id: number;
  @ApiProperty() tournamentId: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'players registered, withdrawn ones included' }) players: number;
  @ApiProperty({ description: 'players still in the event' }) activePlayers: number;
  @ApiProperty({ description: 'rounds paired so far' }) roundsPaired: number;
  @ApiProperty({ example: 'kvizovka' }) ruleSet: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) options: Record<string, unknown>;
  @ApiProperty({ description: 'rounds planned' }) rounds: number;
  @ApiProperty({ enum: PAIRING_SYSTEMS, isArray: true }) pairingPlan: PairingSystem[];
  @ApiProperty({ enum: TIE_BREAKS, isArray: true }) tieBreaks: TieBreak[];
  @ApiProperty() byeSpread: number;
  @ApiProperty({ description: 'spread a single forfeit counts for, either way' })
  forfeitSpread: number;
  @ApiProperty({ type: Number, nullable: true, description: 'most spread a game counts for' })
  spreadCap: number | null;
  @ApiProperty() avoidSameClub: boolean;
  @ApiProperty() gibsonize: boolean;
  @ApiProperty() kothLastRounds: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'the most times two players may meet (1: never a rematch); null for no limit',
  })
  maxMeetings: number | null;
  @ApiProperty({
    minimum: 0,
    maximum: 2,
    description:
      'round N+1 is paired from the standings after round N minus this (0: after round N)',
  })
  pairingLag: number;
  @ApiProperty({ description: 'seats a table: 2 for pairs, 3 and more for games at tables' })
  tableSize: number;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: { type: 'array', items: { type: 'number' } },
    description:
      'match points of each place by table size; null: a point a player finished ahead of',
  })
  placePoints: Record<string, number[]> | null;
  @ApiProperty({
    description: 'counts changes of its name and settings; PATCH sends it back in If-Match',
  })
  version: number;
}

export class TournamentView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) place: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'YYYY-MM-DD' }) startDate:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'YYYY-MM-DD' }) endDate: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Europe/Belgrade',
    description:
      "the IANA time zone its pages show times of day and dates in; null: the server's (TIME_ZONE)",
  })
  timeZone: string | null;
  @ApiProperty({ example: 'kvizovka', description: 'the rule set a new division starts with' })
  ruleSet: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) options: Record<string, unknown>;
  @ApiProperty({ description: 'rounds planned (a new division starts with it)' }) rounds: number;
  @ApiProperty({ enum: PAIRING_SYSTEMS, isArray: true }) pairingPlan: PairingSystem[];
  @ApiProperty({ enum: TIE_BREAKS, isArray: true }) tieBreaks: TieBreak[];
  @ApiProperty() byeSpread: number;
  @ApiProperty({ description: 'spread a single forfeit counts for, either way' })
  forfeitSpread: number;
  @ApiProperty({ type: Number, nullable: true }) spreadCap: number | null;
  @ApiProperty() avoidSameClub: boolean;
  @ApiProperty() gibsonize: boolean;
  @ApiProperty() kothLastRounds: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'the most times two players may meet (1: never a rematch); null for no limit',
  })
  maxMeetings: number | null;
  @ApiProperty({
    minimum: 0,
    maximum: 2,
    description:
      'round N+1 is paired from the standings after round N minus this (0: after round N)',
  })
  pairingLag: number;
  @ApiProperty({ description: 'seats a table: 2 for pairs, 3 and more for games at tables' })
  tableSize: number;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: { type: 'array', items: { type: 'number' } },
    description:
      'match points of each place by table size; null: a point a player finished ahead of',
  })
  placePoints: Record<string, number[]> | null;
  @ApiProperty({ type: [DivisionView], description: 'each with its own settings' })
  divisions: DivisionView[];
  @ApiProperty() createdAt: Date;
  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'when the tournament was closed (results final and rated); null while open',
  })
  closedAt: Date | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'an imported copy: the name of the tournament its document was exported from; null for a tournament made here',
  })
  copyOf: string | null;
  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'when an imported copy was imported; null for a tournament made here',
  })
  importedAt: Date | null;
  @ApiProperty({ description: 'counts its changes; PATCH sends it back in If-Match' })
  version: number;
}

export class RuleSetView {
  @ApiProperty({ example: 'kvizovka' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'minutes on each clock' }) clockMinutes: number;
  @ApiProperty({ type: [String], description: 'options a tournament may set' }) options: string[];
}
