import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsName } from '../../common/api/text';
import { FEDERATION_ID, PERSON_LIMITS } from '../../registry/person-limits';
import { EMAIL } from '../entry-forms';

/** A player's entry through the API (the public page posts the same fields as a form). */
export class EnterDto {
  @ApiProperty({ example: 'Ana Petrović', maxLength: PERSON_LIMITS.name })
  @IsName(PERSON_LIMITS.name)
  name: string;

  @ApiPropertyOptional({ example: 'ŠK Vračar', nullable: true })
  @IsOptional()
  @IsName(PERSON_LIMITS.club, 0)
  club?: string | null;

  @ApiPropertyOptional({ example: '941204', nullable: true })
  @IsOptional()
  @Matches(FEDERATION_ID, { message: 'federationId must be 1 to 20 letters, digits or dashes' })
  federationId?: string | null;

  @ApiPropertyOptional({ example: 12, nullable: true, description: 'a person of the registry' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  person?: number | null;

  @ApiProperty({ example: 'ana@example.org', maxLength: 254 })
  @MaxLength(254)
  @Matches(EMAIL, { message: 'email must be an e-mail address (ana@example.org)' })
  email: string;

  @ApiProperty({ example: 3, description: 'a division of the tournament that takes entries' })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  divisionId: number;
}
