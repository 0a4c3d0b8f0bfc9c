import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches, ValidateIf } from 'class-validator';
import { IsName } from '../../common/api/text';
import { PLAYER_LIMITS } from '../../players/player-limits';
import { COUNTRY, FEDERATION_ID } from '../persons';

/** A person's own fields; a new person needs a name. */
export class PersonDto {
  @ApiPropertyOptional({ example: 'Ana Petrović', maxLength: PLAYER_LIMITS.name })
  @ValidateIf((o: PersonDto) => o.name !== undefined)
  @IsName(PLAYER_LIMITS.name)
  name?: string;

  @ApiPropertyOptional({ example: 'ŠK Vračar', nullable: true, description: 'null clears it' })
  @IsOptional()
  @IsName(PLAYER_LIMITS.club, 0)
  club?: string | null;

  @ApiPropertyOptional({
    example: 'SRB',
    nullable: true,
    description: '2–3 capitals; null clears it',
  })
  @IsOptional()
  @Matches(COUNTRY, { message: 'country must be two or three capital letters (SRB, CRO)' })
  country?: string | null;

  @ApiPropertyOptional({ example: '941204', nullable: true, description: 'unique; null clears it' })
  @IsOptional()
  @Matches(FEDERATION_ID, { message: 'federationId must be 1 to 20 letters, digits or dashes' })
  federationId?: string | null;
}
