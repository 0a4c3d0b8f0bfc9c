import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsName } from '../../common/api/text';
import { COUNTRY, FEDERATION_ID } from '../../registry/persons';
import { PLAYER_LIMITS } from '../player-limits';

export class CreatePlayerDto {
  @ApiPropertyOptional({
    example: 'Ana Petrović',
    maxLength: PLAYER_LIMITS.name,
    description: "as written on score sheets (default: the chosen person's name)",
  })
  @ValidateIf(
    (o: CreatePlayerDto) => o.person === undefined || o.person === null || o.name !== undefined,
  )
  @IsName(PLAYER_LIMITS.name)
  name?: string;

  @ApiPropertyOptional({
    example: 12,
    nullable: true,
    description:
      'the person of the registry who plays (GET /api/persons?q=…). Without it the person is found by federationId, ' +
      'then by exactly this name (409 PERSON_AMBIGUOUS when several have it), else made new',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  person?: number | null;

  @ApiPropertyOptional({
    description: 'a new person of the registry even when the name matches one',
  })
  @IsOptional()
  @IsBoolean()
  newPerson?: boolean;

  @ApiPropertyOptional({
    example: 'SRB',
    nullable: true,
    description: "the person's country (2–3 capitals)",
  })
  @IsOptional()
  @Matches(COUNTRY, { message: 'country must be two or three capital letters (SRB, CRO)' })
  country?: string | null;

  @ApiPropertyOptional({
    example: '941204',
    nullable: true,
    description: "the person's federation id",
  })
  @IsOptional()
  @Matches(FEDERATION_ID, { message: 'federationId must be 1 to 20 letters, digits or dashes' })
  federationId?: string | null;

  @ApiPropertyOptional({ example: 'ŠK Vračar', maxLength: PLAYER_LIMITS.name, nullable: true })
  @IsOptional()
  @IsName(PLAYER_LIMITS.club, 0)
  club?: string | null;

  @ApiPropertyOptional({ example: 1650, minimum: 0, maximum: PLAYER_LIMITS.rating, nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(PLAYER_LIMITS.rating)
  rating?: number | null;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: PLAYER_LIMITS.seed,
    description: 'seed number, 1 = top seed (default: after everyone registered so far)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(PLAYER_LIMITS.seed)
  seed?: number;
}

export class UpdatePlayerDto {
  @ApiPropertyOptional({ maxLength: PLAYER_LIMITS.name })
  @ValidateIf((o: UpdatePlayerDto) => o.name !== undefined)
  @IsName(PLAYER_LIMITS.name)
  name?: string;

  @ApiPropertyOptional({
    maxLength: PLAYER_LIMITS.name,
    nullable: true,
    description: 'null clears it',
  })
  @IsOptional()
  @IsName(PLAYER_LIMITS.club, 0)
  club?: string | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: PLAYER_LIMITS.rating,
    nullable: true,
    description: 'null clears it',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(PLAYER_LIMITS.rating)
  rating?: number | null;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: PLAYER_LIMITS.seed,
    description: 'only before round 1 is paired',
  })
  @ValidateIf((o: UpdatePlayerDto) => o.seed !== undefined)
  @IsInt()
  @Min(1)
  @Max(PLAYER_LIMITS.seed)
  seed?: number;
}

/** Seeds 1…n: in the order of `playerIds`, or by rating. */
export class SeedsDto {
  @ApiPropertyOptional({
    type: [Number],
    description: 'every player of the division, top seed first',
  })
  @ValidateIf((o: SeedsDto) => o.by === undefined || o.playerIds !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  playerIds?: number[];

  @ApiPropertyOptional({
    enum: ['rating'],
    description:
      'rating: highest first; equal ratings, then players without a rating, in the order of their names',
  })
  @ValidateIf((o: SeedsDto) => o.playerIds === undefined || o.by !== undefined)
  @IsIn(['rating'])
  by?: 'rating';

  @ApiPropertyOptional({
    description:
      'true to change seeds once round 1 is paired (without it, 409 CONFIRMATION_NEEDED lists each seed that would move)',
  })
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}

/** A round a player will miss: not paired in it, and no bye. */
export class AbsenceDto {
  @ApiProperty({
    minimum: 1,
    maximum: 100,
    example: 3,
    description: 'a round of the division not yet paired',
  })
  @IsInt()
  @Min(1)
  @Max(100)
  round: number;
}

/** A removal to undo: the `player.removed` entry of a tournament's director's log. */
export class RestorePlayerDto {
  @ApiProperty({ description: 'the tournament whose log holds the removal', example: 1 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  tournament: number;

  @ApiProperty({ description: 'the id of its `player.removed` log entry', example: 42 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  logEntry: number;
}
