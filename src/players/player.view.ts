import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Player } from './player.entity';

/** A player named in an answer. */
export class PlayerRefView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

export class PlayerView {
  @ApiProperty() id: number;
  @ApiProperty() divisionId: number;
  @ApiProperty({ type: Number, nullable: true, description: 'the person of the registry' })
  personId: number | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) club: string | null;
  @ApiProperty({ type: Number, nullable: true }) rating: number | null;
  @ApiProperty({ description: '1 = top seed' }) seed: number;
  @ApiProperty({ description: 'false once withdrawn: never paired again' }) active: boolean;
  @ApiProperty({ description: 'first round the player can be paired in' }) joinedRound: number;
  @ApiProperty({
    type: [Number],
    description: 'rounds the player is marked absent for: not paired in them, no bye',
  })
  absentRounds: number[];
  @ApiProperty({ description: 'counts its changes; PATCH sends it back in If-Match' })
  version: number;
  @ApiPropertyOptional({
    type: [PlayerRefView],
    description:
      'only in the answer to a registration: players of the division whose names look the same (another script, accents, look-alike letters), registered already; check that nobody is registered twice',
  })
  lookAlikes?: PlayerRefView[];
}

export const playerView = (p: Player, absentRounds: number[] = []): PlayerView => ({
  id: p.id,
  divisionId: p.divisionId,
  personId: p.personId,
  name: p.name,
  club: p.club,
  rating: p.rating,
  seed: p.seed,
  active: p.active,
  joinedRound: p.joinedRound,
  absentRounds: [...absentRounds].sort((a, b) => a - b),
  version: p.version,
});
