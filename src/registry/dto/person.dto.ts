import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { IsName } from '../../common/api/text';
import { PERSON_LIMITS } from '../person-limits';
import { COUNTRY, FEDERATION_ID } from '../persons';

/** A person's own fields; a new person needs a name. */
export class PersonDto {
  @ApiPropertyOptional({ example: 'Ana Petrović', maxLength: PERSON_LIMITS.name })
  @ValidateIf((o: PersonDto) => o.name !== undefined)
  @IsName(PERSON_LIMITS.name)
  name?: string;

  @ApiPropertyOptional({ example: 'ŠK Vračar', nullable: true, description: 'null clears it' })
  @IsOptional()
  @IsName(PERSON_LIMITS.club, 0)
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

/** A person to merge into: the same person, registered twice. */
export class MergePersonDto {
  @ApiProperty({ example: 12, description: 'the person who stays' })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  into: number;

  @ApiPropertyOptional({
    description:
      'true to merge; without it, 409 CONFIRMATION_NEEDED says how many players and which tournaments move',
  })
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}
